import { Link } from 'react-router';
import { Alert, Anchor, Text } from '@mantine/core';
import {
  BulkStatus,
  canExecuteBulk,
  isBulkChecked,
  type TBulkManipulation,
} from '@cloudsign/contract';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { BulkCounts, BulkRunView, type BulkRunSpec } from '../../../components/bulk/index.ts';
import { usePageTitle } from '../../../lib/title.ts';
import { manipulationsApi } from '../api/manipulations.ts';
import { COUNT_LABELS, HISTORY_PATH, UPLOAD_PATH, fmt } from './labels.ts';
import { RowsTable } from './rows-table.tsx';

function confirmText(m: TBulkManipulation) {
  const conflicts = m.counts.conflict ?? 0;
  return (
    <>
      <Text mb="sm" data-testid="confirm-text">
        {fmt(m.counts.update ?? 0)}件の書類の書類情報を変更します。
      </Text>
      {conflicts > 0 && (
        <Text size="sm" mb="sm">
          競合した {fmt(conflicts)}件は変更しません（ダウンロードの後に変更された書類です）。
        </Text>
      )}
    </>
  );
}

const SPEC: BulkRunSpec = {
  api: manipulationsApi,
  unit: '件',
  title: (m) => m.originalFilename ?? '',
  execute: {
    isEnabled: (m) => canExecuteBulk(m.status) && (m.counts.update ?? 0) > 0,
    title: '書類情報を一括で変更しますか？',
    confirmLabel: (m) => `${fmt(m.counts.update ?? 0)}件の書類情報を変更する`,
    body: confirmText,
    note: '実行後は取り消せません。実行の直前に変更された書類も上書きされず、失敗として記録されます。',
  },
  retry: (
    <>
      CSVファイルを修正して、
      <Anchor component={Link} to={UPLOAD_PATH}>
        もう一度アップロード
      </Anchor>
      してください。
    </>
  ),
  alerts: (m) => (
    <>
      {canExecuteBulk(m.status) && (m.counts.update ?? 0) === 0 && (
        <Alert color="gray" mt="sm" data-testid="no-changes">
          変更はありません。ファイルの書類情報は現在の内容と同じため、実行する必要はありません。
        </Alert>
      )}
      {canExecuteBulk(m.status) && (m.counts.conflict ?? 0) > 0 && (
        <Alert color="orange" mt="sm">
          ダウンロードの後に変更された書類が {fmt(m.counts.conflict ?? 0)}
          件あります（競合）。これらは上書きしません。変更するには最新のCSVをダウンロードし直してください。
        </Alert>
      )}
      {m.status === BulkStatus.Succeeded && (
        <Alert color="green" mt="sm">
          実行が完了しました。{fmt(m.counts.succeeded ?? 0)}件の書類を変更しました。
        </Alert>
      )}
      {m.status === BulkStatus.ProcessedWithError && (
        <Alert color="orange" mt="sm">
          一部の書類は変更できませんでした。「反映できなかった」の行で理由を確認できます。
        </Alert>
      )}
    </>
  ),
  errorsDownload: {
    label: 'エラー・競合の行だけをダウンロード',
    isShown: (m) =>
      isBulkChecked(m.status) &&
      !m.fileError &&
      (m.counts.error ?? 0) + (m.counts.conflict ?? 0) + (m.counts.failed ?? 0) > 0,
  },
  counts: (m) => (
    <BulkCounts
      m={m}
      tiles={COUNT_LABELS}
      executed={{ succeeded: '反映済み', failed: '反映できなかった' }}
      base={2}
    />
  ),
  missing: {
    title: 'この一括編集は見つかりません',
    back: { to: HISTORY_PATH, label: '一括編集の履歴へ' },
  },
  rowsTitle: '行ごとの結果（▼ で全項目の 変更前 → 変更後）',
  rows: (m) => <RowsTable m={m} />,
};

/** One upload: progress while checking, counts, the diff, 実行 with confirmation, then its outcome. */
export function CheckedResultPage({ id }: { id: string }) {
  usePageTitle();
  const header = (
    <PageHeader
      title="書類情報の一括編集 チェック結果"
      crumbs={[
        { label: '書類', to: '/company/documents' },
        { label: '書類情報の一括編集の履歴', to: HISTORY_PATH },
      ]}
      actions={
        <Anchor component={Link} to={HISTORY_PATH}>
          一括編集の履歴
        </Anchor>
      }
    />
  );
  return <BulkRunView id={id} spec={SPEC} header={header} />;
}
