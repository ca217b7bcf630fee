import { useMutation, useQueryClient } from '@tanstack/react-query';
import { documentEndpoints, type TDocumentAttributeUpdate } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { documentKeys } from './keys.ts';

/** `PUT /documents/{id}/attribute`: keys left out stay unchanged; `version` is the updatedAt it was based on. */
export const updateAttribute = (id: string, body: TDocumentAttributeUpdate, version: string) =>
  callEndpoint(documentEndpoints.updateAttribute, { params: { id }, body, version });

export function useUpdateAttribute(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, version }: { body: TDocumentAttributeUpdate; version: string }) =>
      updateAttribute(id, body, version),
    onSuccess: async ({ document }) => {
      client.setQueryData(documentKeys.detail(id), document);
      await client.invalidateQueries({ queryKey: documentKeys.lists() });
    },
  });
}
