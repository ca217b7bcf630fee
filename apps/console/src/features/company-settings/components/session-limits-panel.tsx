import { useState } from 'react';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Stack,
  Switch,
  Text,
  Title,
} from '@mantine/core';
import {
  DEFAULT_SESSION_MAX_HOURS,
  IDLE_TIMEOUT_LABEL,
  IDLE_TIMEOUT_MAX_MINUTES,
  IDLE_TIMEOUT_MIN_MINUTES,
  SESSION_MAX_HOURS_LABEL,
  SESSION_MAX_HOURS_MAX,
  SESSION_MAX_HOURS_MIN,
  type TSessionLimits,
} from '@cloudsign/contract';
import { QueryFallback } from '../../../components/query-fallback/query-fallback.tsx';
import { useSessionLimits } from '../api/session-limits.ts';
import { useSessionLimitsDraft } from '../hooks/use-session-limits-draft.ts';
import type { PanelMessage } from '../lib/panel-message.ts';
import { SessionLimitsPreviewModal } from './session-limits-preview-modal.tsx';

/** The field stays short; its description runs the panel's width. */
const INPUT_WIDTH = { wrapper: { maxWidth: 240 } };

/**
 * 企業設定 › セキュリティ: the idle timeout and the session length (docs/design.md "Session limits"). Changed
 * after a preview of who would be signed out at once; saved on the version the page read.
 */
export function SessionLimitsPanel() {
  const limits = useSessionLimits();
  // Kept here: the form starts afresh on each saved version, and the message outlives it.
  const [message, setMessage] = useState<PanelMessage>(null);
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
  message: PanelMessage;
  setMessage: (m: PanelMessage) => void;
}) {
  const d = useSessionLimitsDraft(limits, setMessage);
  const { draft, setDraft } = d;

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
          error={d.errors.idle}
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
        error={d.errors.hours}
        onChange={(v) => setDraft({ ...draft, hours: v })}
      />
      <Group>
        <Button disabled={!d.dirty} loading={d.isChecking} onClick={() => void d.check()}>
          セキュリティの変更内容を確認
        </Button>
        <Button variant="default" disabled={!d.dirty} onClick={d.reset}>
          元に戻す
        </Button>
      </Group>
      <SessionLimitsPreviewModal
        preview={d.preview}
        body={d.body}
        isApplying={d.isApplying}
        onApply={() => void d.apply()}
        onClose={d.closePreview}
      />
    </Stack>
  );
}
