import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { documentEndpoints } from '@cloudsign/contract';
import type { ApiQuery } from '../../../lib/api-client.ts';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { documentKeys } from './keys.ts';

/** `GET /documents`: one page of the search. */
export const findDocuments = (query: ApiQuery, signal?: AbortSignal) =>
  callEndpoint(documentEndpoints.find, { query, signal });

export const documentsQuery = (query: ApiQuery) =>
  queryOptions({
    queryKey: documentKeys.list(query),
    queryFn: ({ signal }) => findDocuments(query, signal),
    placeholderData: keepPreviousData,
  });

export const useDocuments = (query: ApiQuery) => useQuery(documentsQuery(query));
