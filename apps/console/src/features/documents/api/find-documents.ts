import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZDocumentFindResponse } from '@cloudsign/contract';
import { apiFetch, type ApiQuery } from '../../../lib/api-client.ts';
import { documentKeys } from './keys.ts';

/** `GET /documents`: one page of the search. */
export const findDocuments = (query: ApiQuery, signal?: AbortSignal) =>
  apiFetch('/documents', { query, schema: ZDocumentFindResponse, signal });

export const documentsQuery = (query: ApiQuery) =>
  queryOptions({
    queryKey: documentKeys.list(query),
    queryFn: ({ signal }) => findDocuments(query, signal),
    placeholderData: keepPreviousData,
  });

export const useDocuments = (query: ApiQuery) => useQuery(documentsQuery(query));
