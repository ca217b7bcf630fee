import { queryOptions, useQuery } from '@tanstack/react-query';
import { documentEndpoints } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { documentKeys } from './keys.ts';

/** `GET /documents/{id}`: attributes, participants, files, cabinets. */
export const getDocument = (id: string, signal?: AbortSignal) =>
  callEndpoint(documentEndpoints.get, { params: { id }, signal });

export const documentQuery = (id: string) =>
  queryOptions({
    queryKey: documentKeys.detail(id),
    queryFn: async ({ signal }) => (await getDocument(id, signal)).document,
  });

export const useDocument = (id: string) => useQuery(documentQuery(id));
