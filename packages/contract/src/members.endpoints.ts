/** The members area's calls (server: modules/members; console: features/members). */
import { ZIdParams } from './common.ts';
import { endpoint, type HttpMethod } from './endpoint.ts';
import {
  ZCreateUserRequest,
  ZFindMembersQuery,
  ZFindMembersResponse,
  ZUpdateUserRequest,
  ZUserResponse,
} from './members.ts';
import {
  ZDeleteUserQuery,
  ZDeleteUserResponse,
  ZMemberHoldingsResponse,
} from './member-holdings.ts';

/** A call on one member: `/users/:id…`. */
const member = <const M extends HttpMethod, const P extends `/users/:id${string}`>(
  method: M,
  path: P,
) => ({
  method,
  path,
  params: ZIdParams,
});

export const memberEndpoints = {
  find: endpoint({
    method: 'GET',
    path: '/members',
    query: ZFindMembersQuery,
    response: ZFindMembersResponse,
  }),
  get: endpoint({ ...member('GET', '/users/:id'), response: ZUserResponse }),
  create: endpoint({
    method: 'POST',
    path: '/users',
    body: ZCreateUserRequest,
    response: ZUserResponse,
    status: 201,
  }),
  update: endpoint({
    ...member('PUT', '/users/:id'),
    body: ZUpdateUserRequest,
    response: ZUserResponse,
    ifMatch: true,
  }),
  delete: endpoint({
    ...member('DELETE', '/users/:id'),
    query: ZDeleteUserQuery,
    response: ZDeleteUserResponse,
  }),
  holdings: endpoint({
    ...member('GET', '/users/:id/holdings'),
    response: ZMemberHoldingsResponse,
  }),
  remindRegister: endpoint({
    ...member('PUT', '/users/:id/remind_register'),
    response: ZUserResponse,
  }),
  passwordReset: endpoint({
    ...member('PUT', '/users/:id/password_reset'),
    response: ZUserResponse,
  }),
  resetMfa: endpoint({ ...member('DELETE', '/users/:id/mfa'), response: ZUserResponse }),
  deactivate: endpoint({ ...member('PUT', '/users/:id/deactivate'), response: ZUserResponse }),
  restore: endpoint({ ...member('PUT', '/users/:id/restore'), response: ZUserResponse }),
};
