import { AuditLogPage } from '#features/audit-log/components/audit-log-page.tsx';

export function Component() {
  return <AuditLogPage />;
}
