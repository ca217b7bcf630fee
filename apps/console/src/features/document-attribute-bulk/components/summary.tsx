import type { TBulkManipulation } from '@cloudsign/contract';
import {
  CountTiles,
  RunProgress as BulkRunProgress,
  executedTiles,
} from '../../../components/bulk/index.ts';
import { COUNT_LABELS } from './labels.ts';

export { StatusBadge } from '../../../components/bulk/index.ts';

/** 変更あり / 変更なし / エラー / 競合, and after execution 反映済み / 反映できなかった. */
export function Counts({ m }: { m: TBulkManipulation }) {
  const items = [
    ...COUNT_LABELS.map((c) => ({
      key: c.key,
      label: c.label,
      value: m.counts[c.key] ?? 0,
      isAlert: c.isAlert,
    })),
    ...executedTiles(m, { succeeded: '反映済み', failed: '反映できなかった' }),
  ];
  return <CountTiles items={items} cols={{ base: 2, sm: items.length > 4 ? 6 : 4 }} />;
}

/** Documents are counted in 件. */
export const RunProgress = ({ m }: { m: TBulkManipulation }) => <BulkRunProgress m={m} unit="件" />;
