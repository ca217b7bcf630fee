import { Button, Menu } from '@mantine/core';
import { Link } from 'react-router';
import { ChevronDownIcon } from '../../../components/page/chevron-down-icon.tsx';

/** Where the CSV flows start; the member-bulk pages' own sub-navigation lists the same five. */
export const MEMBER_BULK_ENTRIES = [
  { label: '一括追加', to: '/company/members/bulk_add/upload' },
  { label: '一括編集', to: '/company/members/bulk_edit/upload' },
  { label: '一括削除', to: '/company/members/bulk_delete/upload' },
  { label: 'エクスポート', to: '/company/members/export' },
  { label: '一括操作の履歴', to: '/company/members/bulk_manipulations' },
] as const;

/** 「CSVで一括操作」: the entry from the member list to every bulk page. */
export function MemberBulkMenu() {
  return (
    // Not in a portal: the open menu stays inside the main landmark, next to its button.
    <Menu position="bottom-end" width={220} shadow="md" withinPortal={false}>
      <Menu.Target>
        <Button variant="default" rightSection={<ChevronDownIcon />}>
          CSVで一括操作
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {MEMBER_BULK_ENTRIES.map((e, i) => [
          i === 3 ? <Menu.Divider key={`d${e.to}`} /> : null,
          <Menu.Item key={e.to} component={Link} to={e.to}>
            {e.label}
          </Menu.Item>,
        ])}
      </Menu.Dropdown>
    </Menu>
  );
}
