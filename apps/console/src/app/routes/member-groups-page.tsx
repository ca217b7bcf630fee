import type { QueryClient } from '@tanstack/react-query';
import { MemberGroupsPage } from '#features/member-groups/components/member-groups-page.tsx';
import { memberGroupListQuery } from '../../lib/shared-reads/member-groups.ts';
import { startRead } from './start-read.ts';

export function Component() {
  return <MemberGroupsPage />;
}

/** The company's groups, under the key the page reads them. */
export function preload(queryClient: QueryClient) {
  startRead(queryClient, memberGroupListQuery());
}
