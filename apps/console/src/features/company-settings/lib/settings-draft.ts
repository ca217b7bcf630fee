import {
  AUDIT_RETENTION_LABEL,
  COMPANY_FLAG_LABELS,
  COMPANY_FLAGS,
  THEME_LABELS,
  type TCompanySettings,
  type TUpdateCompanySettingsRequest,
  ZCompanyName,
} from '@cloudsign/contract';
import type { StaleSaveFields } from '../../../components/stale-save/index.ts';

/** The period is typed text until it is a number (an empty field is shown, not turned into 0). */
export type SettingsDraft = Omit<TUpdateCompanySettingsRequest, 'auditRetentionYears'> & {
  auditRetentionYears: number | string;
};
export const draftOf = (s: TCompanySettings): SettingsDraft => ({
  name: s.name,
  theme: s.theme,
  flags: s.flags,
  auditRetentionYears: s.auditRetentionYears,
});
export const messageOf = (e: unknown) =>
  e instanceof Error ? e.message : '変更できませんでした。';
/** The contract's own words for a name the server would refuse (empty, too long, a line break, a bidi mark…). */
export const nameErrorOf = (name: string) => {
  const parsed = ZCompanyName.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
};

const onOff = (v: unknown) => (v ? 'オン' : 'オフ');
/** What the stale-save notice lists, in the screen's words. */
export const FIELDS: StaleSaveFields<TCompanySettings> = {
  name: '企業名',
  theme: { label: 'テーマ', format: (v) => THEME_LABELS[v as TCompanySettings['theme']] },
  flags: {
    label: '機能',
    format: (v) =>
      COMPANY_FLAGS.map(
        (f) => `${COMPANY_FLAG_LABELS[f]} ${onOff((v as TCompanySettings['flags'])[f])}`,
      ).join('、'),
  },
  auditRetentionYears: { label: AUDIT_RETENTION_LABEL, format: (v) => `${Number(v)}年` },
};
