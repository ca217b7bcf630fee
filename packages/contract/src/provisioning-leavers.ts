import { z } from 'zod';
import { ZId, strictRequestBody } from './common.ts';

/**
 * Leavers from provisioning (issue 34, docs/design.md "Leavers from provisioning"): a member the company's IdP
 * deactivates is put in 利用停止 (never deleted), and what he held (cabinets he administers, documents he sent)
 * goes to a 移管先 by the company's rule. More than the brake's number of deactivations in an hour wait for an
 * admin's 「適用する」 or 「取り消す」.
 */
export const SUCCESSOR_RULES = ['cabinetAdmins', 'fallback'] as const;
export const ZSuccessorRule = z.enum(SUCCESSOR_RULES, {
  message: '移管先の決め方は cabinetAdmins または fallback を指定してください。',
});
export type TSuccessorRule = z.infer<typeof ZSuccessorRule>;
export const SUCCESSOR_RULE_LABELS: Record<TSuccessorRule, string> = {
  cabinetAdmins: 'キャビネットのほかの管理者（いなければ指定したメンバー）',
  fallback: '指定したメンバー',
};

/** The brake's default: 50 deactivations an hour, or 5% of the members when that is larger. */
export const BRAKE_DEFAULT_MIN = 50;
export const BRAKE_DEFAULT_RATIO = 0.05;
export const BRAKE_THRESHOLD_MAX = 100_000;
export const BRAKE_LABEL = '1時間に利用停止できる人数の上限';
export const defaultBrakeThreshold = (memberCount: number) =>
  Math.max(BRAKE_DEFAULT_MIN, Math.ceil(memberCount * BRAKE_DEFAULT_RATIO));

export const ZLeaverMemberRef = z.object({ id: ZId, name: z.string(), email: z.string() });

export const ZLeaverSettings = z.object({
  successorRule: ZSuccessorRule,
  /** The named member (組織管理権限) who takes over; null = none named. */
  fallbackMember: ZLeaverMemberRef.nullable(),
  /** Null = the default (`defaultBrakeThreshold`). */
  brakeThreshold: z.number().int().nullable(),
  /** What applies now: the setting, or the default for today's member count. */
  effectiveThreshold: z.number().int(),
  memberCount: z.number().int(),
  version: z.number().int(),
  updatedAt: z.string(),
});
export type TLeaverSettings = z.infer<typeof ZLeaverSettings>;
export const ZLeaverSettingsResponse = z.object({ settings: ZLeaverSettings });

const thresholdMessage = `「${BRAKE_LABEL}」は1から${BRAKE_THRESHOLD_MAX.toLocaleString('ja-JP')}までの整数で入力してください。`;
export const ZUpdateLeaverSettingsRequest = strictRequestBody({
  successorRule: ZSuccessorRule,
  fallbackMemberId: z
    .uuid({ message: '移管先のメンバーのIDの形式が正しくありません。' })
    .nullable(),
  brakeThreshold: z
    .number({ message: thresholdMessage })
    .int(thresholdMessage)
    .min(1, thresholdMessage)
    .max(BRAKE_THRESHOLD_MAX, thresholdMessage)
    .nullable(),
});
export type TUpdateLeaverSettingsRequest = z.infer<typeof ZUpdateLeaverSettingsRequest>;

/** A deactivation waiting behind the brake: who, when it was asked for, and by which token. */
export const ZQueuedDeactivation = z.object({
  id: ZId,
  member: ZLeaverMemberRef,
  requestedAt: z.string(),
  tokenName: z.string(),
});
export type TQueuedDeactivation = z.infer<typeof ZQueuedDeactivation>;
export const ZDeactivationQueue = z.object({
  queued: z.array(ZQueuedDeactivation),
  /** Deactivations applied from provisioning in the last hour, and the number that engages the brake. */
  appliedLastHour: z.number().int(),
  threshold: z.number().int(),
});
export type TDeactivationQueue = z.infer<typeof ZDeactivationQueue>;
export const ZDeactivationQueueResponse = z.object({ queue: ZDeactivationQueue });

/** Rows by id, or every waiting row (`all: true`); one of the two. */
export const ZDecideDeactivationsRequest = strictRequestBody({
  ids: z
    .array(ZId, { message: '対象のIDを配列で指定してください。' })
    .min(1, '対象を1件以上指定してください。')
    .max(1000, '一度に指定できるのは1,000件までです。')
    .optional(),
  all: z
    .literal(true, { message: 'すべてを対象にするときは all に true を指定してください。' })
    .optional(),
}).refine((b) => (b.ids === undefined) !== (b.all === undefined), {
  message: '対象のID（ids）か、すべて（all）のどちらかを指定してください。',
  path: ['ids'],
});
export type TDecideDeactivationsRequest = z.infer<typeof ZDecideDeactivationsRequest>;
export const ZDecideDeactivationsResponse = z.object({
  /** Rows applied or cancelled; rows no longer waiting (decided meanwhile) are skipped. */
  count: z.number().int(),
});

/** Fields the company's IdP owns on a member it created (作成元 SCIM): read-only in the console and the CSV. */
export const SCIM_OWNED_FIELDS = ['name', 'email', 'organization'] as const;
export const SCIM_OWNED_MESSAGE = 'SCIMで管理されているため変更できません。';
export const SCIM_OWNED_NOTE =
  'このメンバーは企業のIdPからSCIMで管理されています。氏名・メールアドレス・所属・利用状態はIdPで変更してください。';
