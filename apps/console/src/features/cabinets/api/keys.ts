/** Query keys of the cabinets feature (README rule 5): the only place they are spelled. */
export const cabinetKeys = {
  all: ['cabinets'] as const,
  lists: () => [...cabinetKeys.all, 'list'] as const,
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
