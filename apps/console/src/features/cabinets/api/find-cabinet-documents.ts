import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { DOCUMENT_TOTAL_CAP, documentEndpoints } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { cabinetKeys } from './keys.ts';

export const CABINET_DOCUMENTS_PER_PAGE = 50;
// The last page the api can show; a page past it (`?page=999`) asks for this one, and the panel says so.
const LAST_SHOWABLE_PAGE = Math.ceil(DOCUMENT_TOTAL_CAP / CABINET_DOCUMENTS_PER_PAGE);

/** The cabinet's documents through the documents search (`GET /documents?cabinetId=…`), newest first. */
export const findCabinetDocuments = (
  id: string,
  q: { page: number; keyword: string },
  signal?: AbortSignal,
) =>
  callEndpoint(documentEndpoints.find, {
    query: {
      cabinetId: id,
      page: Math.min(q.page, LAST_SHOWABLE_PAGE),
      perPage: CABINET_DOCUMENTS_PER_PAGE,
      keyword: q.keyword,
    },
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
