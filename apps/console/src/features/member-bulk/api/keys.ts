import type { TBulkRowsQuery } from '@cloudsign/contract';

/** Query keys of the member bulk feature (README rule 5): the only place they are spelled. */
export const memberBulkKeys = {
  all: ['member-bulk'] as const,
  lists: () => [...memberBulkKeys.all, 'list'] as const,
  list: (q: { page: number }) => [...memberBulkKeys.lists(), q] as const,
  detail: (id: string) => [...memberBulkKeys.all, 'detail', id] as const,
  rows: (id: string) => [...memberBulkKeys.all, 'rows', id] as const,
  rowPage: (id: string, q: Partial<TBulkRowsQuery>) => [...memberBulkKeys.rows(id), q] as const,
  generated: (file: string, id: string) => [...memberBulkKeys.all, 'generated', file, id] as const,
  invitationBudget: () => [...memberBulkKeys.all, 'invitation-budget'] as const,
};
