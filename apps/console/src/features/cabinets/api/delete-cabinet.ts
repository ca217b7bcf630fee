import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cabinetEndpoints } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { removeCabinet } from './cache.ts';

export const deleteCabinet = (id: string) =>
  callEndpoint(cabinetEndpoints.delete, { params: { id } });

export function useDeleteCabinet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCabinet,
    onSuccess: (_data, id) => removeCabinet(client, id),
  });
}
