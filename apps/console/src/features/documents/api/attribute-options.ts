import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { documentEndpoints, type TDocumentAttributeOptionsUpdate } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { documentKeys } from './keys.ts';

/** `GET /document_attribute_options`: the company's user-defined items, in order. */
export const getAttributeOptions = (signal?: AbortSignal) =>
  callEndpoint(documentEndpoints.attributeOptions, { signal });

export const attributeOptionsQuery = () =>
  queryOptions({
    queryKey: documentKeys.options(),
    queryFn: async ({ signal }) => (await getAttributeOptions(signal)).documentAttributeOptions,
  });

export const useAttributeOptions = () => useQuery(attributeOptionsQuery());

/** `PUT /document_attribute_options` (company admins): replaces the list. */
export function useReplaceAttributeOptions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TDocumentAttributeOptionsUpdate) =>
      callEndpoint(documentEndpoints.replaceAttributeOptions, { body }),
    onSuccess: async ({ documentAttributeOptions }) => {
      client.setQueryData(documentKeys.options(), documentAttributeOptions);
      await client.invalidateQueries({ queryKey: [...documentKeys.all, 'detail'] });
    },
  });
}
