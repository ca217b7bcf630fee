import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  memberGroupEndpoints,
  type TCreateMemberGroupRequest,
  type TFindMembersResponse,
  type TUpdateMemberGroupRequest,
} from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { memberGroupKeys } from './keys.ts';

export const createMemberGroup = (body: TCreateMemberGroupRequest) =>
  callEndpoint(memberGroupEndpoints.create, { body });
/** `version`: the group's `updatedAt` as the form read it (a stale one is refused: 409 stale_version). */
export const updateMemberGroup = ({
  id,
  body,
  version,
}: {
  id: string;
  body: TUpdateMemberGroupRequest;
  version: string;
}) => callEndpoint(memberGroupEndpoints.update, { params: { id }, body, version });
export const deleteMemberGroup = (id: string) =>
  callEndpoint(memberGroupEndpoints.delete, { params: { id } });
export const addGroupUsers = ({ id, userIds }: { id: string; userIds: string[] }) =>
  callEndpoint(memberGroupEndpoints.addUsers, { params: { id }, body: { userIds } });
export const removeGroupUsers = ({ id, userIds }: { id: string; userIds: string[] }) =>
  callEndpoint(memberGroupEndpoints.removeUsers, { params: { id }, body: { userIds } });

export function useCreateMemberGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createMemberGroup,
    onSuccess: () => client.invalidateQueries({ queryKey: memberGroupKeys.lists() }),
  });
}

export function useUpdateMemberGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateMemberGroup,
    onSuccess: ({ memberGroup }) => {
      client.setQueryData(memberGroupKeys.detail(memberGroup.id), memberGroup);
      void client.invalidateQueries({ queryKey: memberGroupKeys.lists() });
    },
  });
}

export function useDeleteMemberGroup() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteMemberGroup,
    onSuccess: (_d, id) => {
      client.removeQueries({ queryKey: memberGroupKeys.detail(id) });
      void client.invalidateQueries({ queryKey: memberGroupKeys.lists() });
    },
  });
}

export function useAddGroupUsers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: addGroupUsers,
    onSuccess: ({ memberGroup }) => {
      client.setQueryData(memberGroupKeys.detail(memberGroup.id), memberGroup);
      void client.invalidateQueries({ queryKey: memberGroupKeys.members(memberGroup.id) });
      void client.invalidateQueries({ queryKey: memberGroupKeys.lists() });
    },
  });
}

/** Spec §4: removing members lowers the total by exactly the count removed (the server's count). */
export function useRemoveGroupUsers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: removeGroupUsers,
    onSuccess: ({ removed, memberGroup }, { userIds }) => {
      client.setQueryData(memberGroupKeys.detail(memberGroup.id), memberGroup);
      client.setQueryData<TFindMembersResponse>(memberGroupKeys.members(memberGroup.id), (data) =>
        data
          ? {
              members: data.members.filter((m) => !userIds.includes(m.id)),
              total: data.total - removed,
            }
          : data,
      );
      void client.invalidateQueries({ queryKey: memberGroupKeys.lists() });
    },
  });
}
