import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cabinetEndpoints, type TUpdateCabinetRequest } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { replaceCabinet } from './cache.ts';

/** `version`: the cabinet's `updatedAt` as the form read it (a stale one is refused: 409 stale_version). */
export const updateCabinet = (id: string, body: TUpdateCabinetRequest, version: string) =>
  callEndpoint(cabinetEndpoints.update, { params: { id }, body, version });

export function useUpdateCabinet(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ body, version }: { body: TUpdateCabinetRequest; version: string }) =>
      updateCabinet(id, body, version),
    onSuccess: ({ cabinet }) => replaceCabinet(client, cabinet),
  });
}
