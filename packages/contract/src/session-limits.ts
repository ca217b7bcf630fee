import { z } from 'zod';
import { ZId, strictRequestBody } from './common.ts';

/**
 * Session limits of a company (企業設定 › セキュリティ; server: modules/session-limits). A session unused for
 * the idle timeout ends (none by default), and every session ends the absolute length after its sign-in.
 */
export const IDLE_TIMEOUT_LABEL = '無操作タイムアウト（分）';
export const SESSION_MAX_HOURS_LABEL = 'ログインの有効期間（時間）';
export const IDLE_TIMEOUT_MIN_MINUTES = 15;
export const IDLE_TIMEOUT_MAX_MINUTES = 24 * 60;
export const SESSION_MAX_HOURS_MIN = 1;
export const SESSION_MAX_HOURS_MAX = 720;
export const DEFAULT_SESSION_MAX_HOURS = 12;

const idleMessage = `「${IDLE_TIMEOUT_LABEL}」は${IDLE_TIMEOUT_MIN_MINUTES}から${IDLE_TIMEOUT_MAX_MINUTES}までの整数（15分〜24時間）で入力してください。`;
const hoursMessage = `「${SESSION_MAX_HOURS_LABEL}」は${SESSION_MAX_HOURS_MIN}から${SESSION_MAX_HOURS_MAX}までの整数で入力してください。`;

/** Minutes, or null for no idle timeout. */
export const ZIdleTimeoutMinutes = z
  .number({ message: idleMessage })
  .int(idleMessage)
  .min(IDLE_TIMEOUT_MIN_MINUTES, idleMessage)
  .max(IDLE_TIMEOUT_MAX_MINUTES, idleMessage)
  .nullable();
export const ZSessionMaxHours = z
  .number({ message: hoursMessage })
  .int(hoursMessage)
  .min(SESSION_MAX_HOURS_MIN, hoursMessage)
  .max(SESSION_MAX_HOURS_MAX, hoursMessage);

export const ZSessionLimits = z.object({
  companyId: ZId,
  idleTimeoutMinutes: z.number().int().nullable(),
  sessionMaxHours: z.number().int(),
  /** Bumped by every change; a save or preview names it in If-Match, an older one is refused with 409. */
  version: z.number().int(),
});
export type TSessionLimits = z.infer<typeof ZSessionLimits>;
export const ZSessionLimitsResponse = z.object({ limits: ZSessionLimits });

export const ZUpdateSessionLimitsRequest = strictRequestBody({
  idleTimeoutMinutes: ZIdleTimeoutMinutes,
  sessionMaxHours: ZSessionMaxHours,
});
export type TUpdateSessionLimitsRequest = z.infer<typeof ZUpdateSessionLimitsRequest>;

/** A member whose sessions the new limits would end now, and how many. */
export const ZSessionLimitsAffected = z.object({
  id: ZId,
  name: z.string(),
  email: z.string(),
  sessions: z.number().int(),
});
export const ZSessionLimitsPreview = z.object({
  /** Sessions that would end at once (idle too long or older than the length). */
  sessions: z.number().int(),
  /** Their members, in the member list's order (the first 100). */
  members: z.array(ZSessionLimitsAffected),
  memberCount: z.number().int(),
  /** The admin's own session is among them: he would be sent to the login page too. */
  includesYou: z.boolean(),
});
export type TSessionLimitsPreview = z.infer<typeof ZSessionLimitsPreview>;
export const ZSessionLimitsPreviewResponse = z.object({ preview: ZSessionLimitsPreview });

/** Why the login page is shown after a session ended (the site's `notice` query; modules/sign-in/login.routes.ts). */
export const SESSION_END_HEADER = 'x-session-end';
export type TSessionEnd = 'idle_timeout' | 'session_expired';

/** How a limit reads in the console and the audit log. */
export function idleTimeoutWords(minutes: number | null): string {
  if (minutes === null) return 'なし';
  if (minutes % 60 === 0) return `${minutes / 60}時間`;
  return minutes > 60 ? `${Math.floor(minutes / 60)}時間${minutes % 60}分` : `${minutes}分`;
}
