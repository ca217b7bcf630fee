/** Rows → contract shapes. Dates leave as ISO strings; secrets (password, MFA) never leave. */
import type { TMember, TMemberDetail } from '@cloudsign/contract';
import type { MemberListRow } from './member-list.repository.ts';
import type { UserRow } from './members.repository.ts';

export const toMember = (r: MemberListRow): TMember => ({
  id: r.id,
  name: r.name,
  furigana: r.furigana,
  email: r.email,
  organization: r.organization,
  roles: r.roles as TMember['roles'],
  status: r.status as TMember['status'],
  mfa: r.mfa as TMember['mfa'],
  createdAt: r.createdAt.toISOString(),
});

export const memberDetail = (
  r: UserRow,
  groups: { id: string; name: string }[],
): TMemberDetail => ({
  ...toMember(r),
  theme: r.theme as TMemberDetail['theme'],
  updatedAt: r.updatedAt.toISOString(),
  groups,
});
