import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { documentEndpoints, type TDocumentAttributeOptionsUpdate } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { documentKeys } from './keys.ts';

/** `GET /document_attribute_options`: the company's user-defined items, in order. */
export const getAttributeOptions = (signal?: AbortSignal) =>
  callEndpoint(documentEndpoints.attributeOptions, { signal });

/** The whole answer is cached (the settings form needs the list's version); readers select the items. */
export const attributeOptionsQuery = () =>
  queryOptions({
    queryKey: documentKeys.options(),
    queryFn: ({ signal }) => getAttributeOptions(signal),
  });

export const useAttributeOptions = () =>
  useQuery({ ...attributeOptionsQuery(), select: (r) => r.documentAttributeOptions });

/** The items with the list's version (書類情報の設定 saves on it). */
export const useVersionedAttributeOptions = () => useQuery(attributeOptionsQuery());

/** `PUT /document_attribute_options` (company admins): replaces the list read at `version`. */
export function useReplaceAttributeOptions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, version }: { body: TDocumentAttributeOptionsUpdate; version: string }) =>
      callEndpoint(documentEndpoints.replaceAttributeOptions, { body, version }),
    onSuccess: async (answer) => {
      client.setQueryData(documentKeys.options(), answer);
      await client.invalidateQueries({ queryKey: [...documentKeys.all, 'detail'] });
    },
  });
}
