import { useMemo, useState } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { MultiSelectOption } from '../../../components/multiselect/multiselect-texts.ts';
import { MultiSelect } from '../../../components/multiselect/index.ts';
import { useAlert } from '../../../components/alerts/index.ts';
import { useAddGroupUsers } from '../api/mutations.ts';
import { useCandidates } from '../api/group-members.ts';
import { formatCount } from '../../../lib/format.ts';
import { memberOptionLabel } from '../../../lib/member-option.ts';

/**
 * Add members through the spec's multiselect (§8–§9); members already in the group are not offered. The
 * options are the API's keyword search (first 50, closest matches first), so the panel opens at once in any company.
 */
export function AddMembersPanel({
  groupId,
  memberIds,
}: {
  groupId: string;
  memberIds: ReadonlySet<string>;
}) {
  const [isOpen, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 250);
  // The chosen members, in order, with their labels: kept when a later search no longer lists them.
  const [picked, setPicked] = useState<ReadonlyMap<string, MultiSelectOption>>(new Map());
  const selected = [...picked.keys()];
  const candidates = useCandidates(isOpen, keyword);
  const add = useAddGroupUsers();
  const alert = useAlert('content');
  const options = useMemo(
    () =>
      (candidates.data?.members ?? [])
        .filter((m) => !memberIds.has(m.id))
        .map((m) => ({ value: m.id, label: memberOptionLabel(m) })),
    [candidates.data, memberIds],
  );
  const onChange = (next: string[]) => {
    const byId = new Map([...picked.values(), ...options].map((o) => [o.value, o]));
    setPicked(new Map(next.flatMap((id) => (byId.has(id) ? [[id, byId.get(id)!] as const] : []))));
  };
  const shown = candidates.data?.members.length ?? 0;
  const total = candidates.data?.total ?? 0;
  const submit = async () => {
    try {
      const { added } = await add.mutateAsync({ id: groupId, userIds: selected });
      alert.open(`${added}名をグループに追加しました。`);
      onChange([]);
    } catch (error) {
      alert.open({
        message: error instanceof Error ? error.message : '追加できませんでした。',
        type: 'error',
      });
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
            onChange={onChange}
            onSearchChange={setSearch}
            selectedOptions={[...picked.values()]}
            loading={candidates.isFetching}
            max={100}
            description={
              total > shown
                ? `該当する${formatCount(total)}名のうち、${keyword ? '一致度の高い順' : '名前順'}に${shown}名を表示しています。氏名・フリガナ・メールアドレス・所属で絞り込めます。`
                : undefined
            }
          />
        </div>
        <Button
          onClick={() => void submit()}
          disabled={selected.length === 0}
          loading={add.isPending}
        >
          追加する
        </Button>
        <Button variant="default" onClick={() => setOpen(false)}>
          閉じる
        </Button>
      </Group>
      {candidates.isError && (
        <Text c="red" size="sm">
          {candidates.error.message}
        </Text>
      )}
    </Paper>
  );
}
