import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Checkbox,
  Group,
  NumberInput,
  Paper,
  Radio,
  Select,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import {
  BRAKE_LABEL,
  SUCCESSOR_RULE_LABELS,
  SUCCESSOR_RULES,
  defaultBrakeThreshold,
  memberNameOrUnset,
  type TDeactivationQueue,
  type TLeaverSettings,
  type TQueuedDeactivation,
  type TSuccessorRule,
} from '@cloudsign/contract';
import type { ReactNode } from 'react';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { AlertArea, useAlert, type UseAlert } from '../../../components/alerts/index.ts';
import { ConfirmModal } from '../../../components/confirm-modal/index.ts';
import { QueryFallback } from '../../../components/query-fallback/query-fallback.tsx';
import { useIsCompanyAdmin } from '../../../lib/current-user.ts';
import { usePageTitle } from '../../../lib/title.ts';
import { isApiError } from '../../../lib/api-client.ts';
import {
  useCompanyAdmins,
  useDeactivationQueue,
  useDecideDeactivations,
  useLeaverSettings,
  useSaveLeaverSettings,
} from '../api/leavers.ts';
import { QueuedDeactivationsTable } from './queued-deactivations-table.tsx';

const messageOf = (e: unknown, fallback: string) =>
  isApiError(e) || e instanceof Error ? e.message : fallback;

function Section(props: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Paper component="section" aria-label={props.title} withBorder radius="md" p="lg" bg="white">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            {props.title}
          </Title>
          {props.description && (
            <Text size="sm" c="dimmed" mt={4}>
              {props.description}
            </Text>
          )}
        </div>
        {props.children}
      </Stack>
    </Paper>
  );
}

/**
 * `/company/provisioning/leavers` (退職者の引き継ぎ): the deactivations the brake holds, decided by
 * 「適用する」/「取り消す」, and the rule that names who takes over a leaver's cabinets and documents.
 */
export function LeaversPage() {
  usePageTitle();
  const isAdmin = useIsCompanyAdmin();
  if (!isAdmin)
    return (
      <>
        <PageHeader title="退職者の引き継ぎ" />
        <Alert color="gray">この画面は組織管理権限を持つメンバーのみ利用できます。</Alert>
      </>
    );
  return (
    <>
      <PageHeader
        title="退職者の引き継ぎ"
        description="IdP（Entra ID・Okta など）からのプロビジョニングでメンバーを利用停止するときの、書類とキャビネットの引き継ぎと、大量の利用停止の保留を設定します。"
      />
      <AlertArea area="content" />
      <Stack gap="lg">
        <QueueSection />
        <SettingsSection />
      </Stack>
    </>
  );
}

type Decision = { action: 'apply' | 'cancel'; rows: TQueuedDeactivation[] | 'all' };

function QueueSection() {
  const queue = useDeactivationQueue();
  return (
    <Section
      title="保留中の利用停止"
      description="1時間に上限を超えてプロビジョニングから求められた利用停止は、すぐには適用せずここで保留します。在籍中のメンバーが含まれていないか確認してから、適用するか取り消してください。"
    >
      {!queue.isSuccess ? <QueryFallback query={queue} /> : <QueueTable queue={queue.data} />}
    </Section>
  );
}

function QueueTable({ queue }: { queue: TDeactivationQueue }) {
  const alert = useAlert('content');
  const [decision, setDecision] = useState<Decision | null>(null);
  const apply = useDecideDeactivations('apply');
  const cancel = useDecideDeactivations('cancel');
  const n = queue.queued.length;
  const confirm = (dialog: UseAlert) => {
    if (!decision) return;
    const mutation = decision.action === 'apply' ? apply : cancel;
    const body =
      decision.rows === 'all' ? { all: true as const } : { ids: decision.rows.map((r) => r.id) };
    mutation.mutate(body, {
      onSuccess: ({ count }) => {
        setDecision(null);
        alert.open(
          decision.action === 'apply'
            ? `${count.toLocaleString('ja-JP')}名の利用停止を適用しました。`
            : `${count.toLocaleString('ja-JP')}名の利用停止を取り消しました。`,
        );
      },
      onError: (e) =>
        dialog.open({ type: 'error', message: messageOf(e, '操作できませんでした。') }),
    });
  };
  const count = decision ? (decision.rows === 'all' ? n : decision.rows.length) : 0;
  const who =
    decision && decision.rows !== 'all' && decision.rows.length === 1
      ? `「${memberNameOrUnset(decision.rows[0]!.member.name)}」（${decision.rows[0]!.member.email}）`
      : `${count.toLocaleString('ja-JP')}名`;
  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text size="sm">
          過去1時間にプロビジョニングで利用停止したメンバー:{' '}
          <span style={{ whiteSpace: 'nowrap' }}>
            {queue.appliedLastHour.toLocaleString('ja-JP')}名
          </span>{' '}
          ／ {BRAKE_LABEL}:{' '}
          <span style={{ whiteSpace: 'nowrap' }}>{queue.threshold.toLocaleString('ja-JP')}名</span>
        </Text>
        {n > 0 && (
          <Group gap="xs">
            <Button size="xs" onClick={() => setDecision({ action: 'apply', rows: 'all' })}>
              すべて適用する
            </Button>
            <Button
              size="xs"
              variant="default"
              onClick={() => setDecision({ action: 'cancel', rows: 'all' })}
            >
              すべて取り消す
            </Button>
          </Group>
        )}
      </Group>
      {n === 0 ? (
        <Text size="sm" c="dimmed">
          保留中の利用停止はありません。
        </Text>
      ) : (
        <>
          <Alert color="orange" title={`${n.toLocaleString('ja-JP')}名の利用停止を保留しています`}>
            適用するまで、これらのメンバーはこれまでどおり利用できます。
          </Alert>
          <QueuedDeactivationsTable queued={queue.queued} onDecide={setDecision} />
        </>
      )}
      <ConfirmModal
        opened={decision !== null}
        title={decision?.action === 'apply' ? '利用停止を適用' : '利用停止を取り消し'}
        color={decision?.action === 'apply' ? 'red' : 'blue'}
        message={
          decision?.action === 'apply'
            ? `${who}を利用停止にします。ログインできなくなり、管理者が一人だけのキャビネットと送信した書類は移管先に引き継がれます。よろしいですか？`
            : `${who}の利用停止を取り消します。メンバーはこれまでどおり利用できます。IdP 側の割り当ても確認してください。`
        }
        confirmLabel={decision?.action === 'apply' ? '適用する' : '取り消す'}
        loading={apply.isPending || cancel.isPending}
        onConfirm={confirm}
        onClose={() => setDecision(null)}
      />
    </Stack>
  );
}

