/** The company settings area's calls (server: modules/company-settings; console: features/company-settings). */
import {
  ZInvitationBudgetResponse,
  ZCompanySettingsPreviewResponse,
  ZCompanySettingsResponse,
  ZMfaRemindersResponse,
  ZUpdateCompanySettingsRequest,
} from './company-settings.ts';
import { endpoint } from './endpoint.ts';

export const companySettingsEndpoints = {
  get: endpoint({ method: 'GET', path: '/company/settings', response: ZCompanySettingsResponse }),
  update: endpoint({
    method: 'PUT',
    path: '/company/settings',
    ifMatch: true,
    body: ZUpdateCompanySettingsRequest,
    response: ZCompanySettingsResponse,
  }),
  preview: endpoint({
    method: 'POST',
    path: '/company/settings/preview',
    ifMatch: true,
    body: ZUpdateCompanySettingsRequest,
    response: ZCompanySettingsPreviewResponse,
  }),
  invitationBudget: endpoint({
    method: 'GET',
    path: '/company/settings/invitation_budget',
    response: ZInvitationBudgetResponse,
  }),
  mfaReminders: endpoint({
    method: 'POST',
    path: '/company/settings/mfa_reminders',
    response: ZMfaRemindersResponse,
  }),
};
