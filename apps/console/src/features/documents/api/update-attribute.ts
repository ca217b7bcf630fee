import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentEndpoints, type TDocumentAttributeUpdate } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { documentKeys } from './keys.ts';

/** `PUT /documents/{id}/attribute`: keys left out stay unchanged. */
export const updateAttribute = (id: string, body: TDocumentAttributeUpdate) =>
  callEndpoint(documentEndpoints.updateAttribute, { params: { id }, body });

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
