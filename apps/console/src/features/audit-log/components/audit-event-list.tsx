import { useState } from 'react';
import { Accordion, Anchor, Badge, Box, Group, Stack, Text } from '@mantine/core';
import {
  AUDIT_CATEGORIES,
  AUDIT_TARGET_TYPES,
  type TAuditCategory,
  type TAuditEvent,
  type TAuditTargetType,
  auditNeedsReview as needsReview,
  browserText,
  describeAuditDetails,
  memberLabel,
  memberNameOrUnset,
} from '@cloudsign/contract';
import { formatDateTime } from '../../../lib/format.ts';

const CATEGORY_COLORS: Record<string, string> = {
  auth: 'gray',
  member: 'blue',
  memberGroup: 'cyan',
  cabinet: 'teal',
  document: 'grape',
  bulk: 'orange',
  auditLog: 'red',
};

const actorText = (e: TAuditEvent) => memberLabel(e.actor) || 'システム';
const targetTypeLabel = (t: string) => AUDIT_TARGET_TYPES[t as TAuditTargetType] ?? t;

/** Events newest first; each opens to who, from where, on what, and its before → after in words. */
export function AuditEventList({ events }: { events: readonly TAuditEvent[] }) {
  return (
    <Accordion multiple variant="contained" chevronPosition="left" aria-label="監査ログ">
      {events.map((e) => (
        <Accordion.Item key={e.id} value={e.id} data-testid="audit-event">
          <Accordion.Control
            aria-label={`${formatDateTime(e.occurredAt)} ${e.actionLabel}${needsReview(e.details) ? ' 要確認' : ''}`}
          >
            <Group gap="sm" wrap="nowrap">
              <Text size="sm" c="dimmed" w={130} style={{ flexShrink: 0 }}>
                {formatDateTime(e.occurredAt)}
              </Text>
              <Badge
                variant="light"
                color={CATEGORY_COLORS[e.category] ?? 'gray'}
                w={120}
                style={{ flexShrink: 0 }}
              >
                {AUDIT_CATEGORIES[e.category as TAuditCategory] ?? e.category}
              </Badge>
              <Text size="sm" fw={600} style={{ flexShrink: 0 }}>
                {e.actionLabel}
              </Text>
              {needsReview(e.details) && (
                <Badge color="red" variant="filled" style={{ flexShrink: 0 }}>
                  要確認
                </Badge>
              )}
              <Text size="sm" truncate style={{ minWidth: 0 }}>
                {e.target.name || '—'}
              </Text>
              <Text
                size="sm"
                c="dimmed"
                ml="auto"
                truncate
                style={{ flexShrink: 0, maxWidth: 220 }}
              >
                {actorText(e)}
              </Text>
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <EventDetail event={e} />
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box style={{ display: 'contents' }}>
      <Text component="dt" size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Box>
  );
}

/** The browser in words; the raw user-agent string one click away, as it was recorded. */
function BrowserText({ userAgent }: { userAgent: string }) {
  const [raw, setRaw] = useState(false);
  const named = browserText(userAgent);
  if (!userAgent || named === userAgent) return <>{named}</>;
  return (
    <>
      {named}{' '}
      <Anchor component="button" type="button" size="sm" onClick={() => setRaw((v) => !v)}>
        {raw ? 'ユーザーエージェントを隠す' : 'ユーザーエージェントを表示'}
      </Anchor>
      {raw && (
        <Text size="xs" c="dimmed" ff="monospace" data-testid="audit-user-agent">
          {userAgent}
        </Text>
      )}
    </>
  );
}

function EventDetail({ event: e }: { event: TAuditEvent }) {
  const lines = describeAuditDetails(e.details);
  return (
    <Stack gap="sm" data-testid="audit-event-detail">
      <Box
        component="dl"
        m={0}
        style={{ display: 'grid', gridTemplateColumns: '9em 1fr', rowGap: 4 }}
      >
        <Row label="日時">{formatDateTime(e.occurredAt)}</Row>
        <Row label="操作">{e.actionLabel}</Row>
        <Row label="操作したメンバー">
          {e.actor.email ? `${memberNameOrUnset(e.actor.name)}（${e.actor.email}）` : 'システム'}
        </Row>
        <Row label="対象">
          {e.target.type
            ? `${targetTypeLabel(e.target.type)}「${e.target.name || '—'}」（ID ${e.target.id}）`
            : '—'}
        </Row>
        <Row label="IPアドレス">{e.ip || '—'}</Row>
        <Row label="ブラウザ">
          <BrowserText userAgent={e.userAgent} />
        </Row>
        <Row label="リクエストID">{e.requestId || '—'}</Row>
        <Row label="連番">{e.seq}</Row>
      </Box>
      <div>
        <Text size="sm" fw={600} mb={4}>
          内容
        </Text>
        {lines.length === 0 ? (
          <Text size="sm" c="dimmed">
            変更の詳細はありません。
          </Text>
        ) : (
          <Box
            component="dl"
            m={0}
            style={{ display: 'grid', gridTemplateColumns: '9em 1fr', rowGap: 4 }}
          >
            {lines.map((l, i) => (
              <Row key={`${l.label}-${i}`} label={l.label}>
                {l.kind === 'change' ? (
                  <>
                    <Text span size="sm" td="line-through" c="dimmed">
                      {l.before}
                    </Text>
                    {' → '}
                    <Text span size="sm" fw={600}>
                      {l.after}
                    </Text>
                  </>
                ) : (
                  l.value
                )}
              </Row>
            ))}
          </Box>
        )}
      </div>
    </Stack>
  );
}
