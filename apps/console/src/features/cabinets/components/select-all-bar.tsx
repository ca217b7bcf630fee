import { Alert, Anchor, Group, Text } from '@mantine/core';
import { CABINET_DOCUMENTS_MAX } from '@cloudsign/contract';

const n = (v: number) => v.toLocaleString('ja-JP');

/**
 * Shown once the whole page is selected while the condition matches more: offers every match (the
 * Gmail way). Over the per-call limit it says so instead of offering what the server would refuse; a
 * total that is a lower bound is said to be one.
 */
export function SelectAllBar({
  pageCount,
  total,
  isTotalExact,
  allMatching,
  onSelectAll,
  onClear,
}: {
  pageCount: number;
  total: number;
  isTotalExact: boolean;
  allMatching: boolean;
  onSelectAll: () => void;
  onClear: () => void;
}) {
  const totalText = `${n(total)}件${isTotalExact ? '' : '以上'}`;
  return (
    <Alert variant="light" color="blue" p="xs" data-testid="select-all-bar">
      <Group gap="sm" justify="center" wrap="wrap">
        {allMatching ? (
          <>
            <Text size="sm">
              この条件の{totalText}すべてを選択中{isTotalExact ? '' : '（件数は概数です）'}
            </Text>
            <Anchor component="button" type="button" size="sm" onClick={onClear}>
              選択を解除
            </Anchor>
          </>
        ) : (
          <>
            <Text size="sm">このページの{n(pageCount)}件を選択中</Text>
            {!isTotalExact || total <= CABINET_DOCUMENTS_MAX ? (
              <Anchor component="button" type="button" size="sm" onClick={onSelectAll}>
                この条件の{totalText}すべてを選択{isTotalExact ? '' : '（件数は概数）'}
              </Anchor>
            ) : (
              <Text size="sm" c="dimmed">
                この条件の{totalText}をまとめて操作するには、{n(CABINET_DOCUMENTS_MAX)}
                件以下に絞り込んでください。
              </Text>
            )}
          </>
        )}
      </Group>
    </Alert>
  );
}
