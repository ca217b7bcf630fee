import { Alert, List, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { BULK_STATUS_LABELS, type TMemberHoldings } from '@cloudsign/contract';

/** What happens to each holding: deletion moves it to the successor; 利用停止 leaves it where it is. */
const CONSEQUENCES = {
  delete: {
    cabinets: '管理者の役割は移管先に移ります',
    documents: '移管先が送信者として引き継ぎます',
    groups: '削除するとグループから外れます',
    runs: '削除後も処理は続きます。',
  },
  deactivate: {
    cabinets: '利用停止中はこのメンバーが管理できません',
    documents: '送信者はこのメンバーのままです',
    groups: '利用停止中もグループに残ります',
    runs: '利用停止後も処理は続きます。',
  },
} as const;

/**
 * What a member holds (`GET /users/{id}/holdings`), read before they are deleted or deactivated. A cabinet
 * they alone administer is called out: after 利用停止 nobody but the company admins manages it.
 */
export function MemberHoldingsSummary({
  holdings: h,
  action,
}: {
  holdings: TMemberHoldings;
  action: keyof typeof CONSEQUENCES;
}) {
  const says = CONSEQUENCES[action];
  const isEmpty =
    h.cabinets.length === 0 &&
    h.groups.length === 0 &&
    h.documents === 0 &&
    h.pendingBulkRuns.length === 0;
  if (isEmpty) return <Text size="sm">このメンバーが管理・所有しているものはありません。</Text>;
  return (
    <Stack gap="xs" data-testid="member-holdings">
      {h.cabinets.length > 0 && (
        <div>
          <Text size="sm" fw={700}>
            管理しているキャビネット（{h.cabinets.length}件）: {says.cabinets}
          </Text>
          <List size="sm">
            {h.cabinets.map((c) => (
              <List.Item key={c.id}>
                {c.name}
                {c.otherAdmins === 0
                  ? '（ほかに管理者がいません）'
                  : `（ほかの管理者${c.otherAdmins}名）`}
              </List.Item>
            ))}
          </List>
        </div>
      )}
      {h.documents > 0 && (
        <Text size="sm">
          送信・インポートした書類: {h.documents}件（{says.documents}）
        </Text>
      )}
      {h.groups.length > 0 && (
        <Text size="sm">
          所属しているメンバーグループ: {h.groups.map((g) => g.name).join('、')}（{says.groups}）
        </Text>
      )}
      {h.pendingBulkRuns.length > 0 && (
        <Text size="sm">
          実行前・実行中の一括処理: {h.pendingBulkRuns.length}件（
          {h.pendingBulkRuns.map((r) => BULK_STATUS_LABELS[r.status] ?? '').join('、')}
          ）。{says.runs}
        </Text>
      )}
    </Stack>
  );
}

/** The holdings read as both dialogs show it: loading, its failure in words, then the summary. */
export function MemberHoldingsRead({
  holdings,
  action,
}: {
  holdings: UseQueryResult<TMemberHoldings, Error>;
  action: keyof typeof CONSEQUENCES;
}) {
  return (
    <>
      {holdings.isPending && <Loader size="sm" aria-label="保有しているものを読み込み中" />}
      {holdings.isError && (
        <Alert color="red">保有しているものを読み込めませんでした。{holdings.error.message}</Alert>
      )}
      {holdings.data && <MemberHoldingsSummary holdings={holdings.data} action={action} />}
    </>
  );
}
