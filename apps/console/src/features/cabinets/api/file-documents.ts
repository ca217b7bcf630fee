import { useMutation, useQueryClient } from '@tanstack/react-query';
import { cabinetEndpoints } from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';
import { cabinetKeys } from './keys.ts';

/**
 * The documents acted on: the ids selected, or the list's condition (「この条件の N 件すべてを選択」), which the
 * server resolves itself — the documents of every page, not only those the console has seen.
 */
export type DocumentSelection =
  { documentIds: string[] } | { conditions: { cabinetId: string; keyword?: string } };

/** `POST /cabinets/{to}/documents`: with `fromCabinetId` a move, without it a copy (CS). */
export const fileDocuments = (to: string, selection: DocumentSelection, fromCabinetId?: string) =>
  callEndpoint(cabinetEndpoints.fileDocuments, {
    params: { id: to },
    body: fromCabinetId ? { ...selection, fromCabinetId } : selection,
  });

export const unfileDocuments = (id: string, selection: DocumentSelection) =>
  callEndpoint(cabinetEndpoints.unfileDocuments, { params: { id }, body: selection });

export type FileAction =
  | { kind: 'move' | 'copy'; to: string; from: string; selection: DocumentSelection }
  | { kind: 'remove'; from: string; selection: DocumentSelection };

export function useFileDocuments() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (a: FileAction) =>
      a.kind === 'remove'
        ? unfileDocuments(a.from, a.selection)
        : fileDocuments(a.to, a.selection, a.kind === 'move' ? a.from : undefined),
    // Counts and lists of both cabinets changed.
    onSuccess: () => client.invalidateQueries({ queryKey: cabinetKeys.all }),
  });
}
