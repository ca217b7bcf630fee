import { useState } from 'react';
import { Alert, Button, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import {
  IP_RESTRICTION_MODE_LABELS,
  IP_RESTRICTION_MODES,
  IP_RESTRICTION_SCOPE_LABELS,
  IP_RESTRICTION_SCOPES,
  type TIpRestriction,
  type TIpRestrictionMode,
  type TIpRestrictionScope,
} from '@cloudsign/contract';
import { QueryFallback } from '../../../components/query-fallback/query-fallback.tsx';
import { useIpRestriction } from '../api/ip-restriction.ts';
import { useIpRestrictionDraft } from '../hooks/use-ip-restriction-draft.ts';
import type { PanelMessage } from '../lib/panel-message.ts';
import { IpRangesEditor } from './ip-ranges-editor.tsx';
import { IpImpactPreview } from './ip-impact-preview.tsx';

const MODE_HELP: Record<TIpRestrictionMode, string> = {
  off: '制限しません。',
  log: '許可されていないIPアドレスからの利用を監査ログに記録し、利用は止めません。本番の前に試すときに使います。',
  enforce: '許可されていないIPアドレスからの利用を止め、監査ログに記録します。',
};

/**
 * 企業設定 › IPアドレス制限 (docs/design.md "IP address restriction"): the allowed ranges per scope, each with a
 * mode, CSV in and out, and the impact of the change (who signed in from outside it in 30 days) shown before
 * it can be saved.
 */
export function IpRestrictionPanel() {
  const current = useIpRestriction();
  // Kept above the form: a save remounts the form on the new version, and its message must stay.
  const [message, setMessage] = useState<PanelMessage>(null);
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

function RestrictionForm({
  saved,
  message,
  setMessage,
}: {
  saved: TIpRestriction;
  message: PanelMessage;
  setMessage: (m: PanelMessage) => void;
}) {
  const d = useIpRestrictionDraft(saved, setMessage);
  const { scope, here } = d;
  const label = IP_RESTRICTION_SCOPE_LABELS[scope];

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
        onChange={(v) => d.setScope(v as TIpRestrictionScope)}
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
          onChange={(v) => d.change({ mode: v as TIpRestrictionMode })}
          data={IP_RESTRICTION_MODES.map((m) => ({
            value: m,
            label: IP_RESTRICTION_MODE_LABELS[m],
          }))}
        />
        <Text size="xs" c="dimmed" mt={4}>
          {MODE_HELP[here.mode]}
        </Text>
      </div>
      <IpRangesEditor
        scope={scope}
        label={label}
        ranges={here.ranges}
        errors={d.errors}
        onRanges={(ranges) => d.change({ ranges })}
        onRange={d.setRange}
        onImport={d.importCsv}
      />
      <Group>
        <Button disabled={!d.dirty} loading={d.isChecking} onClick={() => void d.check()}>
          影響を確認
        </Button>
        <Button variant="default" disabled={!d.dirty} onClick={d.reset}>
          元に戻す
        </Button>
      </Group>
      {d.preview && d.dirty && (
        <IpImpactPreview preview={d.preview} saving={d.isSaving} onSave={() => void d.save()} />
      )}
    </Stack>
  );
}
