import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZDeleteCabinetResponse } from '@cloudsign/contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { removeCabinet } from './cache.ts';

export const deleteCabinet = (id: string) =>
  apiFetch(`/cabinets/${id}`, { method: 'DELETE', schema: ZDeleteCabinetResponse });

export function useDeleteCabinet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteCabinet,
    onSuccess: (_data, id) => removeCabinet(client, id),
  });
}
