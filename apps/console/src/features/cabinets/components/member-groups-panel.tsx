import { useEffect, useMemo, useState } from 'react';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { TCabinet } from '@cloudsign/contract';
import { MultiSelect } from '../../../components/multiselect/index.ts';
import { useAlert } from '../../../components/alerts/index.ts';
import { useGroupCandidates } from '../api/candidates.ts';
import { useSetCabinetMemberGroups } from '../api/member-groups.ts';
import { groupLabel } from './group-label.ts';

export const diff = (before: readonly string[], after: readonly string[]) => ({
  add: after.filter((id) => !before.includes(id)),
  remove: before.filter((id) => !after.includes(id)),
});

/** 閲覧できるメンバーグループ: members of these groups read the cabinet's documents. */
export function MemberGroupsPanel({ cabinet }: { cabinet: TCabinet }) {
  const groups = useGroupCandidates(cabinet.id, true);
  const save = useSetCabinetMemberGroups(cabinet.id);
  const alert = useAlert('content');
  const current = useMemo(() => cabinet.memberGroups.map((g) => g.id), [cabinet.memberGroups]);
  const [value, setValue] = useState<string[]>(current);
  useEffect(() => setValue(current), [current]);
  const change = diff(current, value);
  const isDirty = change.add.length + change.remove.length > 0;
  const options = (groups.data ?? cabinet.memberGroups).map((g) => ({
    value: g.id,
    label: groupLabel(g),
  }));

  const submit = async () => {
    try {
      await save.mutateAsync(change);
      alert.open('閲覧できるメンバーグループを保存しました。');
    } catch (error) {
      alert.open({
        message: error instanceof Error ? error.message : '保存できませんでした。',
        type: 'error',
      });
    }
  };
  return (
    <Paper withBorder radius="md" p="lg" bg="white">
      <Stack gap="sm">
        <Title order={2} fz={18}>
          閲覧できるメンバーグループ
        </Title>
        <Text size="sm" c="dimmed">
          選んだグループのメンバーは、このキャビネットの書類を閲覧できます。
        </Text>
        <MultiSelect
          label="メンバーグループ"
          placeholder="グループを選択"
          data={options}
          value={value}
          onChange={setValue}
        />
        <Group justify="flex-end">
          <Button variant="default" disabled={!isDirty} onClick={() => setValue(current)}>
            元に戻す
          </Button>
          <Button disabled={!isDirty} loading={save.isPending} onClick={() => void submit()}>
            保存
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
