import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ZCabinetDocumentsResponse } from '@cloudsign/contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { cabinetKeys } from './keys.ts';

/** `POST /cabinets/{to}/documents`: with `fromCabinetId` a move, without it a copy (CS). */
export const fileDocuments = (to: string, documentIds: string[], fromCabinetId?: string) =>
  apiFetch(`/cabinets/${to}/documents`, {
    method: 'POST',
    body: fromCabinetId ? { documentIds, fromCabinetId } : { documentIds },
    schema: ZCabinetDocumentsResponse,
  });

export const unfileDocuments = (id: string, documentIds: string[]) =>
  apiFetch(`/cabinets/${id}/documents`, {
    method: 'DELETE',
    body: { documentIds },
    schema: ZCabinetDocumentsResponse,
  });

export type FileAction =
  | { kind: 'move' | 'copy'; to: string; from: string; documentIds: string[] }
  | { kind: 'remove'; from: string; documentIds: string[] };

export function useFileDocuments() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (a: FileAction) =>
      a.kind === 'remove'
        ? unfileDocuments(a.from, a.documentIds)
        : fileDocuments(a.to, a.documentIds, a.kind === 'move' ? a.from : undefined),
    // Counts and lists of both cabinets changed.
    onSuccess: () => client.invalidateQueries({ queryKey: cabinetKeys.all }),
  });
}
