import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZFindMemberGroupsResponse } from '@cloudsign/contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { memberKeys } from './keys.ts';

/** The groups of the group filter (`GET /member_groups`). */
export const findGroups = (signal?: AbortSignal) => apiFetch('/member_groups', { schema: ZFindMemberGroupsResponse, signal });

export const useGroupOptions = () =>
  useQuery(queryOptions({ queryKey: memberKeys.groups(), queryFn: async ({ signal }) => (await findGroups(signal)).memberGroups }));
