import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ipRestrictionEndpoints as e,
  type TCsvEncoding,
  type TIpRestrictionScope,
  type TUpdateIpRestrictionRequest,
} from '@cloudsign/contract';
import { callEndpoint, downloadEndpoint, uploadEndpoint } from '../../../lib/call-endpoint.ts';

export const ipRestrictionKeys = { all: ['ip-restriction'] as const };

export const ipRestrictionQuery = () =>
  queryOptions({
    queryKey: ipRestrictionKeys.all,
    queryFn: async ({ signal }) => (await callEndpoint(e.get, { signal })).ipRestriction,
  });
export const useIpRestriction = () => useQuery(ipRestrictionQuery());

export const usePreviewIpRestriction = () =>
  useMutation({
    mutationFn: async (body: TUpdateIpRestrictionRequest) =>
      (await callEndpoint(e.preview, { body })).preview,
  });

/** A change and the `version` it was based on (If-Match, like every save). */
export function useUpdateIpRestriction() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, version }: { body: TUpdateIpRestrictionRequest; version: number }) =>
      (await callEndpoint(e.update, { body, version })).ipRestriction,
    onSuccess: (saved) => client.setQueryData(ipRestrictionKeys.all, saved),
  });
}

export const downloadIpCsv = (scope: TIpRestrictionScope, encoding: TCsvEncoding) =>
  downloadEndpoint(e.exportCsv, { query: { scope, encoding } });

export const readIpCsv = async (file: File) => (await uploadEndpoint(e.importCsv, { file })).ranges;
