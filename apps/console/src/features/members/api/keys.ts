import type { TMemberListQuery } from '@cloudsign/contract';

/** Query keys of the members feature (README rule 5): the only place they are spelled. */
export const memberKeys = {
  all: ['members'] as const,
  lists: () => [...memberKeys.all, 'list'] as const,
  /** The list's own state: the open drawer (`memberId`) is not part of it, opening one reads nothing again. */
  list: ({ memberId: _open, ...q }: TMemberListQuery) => [...memberKeys.lists(), q] as const,
  /** A member picker's first page for what is typed (not a list: the list cache's updates do not apply). */
  picker: (keyword: string) => [...memberKeys.all, 'picker', keyword] as const,
  detail: (id: string) => [...memberKeys.all, 'detail', id] as const,
  readableCabinets: (id: string) => [...memberKeys.all, 'readable-cabinets', id] as const,
  holdings: (id: string) => [...memberKeys.all, 'holdings', id] as const,
};
