import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZFindCabinetsResponse } from '@cloudsign/contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { cabinetKeys } from './keys.ts';

/** `GET /cabinets`: the cabinets the caller may access, 「すべての書類」 first. */
export const findCabinets = (signal?: AbortSignal) =>
  apiFetch('/cabinets', { schema: ZFindCabinetsResponse, signal });

export const cabinetsQuery = () =>
  queryOptions({ queryKey: cabinetKeys.lists(), queryFn: ({ signal }) => findCabinets(signal) });

export const useCabinets = () => useQuery(cabinetsQuery());
