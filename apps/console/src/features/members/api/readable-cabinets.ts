import { queryOptions, useQuery } from '@tanstack/react-query';
import { cabinetEndpoints } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { memberKeys } from './keys.ts';

/** `GET /cabinets_read_document/{id}`: the cabinets the member may read, and why (cabinets area's call). */
export const findReadableCabinets = (id: string, signal?: AbortSignal) =>
  callEndpoint(cabinetEndpoints.readableBy, { params: { id }, signal });

export const useReadableCabinets = (id: string | null) =>
  useQuery(
    queryOptions({
      queryKey: memberKeys.readableCabinets(id ?? ''),
      queryFn: async ({ signal }) => (await findReadableCabinets(id!, signal)).cabinets,
      enabled: id !== null,
    }),
  );
