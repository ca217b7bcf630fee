import type { ApiQuery } from '../../../lib/api-client.ts';

/** Query keys of the documents feature (README rule 5): the only place they are spelled. */
export const documentKeys = {
  all: ['documents'] as const,
  lists: () => [...documentKeys.all, 'list'] as const,
  list: (q: ApiQuery) => [...documentKeys.lists(), q] as const,
  detail: (id: string) => [...documentKeys.all, 'detail', id] as const,
  file: (id: string, fileId: string) => [...documentKeys.all, 'file', id, fileId] as const,
  options: () => [...documentKeys.all, 'attribute-options'] as const,
};
