import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZDocumentAttributeOptionsResponse,
  type TDocumentAttributeOptionsUpdate,
} from '@cloudsign/contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { documentKeys } from './keys.ts';

/** `GET /document_attribute_options`: the company's user-defined items, in order. */
export const getAttributeOptions = (signal?: AbortSignal) =>
  apiFetch('/document_attribute_options', { schema: ZDocumentAttributeOptionsResponse, signal });

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
      apiFetch('/document_attribute_options', {
        method: 'PUT',
        body,
        schema: ZDocumentAttributeOptionsResponse,
      }),
    onSuccess: async ({ documentAttributeOptions }) => {
      client.setQueryData(documentKeys.options(), documentAttributeOptions);
      await client.invalidateQueries({ queryKey: [...documentKeys.all, 'detail'] });
    },
  });
}
