import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { ZDocumentFindResponse } from '@cloudsign/contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { cabinetKeys } from './keys.ts';

export const CABINET_DOCUMENTS_PER_PAGE = 50;

/** The cabinet's documents through the documents search (`GET /documents?cabinetId=…`), newest first. */
export const findCabinetDocuments = (
  id: string,
  q: { page: number; keyword: string },
  signal?: AbortSignal,
) =>
  apiFetch('/documents', {
    query: { cabinetId: id, page: q.page, perPage: CABINET_DOCUMENTS_PER_PAGE, keyword: q.keyword },
    schema: ZDocumentFindResponse,
    signal,
  });

export const useCabinetDocuments = (id: string, q: { page: number; keyword: string }) =>
  useQuery(
    queryOptions({
      queryKey: cabinetKeys.documentPage(id, q),
      queryFn: ({ signal }) => findCabinetDocuments(id, q, signal),
      placeholderData: keepPreviousData,
    }),
  );
