import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZDocumentGetResponse, type TDocumentAttributeUpdate } from '@cloudsign/contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { documentKeys } from './keys.ts';

/** `PUT /documents/{id}/attribute`: keys left out stay unchanged. */
export const updateAttribute = (id: string, body: TDocumentAttributeUpdate) =>
  apiFetch(`/documents/${id}/attribute`, { method: 'PUT', body, schema: ZDocumentGetResponse });

export function useUpdateAttribute(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TDocumentAttributeUpdate) => updateAttribute(id, body),
    onSuccess: async ({ document }) => {
      client.setQueryData(documentKeys.detail(id), document);
      await client.invalidateQueries({ queryKey: documentKeys.lists() });
    },
  });
}
