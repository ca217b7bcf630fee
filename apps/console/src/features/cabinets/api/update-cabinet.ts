import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cabinetEndpoints, type TUpdateCabinetRequest } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { replaceCabinet } from './cache.ts';

export const updateCabinet = (id: string, body: TUpdateCabinetRequest) =>
  callEndpoint(cabinetEndpoints.update, { params: { id }, body });

export function useUpdateCabinet(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateCabinetRequest) => updateCabinet(id, body),
    onSuccess: ({ cabinet }) => replaceCabinet(client, cabinet),
  });
}
