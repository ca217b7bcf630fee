import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZCabinetAccessResponse } from '@cloudsign/contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { cabinetKeys } from './keys.ts';

/** `GET /cabinets/{id}/access`: who can read the cabinet and why, 50 a page. */
export const findCabinetAccess = (
  id: string,
  q: { page: number; keyword: string },
  signal?: AbortSignal,
) =>
  apiFetch(`/cabinets/${id}/access`, {
    query: { page: q.page, keyword: q.keyword },
    schema: ZCabinetAccessResponse,
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
