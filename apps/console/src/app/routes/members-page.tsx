import { MembersPage } from '#features/members/components/members-page.tsx';

export function Component() {
  return <MembersPage />;
}
