import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Group, List, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { BulkStatus, type TBulkManipulation } from '@cloudsign/contract';
import { PanelError } from '../../../components/error-boundary/error-boundary.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useManipulation, useUpdateManipulation } from '../api/manipulations.ts';
import { downloadRowsCsv, downloadUploadedFile } from '../api/transfers.ts';
import { KIND_LABELS, fmt, formatDateTime } from './labels.ts';
import { ActionCounts, RunProgress, StatusBadge } from './run-summary.tsx';
import { RowsPanel } from './rows-panel.tsx';

function ExecuteButton({ m }: { m: TBulkManipulation }) {
  const [isConfirming, setConfirming] = useState(false);
  const update = useUpdateManipulation(m.id);
  const errors = m.counts.error ?? 0;
  const isReady = m.status === BulkStatus.Ready && errors === 0;
  const parts = [
    ['追加', m.counts.add],
    ['更新', m.counts.update],
    ['削除', m.counts.delete],
  ].filter(([, n]) => Number(n) > 0).map(([label, n]) => `${String(label)} ${fmt(Number(n))}件`);
  return (
    <>
      <Button onClick={() => setConfirming(true)} disabled={!isReady} data-testid="execute">実行</Button>
      <Modal opened={isConfirming} onClose={() => setConfirming(false)} title="一括操作を実行しますか？" centered>
        <Text mb="sm">{parts.length > 0 ? `${parts.join('、')} を反映します。` : '反映する行はありません。'}{(m.counts.unchanged ?? 0) > 0 && `（変更なし ${fmt(m.counts.unchanged ?? 0)}件は対象外）`}</Text>
        <Text size="sm" c="dimmed" mb="md">実行後は取り消せません。</Text>
        {update.error && <Alert color="red" mb="sm">{isApiError(update.error) ? update.error.message : '実行できませんでした。'}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirming(false)}>キャンセル</Button>
          <Button loading={update.isPending} onClick={() => update.mutate({ action: 'execute' }, { onSuccess: () => setConfirming(false) })} data-testid="confirm-execute">
            実行する
          </Button>
        </Group>
      </Modal>
    </>
  );
}

function Files({ m }: { m: TBulkManipulation }) {
  const hasErrors = (m.counts.error ?? 0) > 0 || (m.counts.failed ?? 0) > 0;
  return (
    <Group gap="sm">
      {m.hasInputFile && <Button size="xs" variant="default" onClick={() => void downloadUploadedFile(m.id)}>アップロードしたファイル</Button>}
      {hasErrors && <Button size="xs" variant="light" color="red" onClick={() => void downloadRowsCsv(m.id, 'errors.csv')} data-testid="download-errors">エラーの行だけをダウンロード</Button>}
      {m.status >= BulkStatus.CheckFailed && !m.fileError && <Button size="xs" variant="default" onClick={() => void downloadRowsCsv(m.id, 'result.csv')}>結果をダウンロード</Button>}
    </Group>
  );
}

/** Preview (before execution) and detail (history) of one upload: state, counts, files, rows. */
export function ManipulationView({ id, mode }: { id: string; mode: 'preview' | 'detail' }) {
  const q = useManipulation(id);
  if (q.isPending) return <Group justify="center" p="xl"><Loader aria-label="読み込み中" /></Group>;
  if (q.isError) return <PanelError onRetry={() => void q.refetch()} />;
  const m = q.data;
  const isChecked = m.status >= BulkStatus.CheckFailed && !m.fileError;
  return (
    <Stack gap="md">
      <Paper withBorder p="md" radius="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={4}>
            <Group gap="xs">
              <Text fw={700}>{KIND_LABELS[m.kind]}</Text>
              <StatusBadge m={m} />
            </Group>
            <Text size="sm" c="dimmed">
              {m.originalFilename ?? ''}・{m.createdBy.name}・{formatDateTime(m.createdAt)}
              {m.finishedAt && `（完了 ${formatDateTime(m.finishedAt)}）`}
            </Text>
          </Stack>
          {mode === 'preview' && m.status <= BulkStatus.Ready && <ExecuteButton m={m} />}
        </Group>
        <RunProgress m={m} />
        {m.status === BulkStatus.CheckFailed && (m.counts.error ?? 0) > 0 && (
          <Alert color="red" mt="sm">エラーのある行があるため実行できません。CSVファイルを修正して、もう一度アップロードしてください。</Alert>
        )}
        {m.status === BulkStatus.ProcessedWithError && <Alert color="orange" mt="sm">一部の行は反映できませんでした。「実行に失敗」の行で理由を確認できます。</Alert>}
        {m.status === BulkStatus.Succeeded && mode === 'preview' && (
          <Alert color="green" mt="sm">実行が完了しました。<Anchor component={Link} to={`/company/members/bulk_manipulations/${m.id}`}>結果を見る</Anchor></Alert>
        )}
        {m.fileError && (
          <Alert color="red" mt="sm" title={m.fileError.message} role="alert">
            {m.fileError.details && <List size="sm">{m.fileError.details.map((d) => <List.Item key={d.path + d.message}>{d.path}: {d.message}</List.Item>)}</List>}
            <Text size="sm" mt={4}>ファイルを修正して、もう一度アップロードしてください。</Text>
          </Alert>
        )}
        <Group mt="sm"><Files m={m} /></Group>
      </Paper>
      {isChecked && (
        <>
          <ActionCounts m={m} />
          <Paper withBorder p="md" radius="md">
            <Title order={2} fz="md" mb="sm">行ごとの結果</Title>
            <RowsPanel key={m.status} m={m} initialFilter={(m.counts.error ?? 0) > 0 ? 'error' : 'all'} />
          </Paper>
        </>
      )}
    </Stack>
  );
}
