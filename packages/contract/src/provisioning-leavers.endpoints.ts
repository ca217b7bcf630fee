/** Leavers from provisioning (server: modules/provisioning; console: features/provisioning-leavers). */
import { endpoint } from './endpoint.ts';
import {
  ZDeactivationQueueResponse,
  ZDecideDeactivationsRequest,
  ZDecideDeactivationsResponse,
  ZLeaverSettingsResponse,
  ZUpdateLeaverSettingsRequest,
} from './provisioning-leavers.ts';

export const provisioningLeaversEndpoints = {
  settings: endpoint({
    method: 'GET',
    path: '/company/provisioning/leavers',
    response: ZLeaverSettingsResponse,
  }),
  updateSettings: endpoint({
    method: 'PUT',
    path: '/company/provisioning/leavers',
    ifMatch: true,
    body: ZUpdateLeaverSettingsRequest,
    response: ZLeaverSettingsResponse,
  }),
  queue: endpoint({
    method: 'GET',
    path: '/company/provisioning/deactivations',
    response: ZDeactivationQueueResponse,
  }),
  apply: endpoint({
    method: 'POST',
    path: '/company/provisioning/deactivations/apply',
    body: ZDecideDeactivationsRequest,
    response: ZDecideDeactivationsResponse,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/company/provisioning/deactivations/cancel',
    body: ZDecideDeactivationsRequest,
    response: ZDecideDeactivationsResponse,
  }),
};
