/**
 * Where 「この人の操作履歴」 and 「この書類の履歴」 lead: the audit log viewer with its filter in the URL, so
 * the link can be shared and the viewer's filters start from it.
 */
export const AUDIT_LOG_PATH = '/company/audit_log';

export function auditLogHref(filter: { actorId?: string; targetType?: string; targetId?: string }) {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filter)) if (value) search.set(key, value);
  const q = search.toString();
  return q ? `${AUDIT_LOG_PATH}?${q}` : AUDIT_LOG_PATH;
}
