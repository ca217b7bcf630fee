import { ProvisioningPage } from '#features/provisioning/components/provisioning-page.tsx';

export function Component() {
  return <ProvisioningPage />;
}
