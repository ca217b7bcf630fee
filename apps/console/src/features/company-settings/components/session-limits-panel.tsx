import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  List,
  Modal,
  NumberInput,
  Paper,
  ScrollArea,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  DEFAULT_SESSION_MAX_HOURS,
  IDLE_TIMEOUT_LABEL,
  IDLE_TIMEOUT_MAX_MINUTES,
  IDLE_TIMEOUT_MIN_MINUTES,
  SESSION_MAX_HOURS_LABEL,
  SESSION_MAX_HOURS_MAX,
  SESSION_MAX_HOURS_MIN,
  ZIdleTimeoutMinutes,
  ZSessionMaxHours,
  idleTimeoutWords,
  type TSessionLimits,
  type TSessionLimitsPreview,
} from '@cloudsign/contract';
import { isApiError } from '../../../lib/api-client.ts';
import { QueryFallback } from '../../../components/query-fallback/query-fallback.tsx';
import {
  sessionLimitsKeys,
  usePreviewSessionLimits,
  useSessionLimits,
  useUpdateSessionLimits,
} from '../api/session-limits.ts';

type Draft = { hasIdle: boolean; idle: number | string; hours: number | string };
const draftOf = (l: TSessionLimits): Draft => ({
  hasIdle: l.idleTimeoutMinutes !== null,
  idle: l.idleTimeoutMinutes ?? 30,
  hours: l.sessionMaxHours,
});
const firstIssue = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : (r.error?.issues[0]?.message ?? null);
const numberOf = (v: number | string) => (typeof v === 'number' ? v : Number.NaN);
/** The field stays short; its description runs the panel's width. */
const INPUT_WIDTH = { wrapper: { maxWidth: 240 } };
const STALE =
  'ほかの管理者がセッションの制限を変更しました。最新の設定を読み込みましたので、内容を確かめてからもう一度変更してください。';

/**
 * 企業設定 › セキュリティ: the idle timeout and the session length (docs/design.md "Session limits"). Changed
 * after a preview of who would be signed out at once; saved on the version the page read.
 */
type Message = { text: string; error: boolean } | null;

export function SessionLimitsPanel() {
  const limits = useSessionLimits();
  // Kept here: the form starts afresh on each saved version, and the message outlives it.
  const [message, setMessage] = useState<Message>(null);
  return (
    <Paper withBorder radius="md" p="lg" bg="white" component="section" aria-label="セキュリティ">
      <Stack gap="md">
        <div>
          <Title order={2} size="h4">
            セキュリティ
          </Title>
          <Text size="sm" c="dimmed">
            ログインしたままのブラウザを、会社の決まりに合わせて自動でログアウトさせます。
          </Text>
        </div>
        {!limits.isSuccess ? (
          <QueryFallback query={limits} />
        ) : (
          <LimitsForm
            key={limits.data.version}
            limits={limits.data}
            message={message}
            setMessage={setMessage}
          />
        )}
      </Stack>
    </Paper>
  );
}

