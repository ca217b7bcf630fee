import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Progress,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  BACKFILL_STATE_LABELS,
  RULES_NEED_COMPANY_ADMIN,
  type TCabinet,
  type TClassificationBackfill,
} from '@cloudsign/contract';
import { MultiSelect } from '../../../components/multiselect/index.ts';
import { useAlert } from '../../../components/alerts/index.ts';
import { useGroupCandidates } from '../api/candidates.ts';
import { useBackfills, useChangeRules, useDryRun } from '../api/classification-rules.ts';
import { cabinetKeys } from '../api/keys.ts';
import { diff } from './member-groups-panel.tsx';
import { useIsCompanyAdmin } from '../../../lib/current-user.ts';
import { groupLabel } from './group-label.ts';

const DESCRIPTION =
  '選んだグループのメンバーが送信した書類は、締結時・インポート時に自動でこのキャビネットに入ります（何件ルールが一致しても1回だけ）。';

/**
 * 自動振り分けルール: documents of members of these groups are filed here when concluded or imported.
 * Rules pull other members' documents in, so only a company admin edits them; a cabinet admin sees them.
 */
export function RulesPanel({ cabinet }: { cabinet: TCabinet }) {
  return useIsCompanyAdmin() ? <RulesEditor cabinet={cabinet} /> : <RulesView cabinet={cabinet} />;
}

/** The panel's frame: its heading and what a rule does, the same for the editor and the read-only view. */
function RulesFrame({ children }: { children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="lg" bg="white">
      <Stack gap="sm">
        <Title order={2} fz={18}>
          自動振り分けルール
        </Title>
        <Text size="sm" c="dimmed">
          {DESCRIPTION}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

/** What a cabinet admin sees: the rules, why he cannot change them, and the latest backfill. */
function RulesView({ cabinet }: { cabinet: TCabinet }) {
  const backfills = useBackfills(cabinet.id, true);
  const rules = cabinet.classificationRules;
  return (
    <RulesFrame>
      {rules.length === 0 ? (
        <Text size="sm">ルールはありません。</Text>
      ) : (
        <Group gap={6} aria-label="対象のメンバーグループ">
          {rules.map((g) => (
            <Badge key={g.id} variant="light" color="gray" tt="none">
              {groupLabel(g)}
            </Badge>
          ))}
        </Group>
      )}
      <Alert color="gray" variant="light">
        {RULES_NEED_COMPANY_ADMIN}
      </Alert>
      {backfills.data?.[0] && <BackfillStatus backfill={backfills.data[0]} />}
    </RulesFrame>
  );
}

function BackfillStatus({ backfill }: { backfill: TClassificationBackfill }) {
  const isRunning = backfill.state === 'queued' || backfill.state === 'running';
  return (
    <Stack gap={4} data-testid="backfill-status">
      <Text size="sm">
        既存書類の振り分け：{BACKFILL_STATE_LABELS[backfill.state]}（
        {backfill.linked.toLocaleString('ja-JP')}件を振り分け）
      </Text>
      {isRunning && <Progress value={100} animated aria-label="振り分け中" />}
    </Stack>
  );
}

/** The company admin's editor: adding groups shows first how many existing documents they would file (dry run). */
function RulesEditor({ cabinet }: { cabinet: TCabinet }) {
  const groups = useGroupCandidates(cabinet.id, true);
  const current = useMemo(
    () => cabinet.classificationRules.map((g) => g.id),
    [cabinet.classificationRules],
  );
  const [value, setValue] = useState<string[]>(current);
  const [isBackfill, setBackfill] = useState(false);
  useEffect(() => setValue(current), [current]);
  const change = diff(current, value);
  const addKey = change.add.join(',');
  const dryRun = useDryRun(cabinet.id);
  const save = useChangeRules(cabinet.id);
  const alert = useAlert('content');
  const backfills = useBackfills(cabinet.id, true);
  const client = useQueryClient();

  // The count is asked as soon as the added groups change, so it is on screen before saving.
  const { mutate, reset } = dryRun;
  useEffect(() => {
    if (addKey) mutate(addKey.split(','));
    else reset();
  }, [addKey, mutate, reset]);

  const latest = backfills.data?.[0];
  useEffect(() => {
    if (latest?.state === 'succeeded') void client.invalidateQueries({ queryKey: cabinetKeys.all });
  }, [latest?.id, latest?.state, client]);

  const isDirty = change.add.length + change.remove.length > 0;
  const isCounting = change.add.length > 0 && (dryRun.isPending || !dryRun.data);
  const options = (groups.data ?? cabinet.classificationRules).map((g) => ({
    value: g.id,
    label: groupLabel(g),
  }));

  const submit = async () => {
    try {
      const res = await save.mutateAsync({
        ...change,
        backfill: isBackfill && change.add.length > 0,
      });
      alert.open(
        res?.backfill
          ? '自動振り分けルールを保存しました。既存の書類の振り分けを開始しました。'
          : '自動振り分けルールを保存しました。',
      );
      setBackfill(false);
    } catch (error) {
      alert.open({
        message: error instanceof Error ? error.message : '保存できませんでした。',
        type: 'error',
      });
    }
  };

  return (
    <RulesFrame>
      <MultiSelect
        label="対象のメンバーグループ"
        placeholder="グループを選択"
        data={options}
        value={value}
        onChange={setValue}
      />
      {change.add.length > 0 && (
        <Alert color="blue" variant="light" data-testid="dry-run">
          {dryRun.isError
            ? dryRun.error.message
            : dryRun.data
              ? `追加するグループのルールで、既存の書類${dryRun.data.count.toLocaleString('ja-JP')}件がこのキャビネットに振り分けられます。`
              : '既存の書類の件数を確認しています…'}
        </Alert>
      )}
      {change.add.length > 0 && (
        <Checkbox
          checked={isBackfill}
          onChange={(e) => setBackfill(e.currentTarget.checked)}
          label="保存時に既存の書類にも適用する（バックグラウンドで実行します）"
        />
      )}
      <Group justify="flex-end">
        <Button variant="default" disabled={!isDirty} onClick={() => setValue(current)}>
          元に戻す
        </Button>
        <Button
          disabled={!isDirty || isCounting}
          loading={save.isPending}
          onClick={() => void submit()}
        >
          保存
        </Button>
      </Group>
      {latest && <BackfillStatus backfill={latest} />}
    </RulesFrame>
  );
}
