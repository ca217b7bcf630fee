import type { TBulkRow } from '@cloudsign/contract';

/**
 * One column of a checked row in words: `before` is what the person or document holds now (null for a
 * row that adds one), `after` what the row leaves (null for a row that deletes one). `isKey` marks the
 * columns that only identify the row (ids, 更新日時); summaries leave them out.
 */
export type ColumnValue = {
  column: string;
  before: string | null;
  after: string | null;
  isChanged: boolean;
  isKey?: boolean;
};

export type SummaryLine = { text: string; tone: 'error' | 'conflict' | 'change' | 'plain' };

/** The empty value, written the same way everywhere (docs/glossary.md). */
export const EMPTY = '—';
export const shown = (v: string | null) => (v === null || v === '' ? EMPTY : v);

/** What a row changes or why it fails, one line per point, in words ("監査ログ閲覧権限: なし → あり"). */
export function rowSummary(row: TBulkRow, values: readonly ColumnValue[]): SummaryLine[] {
  const lines: SummaryLine[] = row.errors.map((e) => ({
    text: `${e.column}: ${e.message}`,
    tone: row.action === 'conflict' ? 'conflict' : 'error',
  }));
  if (row.outcome === 'failed' && row.outcomeMessage)
    lines.push({ text: `実行に失敗: ${row.outcomeMessage}`, tone: 'error' });
  if (row.errors.length > 0 || row.action === 'error') return lines;
  if (row.action === 'update' || row.action === 'conflict') {
    for (const v of values.filter((x) => x.isChanged && !x.isKey))
      lines.push({ text: `${v.column}: ${shown(v.before)} → ${shown(v.after)}`, tone: 'change' });
  } else if (row.action === 'add') {
    const set = values.filter((v) => !v.isKey && v.after && v.after !== 'なし');
    lines.push({ text: set.map((v) => `${v.column}: ${v.after}`).join('、'), tone: 'plain' });
  } else if (row.action === 'delete') {
    const known = values.filter((v) => !v.isKey && v.before);
    lines.push({
      text: ['削除します', ...known.map((v) => `${v.column}: ${v.before}`)].join('、'),
      tone: 'plain',
    });
  } else if (row.action === 'unchanged') {
    lines.push({ text: '変更はありません', tone: 'plain' });
  }
  return lines.filter((l) => l.text !== '');
}
