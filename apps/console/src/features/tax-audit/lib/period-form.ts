/** The 課税期間 form's reading: the typed period and conditions, checked as the server checks them. */
import { TAX_AUDIT_SPAN_MESSAGE, parseAmountInput, taxAuditLastDay } from '@cloudsign/contract';
import { parseDay } from '../../../lib/parse-day.ts';

type Field = 'from' | 'to' | 'amountFrom' | 'amountTo';
export type Errors = Partial<Record<Field, string>>;

const amountOf = (raw: string, label: string): { value?: number; error?: string } => {
  if (!raw.trim()) return {};
  const r = parseAmountInput(raw);
  return r.ok
    ? { value: r.value }
    : { error: `${label}は0以上の金額で入力してください（例: 1,000,000）。` };
};

/** The typed period and conditions, checked as the server checks them, or the messages for the fields. */
export function readForm(
  raw: Record<'from' | 'to' | 'counterparty' | 'amountFrom' | 'amountTo', string>,
) {
  const f = parseDay(raw.from, '開始日');
  const t = parseDay(raw.to, '終了日');
  const lo = amountOf(raw.amountFrom, '取引金額（以上）');
  const hi = amountOf(raw.amountTo, '取引金額（以下）');
  const errors: Errors = {
    from: f.error ?? (f.value ? undefined : '課税期間の開始日を入力してください。'),
    to: t.error ?? (t.value ? undefined : '課税期間の終了日を入力してください。'),
    amountFrom: lo.error,
    amountTo: hi.error,
  };
  if (!errors.from && !errors.to) {
    if (f.value! > t.value!) errors.to = '課税期間の終了日は開始日以降の日付を指定してください。';
    else if (t.value! > taxAuditLastDay(f.value!)) errors.to = TAX_AUDIT_SPAN_MESSAGE;
  }
  if (lo.value !== undefined && hi.value !== undefined && lo.value > hi.value)
    errors.amountTo = '取引金額（以下）は取引金額（以上）以上の金額を指定してください。';
  return { errors, from: f.value, to: t.value, amountFrom: lo.value, amountTo: hi.value };
}
