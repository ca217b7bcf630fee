import { Alert, Badge, Button, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import type { TAccountSession } from '@cloudsign/contract';
import { formatDateTime } from '../../../lib/format.ts';
import { QueryFallback } from '../../../components/query-fallback/query-fallback.tsx';
import { useAccountSessions, useEndOtherSessions, useEndSession } from '../api/account.ts';

const messageOf = (e: unknown) =>
  e instanceof Error ? e.message : 'セッションを終了できませんでした。';

function SessionRow({ session }: { session: TAccountSession }) {
  const end = useEndSession();
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap={6} wrap="nowrap">
          <Text size="sm">{session.browser}</Text>
          {session.isCurrent && (
            <Badge color="green" variant="light">
              この端末
            </Badge>
          )}
        </Group>
        {end.isError && (
          <Text size="xs" c="red" role="alert">
            {messageOf(end.error)}
          </Text>
        )}
      </Table.Td>
      <Table.Td>{session.ip || '—'}</Table.Td>
      <Table.Td>{formatDateTime(session.createdAt)}</Table.Td>
      <Table.Td>{formatDateTime(session.lastSeenAt)}</Table.Td>
      <Table.Td>
        {!session.isCurrent && (
          <Button
            size="xs"
            variant="default"
            loading={end.isPending}
            onClick={() => end.mutate(session.id)}
            aria-label={`このセッションを終了（${session.browser}、${session.ip}）`}
          >
            このセッションを終了
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/** The member's own sessions: where he is signed in, and a way to end any of them but this one. */
export function SessionsPanel() {
  const sessions = useAccountSessions();
  const endOthers = useEndOtherSessions();
  if (!sessions.data) return <QueryFallback query={sessions} />;
  const hasOthers = sessions.data.some((s) => !s.isCurrent);
  return (
    <Stack gap="sm">
      {endOthers.isSuccess && (
        <Alert color="green" role="status">
          ほかのセッションを{endOthers.data.endedSessions}件終了しました。
        </Alert>
      )}
      {endOthers.isError && (
        <Alert color="red" role="alert">
          {messageOf(endOthers.error)}
        </Alert>
      )}
      <Table striped withTableBorder aria-label="ログイン中のセッション">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>ブラウザ</Table.Th>
            <Table.Th>IPアドレス</Table.Th>
            <Table.Th>ログイン日時</Table.Th>
            <Table.Th>最終利用日時</Table.Th>
            <Table.Th>
              <VisuallyHidden>操作</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {sessions.data.map((s) => (
            <SessionRow key={s.id} session={s} />
          ))}
        </Table.Tbody>
      </Table>
      <Group>
        <Button
          variant="default"
          color="red"
          disabled={!hasOthers}
          loading={endOthers.isPending}
          onClick={() => endOthers.mutate()}
        >
          ほかのすべてのセッションを終了
        </Button>
      </Group>
    </Stack>
  );
}
