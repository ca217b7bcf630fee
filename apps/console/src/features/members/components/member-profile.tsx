import type { ReactNode } from 'react';
import { Alert, Badge, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import {
  MEMBER_SOURCE_LABELS,
  ROLE_LABELS,
  SCIM_OWNED_NOTE,
  canReadAuditLog,
  rolesShownFor,
  memberNameOrUnset,
  type TMemberDetail,
} from '@cloudsign/contract';
import { auditLogHref } from '../../../lib/audit-log-link.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import {
  MFA_LABELS,
  STATUS_COLORS,
  formatDate,
  lastSignInLabel,
  statusLabel,
} from '../lib/labels.ts';
import { ReadableCabinets } from './readable-cabinets.tsx';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <div>{children}</div>
    </div>
  );
}

/** The drawer's read-only part: name, status, MFA, groups, privileges, readable cabinets, history links. */
export function MemberProfile({ member }: { member: TMemberDetail }) {
  const me = useCurrentUser();
  const shownRoles = member.roles.filter((r) => rolesShownFor(me).includes(r));
  return (
    <>
      <div>
        {member.furigana && (
          <Text size="xs" c="dimmed" data-testid="member-detail-furigana">
            {member.furigana}
          </Text>
        )}
        <Text fw={700} size="lg">
          {memberNameOrUnset(member.name)}
        </Text>
        <Text size="sm" c="dimmed">
          {member.email}
        </Text>
      </div>
      <Group gap="xs">
        <Badge variant="dot" color={STATUS_COLORS[member.status]}>
          {statusLabel(member.status)}
        </Badge>
        <Badge variant="outline" color={member.mfa === 1 ? 'teal' : 'gray'}>
          2要素認証: {MFA_LABELS[member.mfa]}
        </Badge>
      </Group>
      {member.source === 'scim' && (
        <Alert color="blue" variant="light" p="xs" data-testid="member-scim-note">
          <Text size="xs">{SCIM_OWNED_NOTE}</Text>
        </Alert>
      )}
      <Field label="所属">{member.organization || '—'}</Field>
      <Field label="権限">
        {shownRoles.length === 0 ? (
          <Text size="sm">—</Text>
        ) : (
          <Group gap={4} mt={4}>
            {shownRoles.map((r) => (
              <Badge key={r} variant="light">
                {ROLE_LABELS[r]}
              </Badge>
            ))}
          </Group>
        )}
      </Field>
      <Field label="メンバーグループ">
        <Text size="sm">
          {['すべてのメンバー', ...member.groups.map((g) => g.name)].join('、')}
        </Text>
      </Field>
      <Field label="閲覧できるキャビネット">
        <ReadableCabinets memberId={member.id} />
      </Field>
      <Field label="追加日">{formatDate(member.createdAt)}</Field>
      <Field label="作成元">{member.source ? MEMBER_SOURCE_LABELS[member.source] : '—'}</Field>
      <Field label="最終ログイン日時">{lastSignInLabel(member.lastSignInAt)}</Field>
      {canReadAuditLog(me) && (
        <Button
          component={Link}
          to={auditLogHref({ actorId: member.id })}
          variant="subtle"
          size="compact-sm"
          w="fit-content"
        >
          この人の操作履歴
        </Button>
      )}
      {canReadAuditLog(me) && (
        <Button
          component={Link}
          to={auditLogHref({ targetType: 'member', targetId: member.id })}
          variant="subtle"
          size="compact-sm"
          w="fit-content"
        >
          このメンバーの操作履歴
        </Button>
      )}
    </>
  );
}
