/** The cabinets area's calls (server: modules/cabinets; console: features/cabinets, members, shared reads). */
import { ZIdParams } from './common.ts';
import { endpoint, type HttpMethod } from './endpoint.ts';
import {
  ZBackfillParams,
  ZCabinetAccessQuery,
  ZCabinetAccessResponse,
  ZCabinetAdminsRequest,
  ZCabinetCandidatesQuery,
  ZCabinetDocumentsDeleteRequest,
  ZCabinetDocumentsRequest,
  ZCabinetDocumentsResponse,
  ZCabinetGroupCandidatesResponse,
  ZCabinetMemberCandidatesResponse,
  ZCabinetMemberGroupDeleteRequest,
  ZCabinetMemberGroupsRequest,
  ZCabinetResponse,
  ZCabinetsReadDocumentResponse,
  ZClassificationBackfillResponse,
  ZClassificationBackfillsResponse,
  ZClassificationDryRunRequest,
  ZClassificationDryRunResponse,
  ZClassificationRulesDeleteRequest,
  ZClassificationRulesRequest,
  ZClassificationRulesResponse,
  ZCreateCabinetRequest,
  ZDeleteCabinetResponse,
  ZFindCabinetsResponse,
  ZUpdateCabinetRequest,
} from './cabinets.ts';

/** A call on one cabinet: `/cabinets/:id…`. */
const cabinet = <const M extends HttpMethod, const P extends `/cabinets/:id${string}`>(
  method: M,
  path: P,
) => ({ method, path, params: ZIdParams });

export const cabinetEndpoints = {
  find: endpoint({ method: 'GET', path: '/cabinets', response: ZFindCabinetsResponse }),
  create: endpoint({
    method: 'POST',
    path: '/cabinets',
    body: ZCreateCabinetRequest,
    response: ZCabinetResponse,
    status: 201,
  }),
  get: endpoint({ ...cabinet('GET', '/cabinets/:id'), response: ZCabinetResponse }),
  update: endpoint({
    ...cabinet('PUT', '/cabinets/:id'),
    body: ZUpdateCabinetRequest,
    response: ZCabinetResponse,
    ifMatch: true,
  }),
  delete: endpoint({ ...cabinet('DELETE', '/cabinets/:id'), response: ZDeleteCabinetResponse }),
  addMemberGroups: endpoint({
    ...cabinet('PUT', '/cabinets/:id/member_groups'),
    body: ZCabinetMemberGroupsRequest,
    response: ZCabinetResponse,
  }),
  removeMemberGroup: endpoint({
    ...cabinet('DELETE', '/cabinets/:id/member_groups'),
    body: ZCabinetMemberGroupDeleteRequest,
    response: ZCabinetResponse,
  }),
  addAdmins: endpoint({
    ...cabinet('POST', '/cabinets/:id/admins'),
    body: ZCabinetAdminsRequest,
    response: ZCabinetResponse,
  }),
  removeAdmins: endpoint({
    ...cabinet('DELETE', '/cabinets/:id/admins'),
    body: ZCabinetAdminsRequest,
    response: ZCabinetResponse,
  }),
  fileDocuments: endpoint({
    ...cabinet('POST', '/cabinets/:id/documents'),
    body: ZCabinetDocumentsRequest,
    response: ZCabinetDocumentsResponse,
  }),
  unfileDocuments: endpoint({
    ...cabinet('DELETE', '/cabinets/:id/documents'),
    body: ZCabinetDocumentsDeleteRequest,
    response: ZCabinetDocumentsResponse,
  }),
  addRules: endpoint({
    ...cabinet('POST', '/cabinets/:id/classification_rules'),
    body: ZClassificationRulesRequest,
    response: ZClassificationRulesResponse,
  }),
  removeRules: endpoint({
    ...cabinet('DELETE', '/cabinets/:id/classification_rules'),
    body: ZClassificationRulesDeleteRequest,
    response: ZClassificationRulesResponse,
  }),
  dryRunRules: endpoint({
    ...cabinet('POST', '/cabinets/:id/classification_rules/dry_run'),
    body: ZClassificationDryRunRequest,
    response: ZClassificationDryRunResponse,
  }),
  backfills: endpoint({
    ...cabinet('GET', '/cabinets/:id/classification_rules/backfills'),
    response: ZClassificationBackfillsResponse,
  }),
  backfill: endpoint({
    method: 'GET',
    path: '/cabinets/:id/classification_rules/backfills/:backfillId',
    params: ZBackfillParams,
    response: ZClassificationBackfillResponse,
  }),
  access: endpoint({
    ...cabinet('GET', '/cabinets/:id/access'),
    query: ZCabinetAccessQuery,
    response: ZCabinetAccessResponse,
  }),
  /** The other way round from `access`: the cabinets one member may read, and why. */
  readableBy: endpoint({
    method: 'GET',
    path: '/cabinets_read_document/:id',
    params: ZIdParams,
    response: ZCabinetsReadDocumentResponse,
  }),
  memberCandidates: endpoint({
    ...cabinet('GET', '/cabinets/:id/member_candidates'),
    query: ZCabinetCandidatesQuery,
    response: ZCabinetMemberCandidatesResponse,
  }),
  groupCandidates: endpoint({
    ...cabinet('GET', '/cabinets/:id/group_candidates'),
    response: ZCabinetGroupCandidatesResponse,
  }),
};
