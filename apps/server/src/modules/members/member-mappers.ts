/** Rows → contract shapes. Dates leave as ISO strings; secrets (password, MFA) never leave. */
import type { TMember, TMemberDetail } from '@cloudsign/contract';
import type { MemberListRow } from './member-list.repository.ts';
import type { UserRow } from './members.repository.ts';
import { memberLabel } from '@cloudsign/contract';

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
  lastSignInAt: r.lastSignInAt?.toISOString() ?? null,
});

export const memberDetail = (
  r: UserRow,
  groups: { id: string; name: string }[],
  isPasswordAllowed?: boolean,
): TMemberDetail => ({
  ...toMember(r),
  theme: r.theme as TMemberDetail['theme'],
  updatedAt: r.updatedAt.toISOString(),
  groups,
  source: r.source,
  ...(isPasswordAllowed === undefined ? {} : { isPasswordAllowed }),
});

/** How the audit log names a member: name and email, or the email alone while the name is empty. */
export const memberAuditTarget = (m: { id: string; name: string; email: string }) => ({
  type: 'member' as const,
  id: m.id,
  name: m.name ? `${m.name} <${m.email}>` : m.email,
});

/** The admin acting, as the mails name them. */
export const inviterOf = (who: { user: { name: string; email: string } }) => memberLabel(who.user);
