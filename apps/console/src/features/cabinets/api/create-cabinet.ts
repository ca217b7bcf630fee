import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCabinetResponse, type TCreateCabinetRequest } from '@cloudsign/contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { insertCabinet } from './cache.ts';

export const createCabinet = (body: TCreateCabinetRequest) =>
  apiFetch('/cabinets', { method: 'POST', body, schema: ZCabinetResponse });

export function useCreateCabinet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCabinet,
    onSuccess: ({ cabinet }) => insertCabinet(client, cabinet),
  });
}
