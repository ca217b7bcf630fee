import { PendingPage } from './pending-page.tsx';

// Route module (lazy-loaded). Replace the body with the feature's page; keep the `Component` export.
export function Component() {
  return <PendingPage />;
}
