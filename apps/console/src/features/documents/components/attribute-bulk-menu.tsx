import { Button, Menu } from '@mantine/core';
import { Link } from 'react-router';
import { ChevronDownIcon } from '../../../components/page/chevron-down-icon.tsx';

/** 「CSVで一括編集」: the entry from the document list to 書類情報の一括編集 and its history. */
export function AttributeBulkMenu() {
  return (
    // Not in a portal: the open menu stays inside the main landmark, next to its button.
    <Menu position="bottom-end" width={240} shadow="md" withinPortal={false}>
      <Menu.Target>
        <Button variant="default" rightSection={<ChevronDownIcon />}>
          CSVで一括編集
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/company/documents/attributes/bulk_edit/upload">
          書類情報の一括編集
        </Menu.Item>
        <Menu.Item component={Link} to="/company/documents/attributes/bulk_manipulations">
          一括編集の履歴
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
