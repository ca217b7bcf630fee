import { queryOptions, useQuery } from '@tanstack/react-query';
import { ZDocumentGetResponse } from '@cloudsign/contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { documentKeys } from './keys.ts';

/** `GET /documents/{id}`: attributes, participants, files, cabinets. */
export const getDocument = (id: string, signal?: AbortSignal) =>
  apiFetch(`/documents/${id}`, { schema: ZDocumentGetResponse, signal });

export const documentQuery = (id: string) =>
  queryOptions({
    queryKey: documentKeys.detail(id),
    queryFn: async ({ signal }) => (await getDocument(id, signal)).document,
  });

export const useDocument = (id: string) => useQuery(documentQuery(id));
