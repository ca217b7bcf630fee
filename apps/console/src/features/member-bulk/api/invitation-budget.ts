import { useQuery } from '@tanstack/react-query';
import { companySettingsEndpoints } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { memberBulkKeys } from './keys.ts';

/** Invitations the service may still mail today: what a bulk add's confirmation counts against. */
export const useInvitationBudget = (isEnabled: boolean) =>
  useQuery({
    queryKey: memberBulkKeys.invitationBudget(),
    queryFn: async ({ signal }) =>
      (await callEndpoint(companySettingsEndpoints.invitationBudget, { signal })).budget,
    enabled: isEnabled,
    staleTime: 0,
  });
