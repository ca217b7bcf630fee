import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Anchor, Button, Group, List, Loader, Modal, Paper, Stack, Text, Title } from '@mantine/core';
import { BulkStatus, type TBulkManipulation } from '@cloudsign/contract';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { PanelError } from '../../../components/error-boundary/error-boundary.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { usePageTitle } from '../../../lib/title.ts';
import { useManipulation, useUpdateManipulation } from '../api/manipulations.ts';
import { downloadRowsCsv, downloadUploadedFile } from '../api/transfers.ts';
import { HISTORY_PATH, UPLOAD_PATH, fmt, formatDateTime } from './labels.ts';
import { Counts, RunProgress, StatusBadge } from './summary.tsx';
import { RowsTable } from './rows-table.tsx';

function ExecuteButton({ m }: { m: TBulkManipulation }) {
  const [isConfirming, setConfirming] = useState(false);
  const update = useUpdateManipulation(m.id);
  const changes = m.counts.update ?? 0;
  const conflicts = m.counts.conflict ?? 0;
  return (
    <>
      <Button onClick={() => setConfirming(true)} disabled={m.status !== BulkStatus.Ready || changes === 0} data-testid="execute">実行</Button>
      <Modal opened={isConfirming} onClose={() => setConfirming(false)} title="書類情報を一括で変更しますか？" centered>
        <Text mb="sm" data-testid="confirm-text">{fmt(changes)}件の書類の書類情報を変更します。</Text>
        {conflicts > 0 && <Text size="sm" mb="sm">競合した {fmt(conflicts)}件は変更しません（ダウンロードの後に変更された書類です）。</Text>}
        <Text size="sm" c="dimmed" mb="md">実行後は取り消せません。実行の直前に変更された書類も上書きされず、失敗として記録されます。</Text>
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
  const hasProblems = (m.counts.error ?? 0) + (m.counts.conflict ?? 0) + (m.counts.failed ?? 0) > 0;
  const isChecked = m.status >= BulkStatus.CheckFailed && !m.fileError;
  return (
    <Group gap="sm">
      {m.hasInputFile && <Button size="xs" variant="default" onClick={() => void downloadUploadedFile(m.id)}>アップロードしたファイル</Button>}
      {isChecked && hasProblems && <Button size="xs" variant="light" color="red" onClick={() => void downloadRowsCsv(m.id, 'errors.csv')}>エラー・競合の行だけをダウンロード</Button>}
      {isChecked && <Button size="xs" variant="default" onClick={() => void downloadRowsCsv(m.id, 'result.csv')}>結果をダウンロード</Button>}
    </Group>
  );
}

/** One upload: progress while checking, counts, the diff, 実行 with confirmation, then its outcome. */
export function CheckedResultPage({ id }: { id: string }) {
  usePageTitle();
  const q = useManipulation(id);
  const header = <PageHeader title="書類情報の一括編集 チェック結果" actions={<Anchor component={Link} to={HISTORY_PATH}>一括編集の履歴</Anchor>} />;
  if (q.isPending) return <>{header}<Group justify="center" p="xl"><Loader aria-label="読み込み中" /></Group></>;
  if (q.isError) return <>{header}<PanelError onRetry={() => void q.refetch()} /></>;
  const m = q.data;
  const isChecked = m.status >= BulkStatus.CheckFailed && !m.fileError;
  return (
    <>
      {header}
      <Stack gap="md">
        <Paper withBorder p="md" radius="md">
          <Group justify="space-between" align="flex-start">
            <Stack gap={4}>
              <Group gap="xs"><Text fw={700}>{m.originalFilename ?? ''}</Text><StatusBadge m={m} /></Group>
              <Text size="sm" c="dimmed">{m.createdBy.name}・{formatDateTime(m.createdAt)}{m.finishedAt && `（完了 ${formatDateTime(m.finishedAt)}）`}</Text>
            </Stack>
            {m.status <= BulkStatus.Ready && <ExecuteButton m={m} />}
          </Group>
          <RunProgress m={m} />
          {m.status === BulkStatus.CheckFailed && (m.counts.error ?? 0) > 0 && (
            <Alert color="red" mt="sm">エラーのある行があるため実行できません。CSVファイルを修正して、<Anchor component={Link} to={UPLOAD_PATH}>もう一度アップロード</Anchor>してください。</Alert>
          )}
          {m.status === BulkStatus.Ready && (m.counts.conflict ?? 0) > 0 && (
            <Alert color="orange" mt="sm">ダウンロードの後に変更された書類が {fmt(m.counts.conflict ?? 0)}件あります（競合）。これらは上書きしません。変更するには最新のCSVをダウンロードし直してください。</Alert>
          )}
          {m.status === BulkStatus.Succeeded && <Alert color="green" mt="sm">実行が完了しました。{fmt(m.counts.succeeded ?? 0)}件の書類を変更しました。</Alert>}
          {m.status === BulkStatus.ProcessedWithError && <Alert color="orange" mt="sm">一部の書類は変更できませんでした。「反映できなかった」の行で理由を確認できます。</Alert>}
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
            <Counts m={m} />
            <Paper withBorder p="md" radius="md">
              <Title order={2} fz="md" mb="sm">行ごとの結果（変更される項目は 変更前 → 変更後）</Title>
              <RowsTable key={m.status} m={m} />
            </Paper>
          </>
        )}
      </Stack>
    </>
  );
}
