import type { QueryClient } from '@tanstack/react-query';
import { MEMBER_LIST_DEFAULTS, ZMemberListQuery, normalizeListQuery } from '@cloudsign/contract';
import { MembersPage } from '#features/members/components/members-page.tsx';
import { membersQuery } from '#features/members/api/find-members.ts';
import { memberGroupListQuery } from '../../lib/shared-reads/member-groups.ts';
import { startRead } from './start-read.ts';

export function Component() {
  return <MembersPage />;
}

/** The list and the groups of the filter, with the keys the page reads them under. */
export function preload(queryClient: QueryClient, url: URL) {
  const { query } = normalizeListQuery(ZMemberListQuery, MEMBER_LIST_DEFAULTS, url.searchParams);
  startRead(queryClient, membersQuery(query));
  startRead(queryClient, memberGroupListQuery());
}
