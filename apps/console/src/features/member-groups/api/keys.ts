/** Query keys of the member-groups feature (README rule 5): the only place they are spelled. */
export const memberGroupKeys = {
  all: ['member-groups'] as const,
  lists: () => [...memberGroupKeys.all, 'list'] as const,
  detail: (id: string) => [...memberGroupKeys.all, 'detail', id] as const,
  members: (id: string) => [...memberGroupKeys.all, 'members', id] as const,
  candidates: (keyword: string) => [...memberGroupKeys.all, 'candidates', keyword] as const,
};
