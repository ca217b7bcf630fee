import { queryOptions, useQuery } from '@tanstack/react-query';
import { cabinetEndpoints } from '@cloudsign/contract';
import { callEndpoint } from '../call-endpoint.ts';

/**
 * `GET /cabinets` is read by several features (the cabinets page, the documents filter and import target, the
 * attribute bulk download's filter): one fetcher and one key, so a cabinet created, renamed or deleted on the
 * cabinets page (which edits this cache) shows in every picker at once.
 */
export const cabinetListKeys = {
  all: ['cabinets'] as const,
  lists: () => [...cabinetListKeys.all, 'list'] as const,
};

/** The cabinets the caller may access, 「すべての書類」 first. */
export const findCabinets = (signal?: AbortSignal) =>
  callEndpoint(cabinetEndpoints.find, { signal });

export const cabinetListQuery = () =>
  queryOptions({
    queryKey: cabinetListKeys.lists(),
    queryFn: ({ signal }) => findCabinets(signal),
  });

/** For pickers and filters: a minute-old list will do, so moving between pages does not refetch it. */
export const cabinetChoicesQuery = () => queryOptions({ ...cabinetListQuery(), staleTime: 60_000 });

/** The cabinets to choose from (the list alone). */
export const useCabinetChoices = () =>
  useQuery({ ...cabinetChoicesQuery(), select: (data) => data.cabinets });
