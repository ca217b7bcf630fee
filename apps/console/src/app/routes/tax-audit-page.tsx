import { TaxAuditPage } from '#features/tax-audit/components/tax-audit-page.tsx';

export function Component() {
  return <TaxAuditPage />;
}