function SettingsSection() {
  const settings = useLeaverSettings();
  return (
    <Section
      title="移管先と利用停止の上限"
      description="利用停止になるメンバーが、ほかに管理者のいないキャビネットを管理しているときや書類を送信しているときは、その管理と書類を移管先に引き継ぎます。利用停止は削除ではありません。利用再開すれば、元どおりログインできます。"
    >
      {!settings.isSuccess ? (
        <QueryFallback query={settings} />
      ) : (
        <SettingsForm key={settings.data.version} settings={settings.data} />
      )}
    </Section>
  );
}

function SettingsForm({ settings }: { settings: TLeaverSettings }) {
  const alert = useAlert('content');
  const admins = useCompanyAdmins();
  const save = useSaveLeaverSettings();
  const [rule, setRule] = useState<TSuccessorRule>(settings.successorRule);
  const [fallback, setFallback] = useState<string | null>(settings.fallbackMember?.id ?? null);
  const [useDefault, setUseDefault] = useState(settings.brakeThreshold === null);
  const [threshold, setThreshold] = useState<number | string>(
    settings.brakeThreshold ?? settings.effectiveThreshold,
  );
  const [error, setError] = useState<{ field: string | null; message: string } | null>(null);
  const options = [
    ...(admins.data ?? []).map((m) => ({
      value: m.id,
      label: `${memberNameOrUnset(m.name)}（${m.email}）`,
    })),
  ];
  if (settings.fallbackMember && !options.some((o) => o.value === settings.fallbackMember!.id))
    options.unshift({
      value: settings.fallbackMember.id,
      label: `${memberNameOrUnset(settings.fallbackMember.name)}（${settings.fallbackMember.email}）`,
    });
  const submit = () => {
    setError(null);
    save.mutate(
      {
        body: {
          successorRule: rule,
          fallbackMemberId: fallback,
          brakeThreshold: useDefault ? null : Number(threshold),
        },
        version: settings.version,
      },
      {
        onSuccess: () => alert.open('退職者の引き継ぎの設定を保存しました。'),
        onError: (e) => {
          const path = isApiError(e) ? (e.details?.[0]?.path ?? null) : null;
          setError({ field: path, message: messageOf(e, '保存できませんでした。') });
        },
      },
    );
  };
  const fieldError = (f: string) => (error?.field === f ? error.message : undefined);
  return (
    <Stack gap="md" maw={720}>
      {error && !['fallbackMemberId', 'brakeThreshold'].includes(error.field ?? '') && (
        <Alert color="red">{error.message}</Alert>
      )}
      <Radio.Group
        label="移管先の決め方"
        value={rule}
        onChange={(v) => setRule(v as TSuccessorRule)}
      >
        <Stack gap={6} mt={6}>
          {SUCCESSOR_RULES.map((r) => (
            <Radio key={r} value={r} label={SUCCESSOR_RULE_LABELS[r]} />
          ))}
        </Stack>
      </Radio.Group>
      <Select
        label="指定した移管先（組織管理権限を持つメンバー）"
        description="決め方で選んだ人に引き継げないときは、組織管理権限を持つほかのメンバーに引き継ぎます。"
        placeholder="メンバーを選択"
        data={options}
        value={fallback}
        onChange={setFallback}
        searchable
        clearable
        nothingFoundMessage="該当するメンバーがいません"
        error={fieldError('fallbackMemberId')}
      />
      <Stack gap={6}>
        <Checkbox
          label={`${BRAKE_LABEL}を既定値にする（50名、またはメンバーの5%の多いほう。現在は${defaultBrakeThreshold(settings.memberCount).toLocaleString('ja-JP')}名）`}
          checked={useDefault}
          onChange={(ev) => setUseDefault(ev.currentTarget.checked)}
        />
        {!useDefault && (
          <NumberInput
            label={`${BRAKE_LABEL}（名）`}
            min={1}
            max={100000}
            w={260}
            value={threshold}
            onChange={setThreshold}
            error={fieldError('brakeThreshold')}
          />
        )}
      </Stack>
      <Group>
        <Button onClick={submit} loading={save.isPending}>
          保存する
        </Button>
        <Badge variant="light" color="gray">
          現在の上限: {settings.effectiveThreshold.toLocaleString('ja-JP')}名／1時間
        </Badge>
      </Group>
    </Stack>
  );
}
