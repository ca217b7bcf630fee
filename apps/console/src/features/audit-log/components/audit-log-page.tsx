import { Alert, Button, Center, Group, Loader, Stack, Text } from '@mantine/core';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { usePageTitle } from '../../../lib/title.ts';
import { useAuditChainHead, useAuditEvents } from '../api/audit-events.ts';
import { AuditChainHead } from './audit-chain-head.tsx';
import { filterKeyOf, useAuditFilter } from '../lib/filter.ts';
import { AuditEventList } from './audit-event-list.tsx';
import { AuditExportPanel } from './audit-export-panel.tsx';
import { CorrectionHistoryPanel } from './correction-history-panel.tsx';
import { AuditFilters } from './audit-filters.tsx';

/** 監査ログ: who did what, when and to what, newest first, for holders of 監査ログ閲覧権限. */
export function AuditLogPage() {
  usePageTitle();
  const { filter, latest, setFilter, query } = useAuditFilter();
  const events = useAuditEvents(query);
  const head = useAuditChainHead();
  const all = events.data?.pages.flatMap((p) => p.events) ?? [];
  // The chips of a pre-filtered link name the member or document as the events recorded them.
  const actorName = filter.actorId
    ? all.find((e) => e.actor.id === filter.actorId)?.actor.name
    : undefined;
  const targetName = filter.targetId
    ? all.find((e) => e.target.id === filter.targetId)?.target.name
    : undefined;
  return (
    <>
      <PageHeader
        title="監査ログ"
        description="ログイン、メンバー・グループ・キャビネットの変更、書類の閲覧やダウンロード、一括処理の記録です（新しい順）。記録は変更も削除もできません。"
      />
      <Stack gap="md">
        <AuditFilters
          filter={filter}
          actorName={actorName}
          targetName={targetName}
          latest={latest}
          onChange={setFilter}
        />
        <AuditExportPanel key={filterKeyOf(filter)} filter={filter} />
        <CorrectionHistoryPanel />
        {head.data && <AuditChainHead head={head.data.head} />}
        {events.isPending ? (
          <Center py={60}>
            <Loader size="sm" aria-label="読み込み中" />
          </Center>
        ) : events.isError ? (
          <Alert color="red" title="監査ログを表示できませんでした">
            {events.error.message}
          </Alert>
        ) : all.length === 0 ? (
          <Text c="dimmed" py="lg" ta="center">
            条件に合う記録はありません。
          </Text>
        ) : (
          <>
            <Text size="sm" c="dimmed" aria-live="polite">
              {all.length.toLocaleString('ja-JP')}件を表示中
              {events.hasNextPage ? '（さらに古い記録があります）' : '（これですべてです）'}
            </Text>
            <AuditEventList events={all} />
            {events.hasNextPage && (
              <Group justify="center">
                <Button
                  variant="default"
                  loading={events.isFetchingNextPage}
                  onClick={() => void events.fetchNextPage()}
                >
                  さらに表示
                </Button>
              </Group>
            )}
          </>
        )}
      </Stack>
    </>
  );
}
