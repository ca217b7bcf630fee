import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCabinetResponse, type TUpdateCabinetRequest } from '@cloudsign/contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { replaceCabinet } from './cache.ts';

export const updateCabinet = (id: string, body: TUpdateCabinetRequest) =>
  apiFetch(`/cabinets/${id}`, { method: 'PUT', body, schema: ZCabinetResponse });

export function useUpdateCabinet(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TUpdateCabinetRequest) => updateCabinet(id, body),
    onSuccess: ({ cabinet }) => replaceCabinet(client, cabinet),
  });
}
