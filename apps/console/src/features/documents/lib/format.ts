import { AUTO_UPDATE_LABELS, DOCUMENT_STATUS_LABELS } from '@cloudsign/contract';

export const STATUS_COLORS: Record<number, string> = {
  0: 'gray',
  1: 'yellow',
  2: 'teal',
  3: 'red',
  4: 'grape',
  13: 'blue',
};
export const statusLabel = (s: number) => DOCUMENT_STATUS_LABELS[s] ?? String(s);
export const autoUpdateLabel = (v: number) => AUTO_UPDATE_LABELS[v] ?? '指定なし';

/** `2024-04-01` → `2024/04/01`; null → '—'. */
export const formatDate = (d: string | null | undefined) =>
  d ? d.slice(0, 10).replaceAll('-', '/') : '—';

export { formatDateTime } from '../../../lib/format.ts';

/**
 * A stored day put back into a field to edit, as the list shows it (`2026-11-18` → `2026/11/18`, none → '').
 * The contract's parseDateInput reads it back, so an untouched field sends the same day.
 */
export const toDateField = (d: string | null | undefined) =>
  d ? d.slice(0, 10).replaceAll('-', '/') : '';

/** A stored amount put back into a field to edit: `1000000` → `1,000,000` (none → ''); parseAmountInput reads it. */
export const toAmountField = (n: number | null | undefined) =>
  n === null || n === undefined ? '' : n.toLocaleString('ja-JP');

export const formatAmount = (n: number | null | undefined) =>
  n === null || n === undefined ? '—' : `${n.toLocaleString('ja-JP')}円`;

export const formatBytes = (n: number) =>
  n >= 1024 * 1024
    ? `${(n / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(n / 1024))} KB`;
