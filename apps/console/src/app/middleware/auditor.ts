import { canReadAuditLog } from '@cloudsign/contract';
import { FatalError } from '../../lib/fatal-error.ts';
import type { Middleware } from './types.ts';

/** The gate's text: what is missing, and who can help. */
export const AUDITOR_ONLY_MESSAGE =
  '監査ログは監査ログ閲覧権限を持つメンバーのみ閲覧できます（エンタープライズプランで監査ログがオンの企業）。権限が必要な場合は組織管理者にご依頼ください。';

/**
 * The audit log viewer: the company's auditLog flag, the enterprise plan and the member's own
 * 監査ログ閲覧権限. Others get the error page (403) saying so, as the other gated pages do.
 */
export const auditor: Middleware = ({ user }) => {
  if (!user || !canReadAuditLog(user)) throw new FatalError(403, AUDITOR_ONLY_MESSAGE);
};
