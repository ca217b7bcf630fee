import { useQuery } from '@tanstack/react-query';
import { ZFindCabinetsResponse } from '@cloudsign/contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { attributeBulkKeys } from './keys.ts';

/** `GET /cabinets`: the cabinets the download can be narrowed to. */
export const useCabinetChoices = () =>
  useQuery({
    queryKey: attributeBulkKeys.cabinets(),
    queryFn: async ({ signal }) =>
      (await apiFetch('/cabinets', { schema: ZFindCabinetsResponse, signal })).cabinets,
    staleTime: 60_000,
  });
