import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZFindMemberGroupsResponse } from '@cloudsign/contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { memberGroupKeys } from './keys.ts';

export const findMemberGroups = (signal?: AbortSignal) => apiFetch('/member_groups', { schema: ZFindMemberGroupsResponse, signal });

export const useMemberGroups = () =>
  useQuery(queryOptions({ queryKey: memberGroupKeys.lists(), queryFn: ({ signal }) => findMemberGroups(signal) }));
