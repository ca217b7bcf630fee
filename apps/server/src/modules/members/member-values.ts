/** What a member write stores: search_text is always recomputed with the fields it is made of. */
import type { TRole } from '@cloudsign/contract';
import { memberSearchText } from '../../lib/search-text.ts';
import type { UserRow } from './members.repository.ts';

export type CreateMemberBody = {
  email: string;
  name: string;
  furigana: string | null;
  organization: string;
  roles: TRole[];
};
export type UpdateMemberBody = {
  email?: string | undefined;
  name?: string | undefined;
  furigana?: string | null | undefined;
  organization?: string | undefined;
  roles?: TRole[] | undefined;
};

export const newMemberValues = (companyId: string, body: CreateMemberBody, now: Date) => ({
  companyId,
  email: body.email,
  name: body.name,
  furigana: body.furigana,
  organization: body.organization,
  roles: body.roles,
  status: 0,
  mfa: 2,
  source: 'manual' as const,
  searchText: memberSearchText(body),
  createdAt: now,
  updatedAt: now,
});

export function updateMemberValues(current: UserRow, body: UpdateMemberBody, now: Date) {
  const next = {
    email: body.email ?? current.email,
    name: body.name ?? current.name,
    furigana: body.furigana === undefined ? current.furigana : body.furigana,
    organization: body.organization ?? current.organization,
    roles: body.roles ?? current.roles,
  };
  return { ...next, searchText: memberSearchText(next), updatedAt: now };
}
