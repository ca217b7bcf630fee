import { MemberGroupsPage } from '#features/member-groups/components/member-groups-page.tsx';

export function Component() {
  return <MemberGroupsPage />;
}
