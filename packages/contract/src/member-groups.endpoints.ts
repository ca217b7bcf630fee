/** The member groups area's calls (server: modules/member-groups; console: features/member-groups, shared reads). */
import { ZIdParams, ZOk } from './common.ts';
import { endpoint, type HttpMethod } from './endpoint.ts';
import {
  ZCreateMemberGroupRequest,
  ZFindMemberGroupsQuery,
  ZFindMemberGroupsResponse,
  ZMemberGroupResponse,
  ZMemberGroupUsersAddedResponse,
  ZMemberGroupUsersRemovedResponse,
  ZMemberGroupUsersRequest,
  ZUpdateMemberGroupRequest,
} from './member-groups.ts';

/** A call on one group: `/member_groups/:id…`. */
const group = <const M extends HttpMethod, const P extends `/member_groups/:id${string}`>(
  method: M,
  path: P,
) => ({ method, path, params: ZIdParams });

export const memberGroupEndpoints = {
  find: endpoint({
    method: 'GET',
    path: '/member_groups',
    query: ZFindMemberGroupsQuery,
    response: ZFindMemberGroupsResponse,
  }),
  create: endpoint({
    method: 'POST',
    path: '/member_groups',
    body: ZCreateMemberGroupRequest,
    response: ZMemberGroupResponse,
    status: 201,
  }),
  get: endpoint({ ...group('GET', '/member_groups/:id'), response: ZMemberGroupResponse }),
  update: endpoint({
    ...group('PUT', '/member_groups/:id'),
    body: ZUpdateMemberGroupRequest,
    response: ZMemberGroupResponse,
    ifMatch: true,
  }),
  delete: endpoint({ ...group('DELETE', '/member_groups/:id'), response: ZOk }),
  addUsers: endpoint({
    ...group('POST', '/member_groups/:id/users'),
    body: ZMemberGroupUsersRequest,
    response: ZMemberGroupUsersAddedResponse,
  }),
  removeUsers: endpoint({
    ...group('DELETE', '/member_groups/:id/users'),
    body: ZMemberGroupUsersRequest,
    response: ZMemberGroupUsersRemovedResponse,
  }),
};
