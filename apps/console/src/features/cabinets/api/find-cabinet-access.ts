import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { cabinetEndpoints } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { cabinetKeys } from './keys.ts';

/** `GET /cabinets/{id}/access`: who can read the cabinet and why, 50 a page. */
export const findCabinetAccess = (
  id: string,
  q: { page: number; keyword: string },
  signal?: AbortSignal,
) =>
  callEndpoint(cabinetEndpoints.access, {
    params: { id },
    query: { page: q.page, keyword: q.keyword },
    signal,
  });

export const useCabinetAccess = (
  id: string,
  q: { page: number; keyword: string },
  enabled = true,
) =>
  useQuery(
    queryOptions({
      queryKey: cabinetKeys.accessPage(id, q),
      queryFn: ({ signal }) => findCabinetAccess(id, q, signal),
      placeholderData: keepPreviousData,
      enabled,
    }),
  );
