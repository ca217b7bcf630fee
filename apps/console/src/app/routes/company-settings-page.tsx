import { CompanySettingsPage } from '#features/company-settings/components/company-settings-page.tsx';

export function Component() {
  return <CompanySettingsPage />;
}
