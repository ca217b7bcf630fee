import { useMemo, useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { MultiSelect } from '../../../components/multiselect/index.ts';
import { useAlert } from '../../../components/alerts/index.ts';
import { useAddGroupUsers } from '../api/mutations.ts';
import { useCandidates } from '../api/group-members.ts';

/** Add members through the spec's multiselect (§8–§9); members already in the group are not offered. */
export function AddMembersPanel({ groupId, memberIds }: { groupId: string; memberIds: ReadonlySet<string> }) {
  const [isOpen, setOpen] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const candidates = useCandidates(isOpen);
  const add = useAddGroupUsers();
  const alert = useAlert('content');
  const options = useMemo(
    () =>
      (candidates.data?.members ?? [])
        .filter((m) => !memberIds.has(m.id))
        .map((m) => ({ value: m.id, label: m.name ? `${m.name}（${m.email}）` : m.email })),
    [candidates.data, memberIds],
  );
  const submit = async () => {
    try {
      const { added } = await add.mutateAsync({ id: groupId, userIds: selected });
      alert.open(`${added}名をグループに追加しました。`);
      setSelected([]);
    } catch (error) {
      alert.open({ message: error instanceof Error ? error.message : '追加できませんでした。', type: 'error' });
    }
  };
  if (!isOpen) return <Button onClick={() => setOpen(true)}>メンバーを追加</Button>;
  return (
    <Paper withBorder p="md" radius="md" bg="white" w="100%">
      <Group align="flex-end" wrap="nowrap">
        <div style={{ flex: 1 }}>
          <MultiSelect
            label="追加するメンバー"
            placeholder={candidates.isPending ? '読み込み中…' : '氏名・メールアドレスで絞り込み'}
            data={options}
            value={selected}
            onChange={setSelected}
            max={100}
          />
        </div>
        <Button onClick={() => void submit()} disabled={selected.length === 0} loading={add.isPending}>
          追加する
        </Button>
        <Button variant="default" onClick={() => setOpen(false)}>
          閉じる
        </Button>
      </Group>
      {candidates.isError && <Text c="red" size="sm">{candidates.error.message}</Text>}
    </Paper>
  );
}
