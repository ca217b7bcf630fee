import { BULK_ACTION_LABELS, type TBulkAction, type TBulkManipulation } from '@cloudsign/contract';
import {
  CountTiles,
  RunProgress as BulkRunProgress,
  executedTiles,
} from '../../../components/bulk/index.ts';

export { StatusBadge } from '../../../components/bulk/index.ts';

const COUNTED: TBulkAction[] = ['add', 'update', 'delete', 'unchanged', 'error'];

/** Counts per action (追加 / 更新 / 削除 / 変更なし / エラー), and after execution 成功 / 失敗. */
export function ActionCounts({ m }: { m: TBulkManipulation }) {
  const items = [
    ...COUNTED.map((a) => ({
      key: a,
      label: BULK_ACTION_LABELS[a],
      value: m.counts[a] ?? 0,
      isAlert: a === 'error',
    })),
    ...executedTiles(m, { succeeded: '成功', failed: '失敗' }),
  ];
  return <CountTiles items={items} cols={{ base: 3, sm: items.length > 5 ? 7 : 5 }} />;
}

/** CSV rows are counted in 行. */
export const RunProgress = ({ m }: { m: TBulkManipulation }) => <BulkRunProgress m={m} unit="行" />;
