import { useState } from 'react';
import {
  ActionIcon,
  Alert,
  Button,
  FileButton,
  Group,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  IP_RESTRICTION_MODE_LABELS,
  IP_RESTRICTION_MODES,
  IP_RESTRICTION_SCOPE_LABELS,
  IP_RESTRICTION_SCOPES,
  ipImpactSentence,
  type TIpRestriction,
  type TIpRestrictionMode,
  type TIpRestrictionPreview,
  type TIpRestrictionScope,
} from '@cloudsign/contract';
import { isApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { QueryFallback } from '../../../components/query-fallback/query-fallback.tsx';
import {
  downloadIpCsv,
  ipRestrictionKeys,
  readIpCsv,
  useIpRestriction,
  usePreviewIpRestriction,
  useUpdateIpRestriction,
} from '../api/ip-restriction.ts';

type Range = { cidr: string; memo: string };
type Draft = Record<TIpRestrictionScope, { mode: TIpRestrictionMode; ranges: Range[] }>;
const draftOf = (r: TIpRestriction): Draft => ({
  console: { mode: r.console.mode, ranges: r.console.ranges },
  scim: { mode: r.scim.mode, ranges: r.scim.ranges },
  sso: { mode: r.sso.mode, ranges: r.sso.ranges },
});
const MODE_HELP: Record<TIpRestrictionMode, string> = {
  off: '制限しません。',
  log: '許可されていないIPアドレスからの利用を監査ログに記録し、利用は止めません。本番の前に試すときに使います。',
  enforce: '許可されていないIPアドレスからの利用を止め、監査ログに記録します。',
};
const STALE =
  'ほかの管理者がIPアドレス制限を変更しました。最新の設定を読み込みましたので、内容を確かめてからもう一度変更してください。';

/**
 * 企業設定 › IPアドレス制限 (docs/design.md "IP address restriction"): the allowed ranges per scope, each with a
 * mode, CSV in and out, and the impact of the change (who signed in from outside it in 30 days) shown before
 * it can be saved.
 */
export function IpRestrictionPanel() {
  const current = useIpRestriction();
  // Kept above the form: a save remounts the form on the new version, and its message must stay.
  const [message, setMessage] = useState<Message>(null);
  return (
    <Paper withBorder radius="md" p="lg" bg="white" component="section" aria-label="IPアドレス制限">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            IPアドレス制限
          </Title>
          <Text size="sm" c="dimmed">
            コンソール（画面とAPI）、SCIM、SSOログインを、許可したIPアドレスからだけ利用できるようにします。
          </Text>
        </div>
        {!current.isSuccess ? (
          <QueryFallback query={current} />
        ) : (
          <RestrictionForm
            key={current.data.version}
            saved={current.data}
            message={message}
            setMessage={setMessage}
          />
        )}
      </Stack>
    </Paper>
  );
}

type Message = { text: string; error: boolean } | null;

function RestrictionForm({
  saved,
  message,
  setMessage,
}: {
  saved: TIpRestriction;
  message: Message;
  setMessage: (m: Message) => void;
}) {
  const client = useQueryClient();
  const [scope, setScope] = useState<TIpRestrictionScope>('console');
  const [draft, setDraft] = useState<Draft>(() => draftOf(saved));
  const [preview, setPreview] = useState<TIpRestrictionPreview | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const previewCall = usePreviewIpRestriction();
  const update = useUpdateIpRestriction();
  const dirty = JSON.stringify(draft) !== JSON.stringify(draftOf(saved));
  const here = draft[scope];
  const label = IP_RESTRICTION_SCOPE_LABELS[scope];

  const change = (next: Partial<Draft[TIpRestrictionScope]>) => {
    setDraft({ ...draft, [scope]: { ...here, ...next } });
    setPreview(null);
  };
  const setRange = (i: number, r: Partial<Range>) =>
    change({ ranges: here.ranges.map((x, j) => (j === i ? { ...x, ...r } : x)) });

  const onError = async (e: unknown) => {
    setPreview(null);
    if (isApiError(e) && e.code === 'stale_version') {
      setMessage({ text: STALE, error: true });
      await client.invalidateQueries({ queryKey: ipRestrictionKeys.all });
      return;
    }
    const details = isApiError(e) ? e.details : [];
    setErrors(Object.fromEntries(details.map((d) => [d.path, d.message])));
    const first = details[0];
    const where = first ? scopeOfPath(first.path) : null;
    if (where) setScope(where);
    setMessage({ text: e instanceof Error ? e.message : '確認できませんでした。', error: true });
  };
  const check = async () => {
    setMessage(null);
    setErrors({});
    try {
      setPreview(await previewCall.mutateAsync(draft));
    } catch (e) {
      await onError(e);
    }
  };
  const save = async () => {
    try {
      await update.mutateAsync({ body: draft, version: saved.version });
      setMessage({ text: 'IPアドレス制限を保存しました。', error: false });
    } catch (e) {
      await onError(e);
    }
  };
  const importCsv = async (file: File | null) => {
    if (!file) return;
    setMessage(null);
    try {
      const ranges = await readIpCsv(file);
      change({ ranges });
      setMessage({
        text: `CSVから${ranges.length}件を読み込みました。影響を確認してから保存してください。`,
        error: false,
      });
    } catch (e) {
      const details = isApiError(e) ? e.details : [];
      const lines = details.map((d) => `${d.path}: ${d.message}`).join('\n');
      setMessage({
        text: `${e instanceof Error ? e.message : 'CSVを読み込めませんでした。'}${lines ? `\n${lines}` : ''}`,
        error: true,
      });
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm">
        いまお使いのIPアドレス: <strong>{saved.currentAddress}</strong>
      </Text>
      {message && (
        <Alert
          color={message.error ? 'red' : 'green'}
          role={message.error ? 'alert' : 'status'}
          style={{ whiteSpace: 'pre-line' }}
        >
          {message.text}
        </Alert>
      )}
      <SegmentedControl
        aria-label="制限の対象"
        value={scope}
        onChange={(v) => setScope(v as TIpRestrictionScope)}
        data={IP_RESTRICTION_SCOPES.map((s) => ({
          value: s,
          label: IP_RESTRICTION_SCOPE_LABELS[s],
        }))}
      />
      <div>
        <Text size="sm" fw={500} mb={4} id="ip-mode-label">
          {label}の動作
        </Text>
        <SegmentedControl
          aria-labelledby="ip-mode-label"
          value={here.mode}
          onChange={(v) => change({ mode: v as TIpRestrictionMode })}
          data={IP_RESTRICTION_MODES.map((m) => ({
            value: m,
            label: IP_RESTRICTION_MODE_LABELS[m],
          }))}
        />
        <Text size="xs" c="dimmed" mt={4}>
          {MODE_HELP[here.mode]}
        </Text>
      </div>
      <Stack gap="xs" aria-label={`${label}で許可するIPアドレス`} role="group">
        <Text size="sm" fw={500}>
          許可するIPアドレス（{here.ranges.length}件）
        </Text>
        {errors[`${scope}.ranges`] && (
          <Text size="sm" c="red" role="alert">
            {errors[`${scope}.ranges`]}
          </Text>
        )}
        {here.ranges.map((r, i) => (
          <Group key={i} align="flex-start" wrap="nowrap">
            <TextInput
              label={`IPアドレス（CIDR）${i + 1}`}
              placeholder="203.0.113.0/24"
              w={260}
              value={r.cidr}
              error={errors[`${scope}.ranges.${i}.cidr`]}
              onChange={(ev) => setRange(i, { cidr: ev.currentTarget.value })}
            />
            <TextInput
              label={`メモ${i + 1}`}
              placeholder="本社"
              style={{ flex: 1 }}
              value={r.memo}
              error={errors[`${scope}.ranges.${i}.memo`]}
              onChange={(ev) => setRange(i, { memo: ev.currentTarget.value })}
            />
            <ActionIcon
              mt={28}
              variant="subtle"
              color="red"
              aria-label={`${r.cidr || `${i + 1}行目`}を削除`}
              onClick={() => change({ ranges: here.ranges.filter((_, j) => j !== i) })}
            >
              ×
            </ActionIcon>
          </Group>
        ))}
        <Group>
          <Button
            variant="default"
            size="xs"
            onClick={() => change({ ranges: [...here.ranges, { cidr: '', memo: '' }] })}
          >
            IPアドレスを追加
          </Button>
          <FileButton onChange={(f) => void importCsv(f)} accept=".csv,text/csv">
            {(props) => (
              <Button variant="default" size="xs" {...props}>
                CSVを読み込む
              </Button>
            )}
          </FileButton>
          <Button variant="subtle" size="xs" onClick={() => void downloadIpCsv(scope, 'sjis')}>
            CSVを書き出す（Shift_JIS）
          </Button>
          <Button variant="subtle" size="xs" onClick={() => void downloadIpCsv(scope, 'utf8bom')}>
            CSVを書き出す（UTF-8）
          </Button>
        </Group>
      </Stack>
      <Group>
        <Button disabled={!dirty} loading={previewCall.isPending} onClick={() => void check()}>
          影響を確認
        </Button>
        <Button
          variant="default"
          disabled={!dirty}
          onClick={() => {
            setDraft(draftOf(saved));
            setPreview(null);
            setErrors({});
          }}
        >
          元に戻す
        </Button>
      </Group>
      {preview && dirty && (
        <ImpactPreview preview={preview} saving={update.isPending} onSave={() => void save()} />
      )}
    </Stack>
  );
}

const scopeOfPath = (path: string): TIpRestrictionScope | null => {
  const head = path.split('.')[0];
  return IP_RESTRICTION_SCOPES.find((s) => s === head) ?? null;
};

function ImpactPreview(props: {
  preview: TIpRestrictionPreview;
  saving: boolean;
  onSave: () => void;
}) {
  const { preview } = props;
  const rows = preview.members.flatMap((m) => m.addresses.map((a) => ({ member: m, ...a })));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="変更の影響">
      <Stack gap="sm">
        <Alert color={preview.members.length > 0 ? 'yellow' : 'blue'} role="status">
          {ipImpactSentence(preview.members.length)}
          （過去30日のログイン {preview.signIns}件から）
        </Alert>
        {!preview.currentAddressAllowed && (
          <Text size="sm" c="orange">
            いまお使いのIPアドレス（{preview.currentAddress}
            ）は、コンソールの許可するIPアドレスに含まれていません。「制限する」では保存できません。
          </Text>
        )}
        {rows.length > 0 && (
          <Table
            striped
            withTableBorder
            aria-label="許可されていないIPアドレスから利用したメンバー"
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>名前</Table.Th>
                <Table.Th>メールアドレス</Table.Th>
                <Table.Th>IPアドレス</Table.Th>
                <Table.Th>最後のログイン</Table.Th>
                <Table.Th>回数</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={`${r.member.id}-${r.address}`}>
                  <Table.Td>{r.member.name}</Table.Td>
                  <Table.Td>{r.member.email}</Table.Td>
                  <Table.Td>{r.address}</Table.Td>
                  <Table.Td>{formatDateTime(r.lastAt)}</Table.Td>
                  <Table.Td>{r.count}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Group>
          <Button color="red" loading={props.saving} onClick={props.onSave}>
            この内容で保存
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
