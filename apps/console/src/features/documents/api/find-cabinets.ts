import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZFindCabinetsResponse } from '@cloudsign/contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { documentKeys } from './keys.ts';

/** `GET /cabinets`: the cabinets the caller may access (the filter and the import target). */
export const documentCabinetsQuery = () =>
  queryOptions({
    queryKey: documentKeys.cabinets(),
    queryFn: async ({ signal }) =>
      (await apiFetch('/cabinets', { schema: ZFindCabinetsResponse, signal })).cabinets,
    staleTime: 60_000,
  });

export const useDocumentCabinets = () => useQuery(documentCabinetsQuery());
