import { Link } from 'react-router';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import {
  BULK_ACTION_LABELS,
  BulkKind,
  BulkStatus,
  canExecuteBulk,
  type TBulkAction,
  type TBulkManipulation,
} from '@cloudsign/contract';
import { BulkCounts, BulkRunView, type BulkRunSpec } from '../../../components/bulk/index.ts';
import { manipulationsApi } from '../api/manipulations.ts';
import { KIND_LABELS, fmt } from './labels.ts';
import { RowsPanel } from './rows-panel.tsx';
import { InvitationCount } from './invitation-count.tsx';

const COUNTED: TBulkAction[] = ['add', 'update', 'delete', 'unchanged', 'error'];
const TILES = COUNTED.map((a) => ({
  key: a,
  label: BULK_ACTION_LABELS[a],
  isAlert: a === 'error',
}));

const isDelete = (m: TBulkManipulation) => m.kind === BulkKind.Delete;
/** Rows the run writes (add, update, delete); 0 means the file changes nothing. */
const executable = (m: TBulkManipulation) =>
  (m.counts.add ?? 0) + (m.counts.update ?? 0) + (m.counts.delete ?? 0);

function confirmText(m: TBulkManipulation) {
  if (isDelete(m))
    return (
      <Stack gap="xs" mb="sm">
        <Text fw={700}>{fmt(m.counts.delete ?? 0)}名のメンバーを削除します。</Text>
        <Text size="sm">
          削除したメンバーは所属するメンバーグループから外れ、ログインもできなくなります。管理していたキャビネットの管理者の役割と送信した書類は、移管先メールアドレスのメンバーに移ります。
        </Text>
      </Stack>
    );
  const parts = [
    ['追加', m.counts.add],
    ['更新', m.counts.update],
    ['削除', m.counts.delete],
  ]
    .filter(([, n]) => Number(n) > 0)
    .map(([label, n]) => `${String(label)}${fmt(Number(n))}件`);
  return (
    <>
      <Text mb="sm">
        {parts.length > 0 ? `${parts.join('、')}を反映します。` : '反映する行はありません。'}
        {(m.counts.unchanged ?? 0) > 0 && `（変更なし${fmt(m.counts.unchanged ?? 0)}件は対象外）`}
      </Text>
      {m.kind === BulkKind.Add && <InvitationCount count={m.counts.add ?? 0} />}
    </>
  );
}

const spec = (mode: 'preview' | 'detail'): BulkRunSpec => ({
  api: manipulationsApi,
  unit: '行',
  title: (m) => KIND_LABELS[m.kind] ?? '',
  meta: (m) => `${m.originalFilename ?? ''}・`,
  execute:
    mode === 'preview'
      ? {
          isEnabled: (m) =>
            canExecuteBulk(m.status) && (m.counts.error ?? 0) === 0 && executable(m) > 0,
          title: (m) => (isDelete(m) ? 'メンバーを削除しますか？' : '一括操作を実行しますか？'),
          body: confirmText,
          confirmLabel: (m) =>
            isDelete(m) ? `${fmt(m.counts.delete ?? 0)}名のメンバーを削除する` : '実行する',
          isDanger: isDelete,
          note: '実行後は取り消せません。',
        }
      : undefined,
  retry: 'CSVファイルを修正して、もう一度アップロードしてください。',
  alerts: (m) => (
    <>
      {canExecuteBulk(m.status) && (m.counts.error ?? 0) === 0 && executable(m) === 0 && (
        <Alert color="gray" mt="sm" data-testid="no-changes">
          変更はありません。ファイルの内容は現在の登録内容と同じため、実行する必要はありません。
        </Alert>
      )}
      {m.status === BulkStatus.ProcessedWithError && (
        <Alert color="orange" mt="sm">
          一部の行は反映できませんでした。「実行に失敗」の行で理由を確認できます。
        </Alert>
      )}
      {m.status === BulkStatus.Succeeded && mode === 'preview' && (
        <Alert color="green" mt="sm">
          実行が完了しました。
          <Anchor component={Link} to={`/company/members/bulk_manipulations/${m.id}`}>
            結果を見る
          </Anchor>
        </Alert>
      )}
    </>
  ),
  errorsDownload: {
    label: 'エラーの行だけをダウンロード',
    isShown: (m) => (m.counts.error ?? 0) > 0 || (m.counts.failed ?? 0) > 0,
  },
  counts: (m) => (
    <BulkCounts m={m} tiles={TILES} executed={{ succeeded: '成功', failed: '失敗' }} base={3} />
  ),
  missing: {
    title: 'この一括操作は見つかりません',
    back: { to: '/company/members/bulk_manipulations', label: '一括操作の履歴へ' },
  },
  rowsTitle: '行ごとの結果（▼ で全項目の 変更前 → 変更後）',
  rows: (m) => <RowsPanel m={m} initialFilter={(m.counts.error ?? 0) > 0 ? 'error' : 'all'} />,
});
const SPECS = { preview: spec('preview'), detail: spec('detail') };

/** Preview (before execution) and detail (history) of one upload: state, counts, files, rows. */
export function ManipulationView({
  id,
  mode,
  kind,
}: {
  id: string;
  mode: 'preview' | 'detail';
  /** Previews are per kind (/bulk_add/{id}/preview shows add runs only). */
  kind?: number;
}) {
  return <BulkRunView id={id} spec={SPECS[mode]} kind={kind} />;
}
