import type { TBulkRowsQuery } from '@cloudsign/contract';

/** Query keys of the attribute bulk edit (README rule 5): the only place they are spelled. */
export const attributeBulkKeys = {
  all: ['document-attribute-bulk'] as const,
  lists: () => [...attributeBulkKeys.all, 'list'] as const,
  list: (q: { page: number }) => [...attributeBulkKeys.lists(), q] as const,
  detail: (id: string) => [...attributeBulkKeys.all, 'detail', id] as const,
  rows: (id: string) => [...attributeBulkKeys.all, 'rows', id] as const,
  rowPage: (id: string, q: Partial<TBulkRowsQuery>) => [...attributeBulkKeys.rows(id), q] as const,
  download: (id: string) => [...attributeBulkKeys.all, 'download', id] as const,
};
