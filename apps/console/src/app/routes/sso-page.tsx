import { SsoPage } from '#features/sso/components/sso-page.tsx';

export function Component() {
  return <SsoPage />;
}
