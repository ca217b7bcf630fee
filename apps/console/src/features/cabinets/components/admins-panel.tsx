import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { type TCabinet, memberNameOrUnset } from '@cloudsign/contract';
import { useAlert } from '../../../components/alerts/index.ts';
import { useMemberCandidates } from '../api/candidates.ts';
import { useChangeCabinetAdmins } from '../api/admins.ts';
import { memberOptionLabel } from '../../../lib/member-option.ts';

/** 管理者: they manage this cabinet (name, note, groups, admins, documents, rules) but cannot delete it. */
export function AdminsPanel({ cabinet }: { cabinet: TCabinet }) {
  const [keyword, setKeyword] = useState('');
  const [debounced] = useDebouncedValue(keyword.trim(), 300);
  const candidates = useMemberCandidates(cabinet.id, debounced, debounced.length > 0);
  const change = useChangeCabinetAdmins(cabinet.id);
  const alert = useAlert('content');
  const adminIds = new Set(cabinet.admins.map((a) => a.id));

  const run = async (method: 'POST' | 'DELETE', user: { id: string; name: string }) => {
    try {
      await change.mutateAsync({ method, userIds: [user.id] });
      alert.open(
        method === 'POST'
          ? `${user.name} さんを管理者に追加しました。`
          : `${user.name} さんを管理者から外しました。`,
      );
    } catch (error) {
      alert.open({
        message: error instanceof Error ? error.message : '変更できませんでした。',
        type: 'error',
      });
    }
  };

  return (
    <Paper withBorder radius="md" p="lg" bg="white">
      <Stack gap="sm">
        <Title order={2} fz={18}>
          管理者
        </Title>
        <Text size="sm" c="dimmed">
          管理者はこのキャビネットの名前・備考、閲覧できるグループ、管理者と、ここにある書類（書類情報の編集を含む）を管理できます。
        </Text>
        {cabinet.admins.length === 0 ? (
          <Text size="sm" c="dimmed">
            管理者はいません（組織管理権限を持つメンバーが管理します）。
          </Text>
        ) : (
          cabinet.admins.map((a) => (
            <Group key={a.id} justify="space-between" data-testid="admin-row">
              <div>
                <Text size="sm" fw={600}>
                  {memberNameOrUnset(a.name)}
                </Text>
                <Text size="xs" c="dimmed">
                  {a.email}
                </Text>
              </div>
              <Button
                size="xs"
                variant="subtle"
                color="red"
                onClick={() => void run('DELETE', a)}
                aria-label={`${a.name} を管理者から外す`}
              >
                外す
              </Button>
            </Group>
          ))
        )}
        <TextInput
          label="管理者を追加"
          placeholder="氏名・メールアドレスで検索"
          value={keyword}
          onChange={(e) => setKeyword(e.currentTarget.value)}
        />
        {debounced.length > 0 &&
          (candidates.data?.members.length === 0 ? (
            <Text size="sm" c="dimmed">
              該当するメンバーはいません。
            </Text>
          ) : (
            candidates.data?.members.map((m) => (
              <Group key={m.id} justify="space-between" data-testid="admin-candidate">
                <Text size="sm">{memberOptionLabel(m)}</Text>
                <Button
                  size="xs"
                  variant="light"
                  disabled={adminIds.has(m.id)}
                  onClick={() => void run('POST', m)}
                  aria-label={`${m.name} を管理者にする`}
                >
                  {adminIds.has(m.id) ? '管理者です' : '管理者にする'}
                </Button>
              </Group>
            ))
          ))}
      </Stack>
    </Paper>
  );
}
