import { cabinetListKeys } from '../../../lib/shared-reads/cabinets.ts';

/** Query keys of the cabinets feature (README rule 5); the list is the shared read's, so its edits reach every picker. */
export const cabinetKeys = {
  all: cabinetListKeys.all,
  lists: cabinetListKeys.lists,
  detail: (id: string) => [...cabinetKeys.all, 'detail', id] as const,
  documents: (id: string) => [...cabinetKeys.all, 'documents', id] as const,
  documentPage: (id: string, q: { page: number; keyword: string }) =>
    [...cabinetKeys.documents(id), q] as const,
  access: (id: string) => [...cabinetKeys.all, 'access', id] as const,
  accessPage: (id: string, q: { page: number; keyword: string }) =>
    [...cabinetKeys.access(id), q] as const,
  memberCandidates: (id: string, keyword: string) =>
    [...cabinetKeys.all, 'member-candidates', id, keyword] as const,
  groupCandidates: (id: string) => [...cabinetKeys.all, 'group-candidates', id] as const,
  backfills: (id: string) => [...cabinetKeys.all, 'backfills', id] as const,
};
