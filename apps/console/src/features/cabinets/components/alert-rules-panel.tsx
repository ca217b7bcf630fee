import { useEffect, useState } from 'react';
import {
  Button,
  Group,
  MultiSelect,
  NumberInput,
  Paper,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  ALERT_DATE_ITEMS,
  ALERT_DATE_ITEM_LABELS,
  type TAlertDateItem,
  type TCabinet,
} from '@cloudsign/contract';
import { useAlert } from '../../../components/alerts/index.ts';
import { describeError } from '../../../lib/error-text.ts';
import { useGroupCandidates, useMemberCandidates } from '../api/candidates.ts';
import { useAlertSettings, useSaveAlertSettings } from '../api/alert-settings.ts';
import { groupLabel } from './group-label.ts';
import { AlertRuleChips, type AlertRule } from './alert-rule-chips.tsx';

/** 期限アラート: which 書類情報 date, how many days before, and who is mailed besides the cabinet's admins. */
export function AlertRulesPanel({ cabinet }: { cabinet: TCabinet }) {
  const settings = useAlertSettings(cabinet.id);
  const save = useSaveAlertSettings(cabinet.id);
  const groups = useGroupCandidates(cabinet.id, true);
  const members = useMemberCandidates(cabinet.id, '', true);
  const alert = useAlert('content');
  const [rules, setRules] = useState<AlertRule[]>([]);
  const [memberIds, setMemberIds] = useState<string[]>([]);
  const [groupIds, setGroupIds] = useState<string[]>([]);
  const [dateItem, setDateItem] = useState<TAlertDateItem>('validityEndNoticeAt');
  const [days, setDays] = useState<number | string>(30);
  const [error, setError] = useState<string | null>(null);
  const s = settings.data;
  useEffect(() => {
    if (!s) return;
    setRules(s.rules.map(({ dateItem: d, daysBefore }) => ({ dateItem: d, daysBefore })));
    setMemberIds(s.members.map((m) => m.id));
    setGroupIds(s.groups.map((g) => g.id));
  }, [s]);

  const memberData = [
    ...(s?.members ?? []).map((m) => ({ value: m.id, label: m.name })),
    ...(members.data?.members ?? []).map((m) => ({
      value: m.id,
      label: `${m.name}（${m.email}）`,
    })),
  ].filter((o, i, all) => all.findIndex((x) => x.value === o.value) === i);
  const groupData = [
    ...(s?.groups ?? []).map((g) => ({ value: g.id, label: g.name })),
    ...(groups.data ?? []).map((g) => ({ value: g.id, label: groupLabel(g) })),
  ].filter((o, i, all) => all.findIndex((x) => x.value === o.value) === i);

  const add = () => {
    const n = typeof days === 'number' ? days : Number(days);
    if (!Number.isInteger(n) || n < 0 || n > 365) {
      setError('何日前かは0〜365の整数で入力してください。');
      return;
    }
    if (rules.some((r) => r.dateItem === dateItem && r.daysBefore === n)) {
      setError('同じルールがすでにあります。');
      return;
    }
    setError(null);
    setRules([...rules, { dateItem, daysBefore: n }]);
  };
  const submit = async () => {
    try {
      await save.mutateAsync({
        body: { rules, memberIds, groupIds },
        version: s?.updatedAt ?? null,
      });
      setError(null);
      alert.open('期限アラートの設定を保存しました。');
    } catch (err) {
      setError(describeError(err).message);
    }
  };

  return (
    <Paper withBorder radius="md" p="md" bg="white" aria-label="期限アラート" component="section">
      <Stack gap="sm">
        <Title order={3} size="h5">
          期限アラート
        </Title>
        <Text size="sm" c="dimmed">
          書類情報の日付が近づいた書類を、毎朝7時（日本時間）にメールでまとめてお知らせします。このキャビネットの管理者には常に届きます。自動更新ありの書類は、期限を過ぎると次の期限に繰り越します。
        </Text>
        <AlertRuleChips rules={rules} onRemove={(r) => setRules(rules.filter((x) => x !== r))} />
        <Group gap="xs" align="flex-end">
          <Select
            label="対象の日付"
            data={ALERT_DATE_ITEMS.map((v) => ({ value: v, label: ALERT_DATE_ITEM_LABELS[v] }))}
            value={dateItem}
            onChange={(v) => v && setDateItem(v as TAlertDateItem)}
            allowDeselect={false}
            w={160}
          />
          <NumberInput label="何日前" value={days} onChange={setDays} min={0} max={365} w={100} />
          <Button variant="default" onClick={add}>
            ルールを追加
          </Button>
        </Group>
        <MultiSelect
          label="通知するメンバー（管理者のほか）"
          data={memberData}
          value={memberIds}
          onChange={setMemberIds}
          searchable
          placeholder="メンバーを選択"
        />
        <MultiSelect
          label="通知するグループ"
          data={groupData}
          value={groupIds}
          onChange={setGroupIds}
          searchable
          placeholder="グループを選択"
        />
        {error && (
          <Text c="red" size="sm" role="alert">
            {error}
          </Text>
        )}
        <Group justify="flex-end">
          <Button onClick={() => void submit()} loading={save.isPending} disabled={!s}>
            期限アラートを保存
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
