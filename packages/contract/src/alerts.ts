/** Renewal and notice alerts (docs/design.md §2 "期限アラート"): a cabinet's rules, the upcoming view, the feed. */
import { z } from 'zod';
import { ZId, strictRequestBody } from './common.ts';

/** The 書類情報 dates a rule may watch, in the words of the attribute form. */
export const ALERT_DATE_ITEMS = ['validityEndNoticeAt', 'validityEndAt'] as const;
export type TAlertDateItem = (typeof ALERT_DATE_ITEMS)[number];
export const ALERT_DATE_ITEM_LABELS: Record<TAlertDateItem, string> = {
  validityEndNoticeAt: '解約通知期限',
  validityEndAt: '契約終了日',
};
export const ALERT_RULES_MAX = 10;
export const ALERT_DAYS_MAX = 365;
export const ALERT_RECIPIENTS_MAX = 100;

/** 「解約通知期限の30日前」 */
export const alertRuleLabel = (r: { dateItem: TAlertDateItem; daysBefore: number }) =>
  `${ALERT_DATE_ITEM_LABELS[r.dateItem]}の${r.daysBefore}日前`;

export const ZAlertRuleInput = strictRequestBody({
  dateItem: z.enum(ALERT_DATE_ITEMS, {
    message: '対象の日付は「解約通知期限」または「契約終了日」から選んでください。',
  }),
  daysBefore: z
    .number({ message: '何日前かを数値で入力してください。' })
    .int({ message: '何日前かは整数で入力してください。' })
    .min(0, { message: '何日前かは0以上で入力してください。' })
    .max(ALERT_DAYS_MAX, { message: `何日前かは${ALERT_DAYS_MAX}以下で入力してください。` }),
});

export const ZAlertSettingsRequest = strictRequestBody({
  rules: z
    .array(ZAlertRuleInput)
    .max(ALERT_RULES_MAX, { message: `ルールは${ALERT_RULES_MAX}件まで設定できます。` })
    .refine(
      (rules) => new Set(rules.map((r) => `${r.dateItem}:${r.daysBefore}`)).size === rules.length,
      { message: '同じルールが重複しています。' },
    ),
  memberIds: z.array(ZId).max(ALERT_RECIPIENTS_MAX, {
    message: `通知するメンバーは${ALERT_RECIPIENTS_MAX}人までです。`,
  }),
  groupIds: z.array(ZId).max(ALERT_RECIPIENTS_MAX, {
    message: `通知するグループは${ALERT_RECIPIENTS_MAX}件までです。`,
  }),
});
export type TAlertSettingsRequest = z.infer<typeof ZAlertSettingsRequest>;

const ZNamed = z.object({ id: z.string(), name: z.string() });
export const ZAlertRule = z.object({
  key: z.string(),
  dateItem: z.enum(ALERT_DATE_ITEMS),
  daysBefore: z.number(),
});
export type TAlertRule = z.infer<typeof ZAlertRule>;
export const ZAlertSettings = z.object({
  cabinetId: z.string(),
  rules: z.array(ZAlertRule),
  members: z.array(ZNamed),
  groups: z.array(ZNamed),
  /**
   * The version a save names in If-Match; null: never saved, whose version is `ALERT_SETTINGS_NEVER_SAVED`
   * (so of two admins who both read an empty setting, the second save is refused, not written over the first).
   */
  updatedAt: z.string().nullable(),
});
/** The If-Match version of a cabinet's alert settings that were never saved. */
export const ALERT_SETTINGS_NEVER_SAVED = new Date(0).toISOString();
export type TAlertSettings = z.infer<typeof ZAlertSettings>;
export const ZAlertSettingsResponse = z.object({ settings: ZAlertSettings });

/** One document's coming deadline under one rule. */
export const ZUpcomingDeadline = z.object({
  documentId: z.string(),
  title: z.string(),
  counterparty: z.string().nullable(),
  cabinetId: z.string(),
  cabinetName: z.string(),
  ruleKey: z.string(),
  ruleLabel: z.string(),
  dateItem: z.enum(ALERT_DATE_ITEMS),
  /** YYYY-MM-DD (JST): the date as stored, or rolled forward for 自動更新あり. */
  deadline: z.string(),
  daysLeft: z.number(),
  isRolledForward: z.boolean(),
});
export type TUpcomingDeadline = z.infer<typeof ZUpcomingDeadline>;
export const ZUpcomingDeadlinesResponse = z.object({
  /** Today in JST (YYYY-MM-DD). */
  today: z.string(),
  items: z.array(ZUpcomingDeadline),
});

export const ZCalendarFeedResponse = z.object({
  isIssued: z.boolean(),
  issuedAt: z.string().nullable(),
  /** Only in the answer that issued it: the secret is stored hashed and never shown again. */
  url: z.string().nullable(),
});
