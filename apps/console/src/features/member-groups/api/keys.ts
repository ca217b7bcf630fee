import { memberGroupListKeys } from '../../../lib/shared-reads/member-groups.ts';

/** Query keys of the member-groups feature (README rule 5); the lists are the shared read's, so mutations refresh every feature's list. */
export const memberGroupKeys = {
  all: memberGroupListKeys.all,
  lists: memberGroupListKeys.lists,
  detail: (id: string) => [...memberGroupKeys.all, 'detail', id] as const,
  members: (id: string) => [...memberGroupKeys.all, 'members', id] as const,
  candidates: (keyword: string) => [...memberGroupKeys.all, 'candidates', keyword] as const,
};
