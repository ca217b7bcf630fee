/**
 * What creating a member stores and records, for createMember and for the SCIM creates written together
 * (provisioning/scim-create-batch.ts): the same row and the same audit event however many are made at once.
 */
import { MemberStatus, type TMemberSource } from '@cloudsign/contract';
import type { AuthContext } from '../../auth/current-user.ts';
import { auditBy, changes, type AuditEventInput } from '../audit-log/audit-log.record.ts';
import { memberAuditTarget } from './member-mappers.ts';
import { newMemberValues, type CreateMemberBody } from './member-values.ts';

export type NewMemberState = {
  source?: TMemberSource | undefined;
  /** Created 利用停止 (an IdP's user sent with `active: false`). */
  isDeactivated?: boolean | undefined;
  /** Created 有効 without a password (an IdP's user of a company that requires SSO). */
  isSsoOnly?: boolean | undefined;
};

/** The member's row, its id taken here (the event and the caller's rows name it before it is inserted). */
export function newMemberRow(
  companyId: string,
  body: CreateMemberBody,
  now: Date,
  state: NewMemberState,
) {
  const values = {
    ...newMemberValues(companyId, body, now),
    id: crypto.randomUUID(),
    source: state.source ?? ('manual' as const),
    ...(state.isSsoOnly ? { status: MemberStatus.Valid } : {}),
    ...(state.isDeactivated ? { status: MemberStatus.Deactivated } : {}),
  };
  // Neither 利用停止 (a link he could not use) nor SSO-only (he signs in through the IdP) is invited.
  return { values, isInvited: !state.isDeactivated && !state.isSsoOnly };
}

type NewRow = ReturnType<typeof newMemberRow>;

/** member.created with the fields set, and the status when he is not 招待中. */
export const memberCreatedEvent = (
  who: Pick<AuthContext, 'user' | 'origin'>,
  { values, isInvited }: NewRow,
): AuditEventInput => ({
  ...auditBy(who),
  action: 'member.created',
  target: memberAuditTarget(values),
  details: {
    ...changes(
      {
        name: '',
        furigana: null as string | null,
        email: '',
        organization: '',
        roles: [] as string[],
      },
      values,
      ['name', 'furigana', 'email', 'organization', 'roles'],
    ),
    ...(isInvited ? {} : { status: { before: null, after: values.status } }),
  },
  occurredAt: values.createdAt,
});
