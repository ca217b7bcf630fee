import { LeaversPage } from '#features/provisioning-leavers/components/leavers-page.tsx';

export function Component() {
  return <LeaversPage />;
}
