import { NumberInput } from '@mantine/core';
import {
  AUDIT_RETENTION_LABEL,
  AUDIT_RETENTION_MAX_YEARS,
  AUDIT_RETENTION_MIN_YEARS,
  FLAG_NOT_IN_PLAN,
  ZAuditRetentionYears,
} from '@cloudsign/contract';

/** The message of a period the server would refuse (the contract's own words), or null. */
export function retentionError(years: number | string): string | null {
  const parsed = ZAuditRetentionYears.safeParse(typeof years === 'number' ? years : Number.NaN);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

/**
 * 監査ログの保存期間（年）, beside the audit log switch: events older than this are deleted by the daily
 * retention job, never sooner than 5 years. Only the enterprise plan may change it, like the flag.
 */
export function AuditRetentionInput({
  value,
  available,
  error,
  onChange,
}: {
  value: number | string;
  available: boolean;
  error: string | null;
  onChange: (v: number | string) => void;
}) {
  return (
    <NumberInput
      label={AUDIT_RETENTION_LABEL}
      description={
        available
          ? `この年数を過ぎた監査ログは毎日の処理で削除されます（${AUDIT_RETENTION_MIN_YEARS}〜${AUDIT_RETENTION_MAX_YEARS}年）。`
          : `${FLAG_NOT_IN_PLAN}。`
      }
      disabled={!available}
      maw={240}
      ml={54}
      min={AUDIT_RETENTION_MIN_YEARS}
      max={AUDIT_RETENTION_MAX_YEARS}
      allowDecimal={false}
      allowNegative={false}
      clampBehavior="none"
      suffix="年"
      value={value}
      error={error}
      onChange={onChange}
    />
  );
}