function LimitsForm({
  limits,
  message,
  setMessage,
}: {
  limits: TSessionLimits;
  message: Message;
  setMessage: (m: Message) => void;
}) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(limits));
  const [errors, setErrors] = useState<{ idle: string | null; hours: string | null }>({
    idle: null,
    hours: null,
  });
  const [preview, setPreview] = useState<TSessionLimitsPreview | null>(null);
  const previewCall = usePreviewSessionLimits();
  const update = useUpdateSessionLimits();
  const dirty = JSON.stringify(draft) !== JSON.stringify(draftOf(limits));
  const body = {
    idleTimeoutMinutes: draft.hasIdle ? numberOf(draft.idle) : null,
    sessionMaxHours: numberOf(draft.hours),
  };

  const onError = async (e: unknown) => {
    setPreview(null);
    if (isApiError(e) && e.code === 'stale_version') {
      setMessage({ text: STALE, error: true });
      await client.invalidateQueries({ queryKey: sessionLimitsKeys.all });
      return;
    }
    const details = isApiError(e) ? e.details : [];
    setErrors({
      idle: details.find((d) => d.path === 'idleTimeoutMinutes')?.message ?? null,
      hours: details.find((d) => d.path === 'sessionMaxHours')?.message ?? null,
    });
    setMessage({ text: e instanceof Error ? e.message : '変更できませんでした。', error: true });
  };
  const check = async () => {
    const idle = draft.hasIdle
      ? firstIssue(ZIdleTimeoutMinutes.safeParse(body.idleTimeoutMinutes))
      : null;
    const hours = firstIssue(ZSessionMaxHours.safeParse(body.sessionMaxHours));
    setErrors({ idle, hours });
    setMessage(null);
    if (idle || hours) return;
    try {
      setPreview(await previewCall.mutateAsync({ body, version: limits.version }));
    } catch (e) {
      await onError(e);
    }
  };
  const apply = async () => {
    try {
      await update.mutateAsync({ body, version: limits.version });
      setPreview(null);
      setMessage({ text: 'セッションの制限を変更しました。', error: false });
    } catch (e) {
      await onError(e);
    }
  };

  return (
    <Stack gap="md">
      {message && (
        <Alert color={message.error ? 'red' : 'green'} role={message.error ? 'alert' : 'status'}>
          {message.text}
        </Alert>
      )}
      <Switch
        label="操作がないときに自動でログアウトする"
        description={`最後の操作からこの時間が過ぎると、次の操作でログイン画面に戻ります（${IDLE_TIMEOUT_MIN_MINUTES}分〜${IDLE_TIMEOUT_MAX_MINUTES / 60}時間。初期設定ではしません）。`}
        checked={draft.hasIdle}
        onChange={(e) => setDraft({ ...draft, hasIdle: e.currentTarget.checked })}
      />
      {draft.hasIdle && (
        <NumberInput
          label={IDLE_TIMEOUT_LABEL}
          ml={54}
          styles={INPUT_WIDTH}
          min={IDLE_TIMEOUT_MIN_MINUTES}
          max={IDLE_TIMEOUT_MAX_MINUTES}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          suffix="分"
          value={draft.idle}
          error={errors.idle}
          onChange={(v) => setDraft({ ...draft, idle: v })}
        />
      )}
      <NumberInput
        label={SESSION_MAX_HOURS_LABEL}
        description={`ログインしてからこの時間が過ぎると、操作していてもログアウトします（${SESSION_MAX_HOURS_MIN}〜${SESSION_MAX_HOURS_MAX}時間。初期設定は${DEFAULT_SESSION_MAX_HOURS}時間）。`}
        styles={INPUT_WIDTH}
        min={SESSION_MAX_HOURS_MIN}
        max={SESSION_MAX_HOURS_MAX}
        allowDecimal={false}
        allowNegative={false}
        clampBehavior="none"
        suffix="時間"
        value={draft.hours}
        error={errors.hours}
        onChange={(v) => setDraft({ ...draft, hours: v })}
      />
      <Group>
        <Button disabled={!dirty} loading={previewCall.isPending} onClick={() => void check()}>
          セキュリティの変更内容を確認
        </Button>
        <Button
          variant="default"
          disabled={!dirty}
          onClick={() => {
            setDraft(draftOf(limits));
            setErrors({ idle: null, hours: null });
          }}
        >
          元に戻す
        </Button>
      </Group>
      <Modal
        opened={preview !== null}
        onClose={() => setPreview(null)}
        title="セッションの制限の変更"
        size="lg"
      >
        {preview && (
          <Stack gap="sm">
            <List size="sm">
              <List.Item>無操作タイムアウト: {idleTimeoutWords(body.idleTimeoutMinutes)}</List.Item>
              <List.Item>ログインの有効期間: {body.sessionMaxHours}時間</List.Item>
            </List>
            {preview.sessions === 0 ? (
              <Text size="sm">この変更で今すぐログアウトするメンバーはいません。</Text>
            ) : (
              <>
                <Text size="sm" fw={500}>
                  この変更で、{preview.memberCount}名（{preview.sessions}
                  件のログイン）が次の操作でログアウトします。
                </Text>
                {preview.includesYou && (
                  <Alert color="yellow">
                    あなたのこのブラウザのログインも含まれます。変更すると、もう一度ログインが必要です。
                  </Alert>
                )}
                <ScrollArea.Autosize mah={200} type="auto">
                  <List size="sm" spacing={2} aria-label="ログアウトするメンバー">
                    {preview.members.map((m) => (
                      <List.Item key={m.id}>
                        {m.name || '—'}（{m.email}）{m.sessions > 1 ? ` ${m.sessions}件` : ''}
                      </List.Item>
                    ))}
                  </List>
                </ScrollArea.Autosize>
                {preview.memberCount > preview.members.length && (
                  <Text size="sm" c="dimmed">
                    ほか{preview.memberCount - preview.members.length}名
                  </Text>
                )}
              </>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setPreview(null)}>
                キャンセル
              </Button>
              <Button loading={update.isPending} onClick={() => void apply()}>
                変更する
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
