import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cabinetEndpoints, type TCreateCabinetRequest } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { insertCabinet } from './cache.ts';

export const createCabinet = (body: TCreateCabinetRequest) =>
  callEndpoint(cabinetEndpoints.create, { body });

export function useCreateCabinet() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createCabinet,
    onSuccess: ({ cabinet }) => insertCabinet(client, cabinet),
  });
}
