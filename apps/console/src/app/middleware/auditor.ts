import { canReadAuditLog } from '@cloudsign/contract';
import { FatalError } from '../../lib/fatal-error.ts';
import type { Middleware } from './types.ts';

/** The gate's text: what is missing, and who can help (never 「ask 組織管理者」 alone: he may be the reader). */
export const AUDITOR_ONLY_MESSAGE =
  '監査ログは監査ログ閲覧権限を持つメンバーのみ閲覧できます（エンタープライズプランで監査ログがオンの企業）。' +
  'この権限は組織管理者も自分自身には付けられないため、別の組織管理者に付けてもらってください（閲覧できるメンバーは企業設定の「監査ログ」に表示されます）。';

/**
 * The audit log viewer: the company's auditLog flag, the enterprise plan and the member's own
 * 監査ログ閲覧権限. Others get the error page (403) saying so, as the other gated pages do.
 */
export const auditor: Middleware = ({ user }) => {
  if (!user || !canReadAuditLog(user)) throw new FatalError(403, AUDITOR_ONLY_MESSAGE);
};
