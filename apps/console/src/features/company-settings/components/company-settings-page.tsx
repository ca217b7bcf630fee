import { useEffect, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Radio,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import {
  COMPANY_FLAG_LABELS,
  COMPANY_FLAGS,
  FLAG_NOT_IN_PLAN,
  PLAN_LABELS,
  type TCompanySettings,
  type TCompanySettingsPreview,
  type TUpdateCompanySettingsRequest,
  ZCompanyName,
} from '@cloudsign/contract';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { AlertArea, useAlert } from '../../../components/alerts/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useIsCompanyAdmin } from '../../../lib/current-user.ts';
import { usePageTitle } from '../../../lib/title.ts';
import {
  useCompanySettings,
  usePreviewCompanySettings,
  useSendMfaReminders,
  useUpdateCompanySettings,
} from '../api/settings.ts';
import { AuditRetentionInput, retentionError } from './audit-retention-input.tsx';
import { FLAG_DESCRIPTIONS } from './flag-descriptions.ts';
import { SettingsPreviewModal } from './settings-preview-modal.tsx';
import { QueryFallback } from '../../../components/query-fallback/query-fallback.tsx';

/** The period is typed text until it is a number (an empty field is shown, not turned into 0). */
type Draft = Omit<TUpdateCompanySettingsRequest, 'version' | 'auditRetentionYears'> & {
  auditRetentionYears: number | string;
};
const draftOf = (s: TCompanySettings): Draft => ({
  name: s.name,
  theme: s.theme,
  flags: s.flags,
  auditRetentionYears: s.auditRetentionYears,
});
const messageOf = (e: unknown) => (e instanceof Error ? e.message : '変更できませんでした。');
/** The contract's own words for a name the server would refuse (empty, too long, a line break, a bidi mark…). */
const nameErrorOf = (name: string) => {
  const parsed = ZCompanyName.safeParse(name);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
};

/** `/company/settings`: 企業名, plan, theme and the company flags, changed after an impact preview. */
export function CompanySettingsPage() {
  usePageTitle();
  const isAdmin = useIsCompanyAdmin();
  const settings = useCompanySettings();
  if (!isAdmin) {
    return (
      <>
        <PageHeader title="企業設定" />
        <Alert color="gray">この画面は組織管理権限を持つメンバーのみ利用できます。</Alert>
      </>
    );
  }
  return (
    <>
      <PageHeader title="企業設定" description="企業名、テーマ、会社全体で使う機能を設定します。" />
      <AlertArea area="content" />
      {!settings.isSuccess ? (
        <QueryFallback query={settings} />
      ) : (
        <SettingsForm settings={settings.data} onReload={() => void settings.refetch()} />
      )}
    </>
  );
}

function SettingsForm({
  settings,
  onReload,
}: {
  settings: TCompanySettings;
  onReload: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [preview, setPreview] = useState<TCompanySettingsPreview | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [retentionFieldError, setRetentionFieldError] = useState<string | null>(null);
  const alert = useAlert('content');
  const previewCall = usePreviewCompanySettings();
  const update = useUpdateCompanySettings();
  const remind = useSendMfaReminders();
  useEffect(() => setDraft(draftOf(settings)), [settings]);

  const body = {
    ...draft,
    auditRetentionYears: Number(draft.auditRetentionYears),
    version: settings.version,
  };
  const dirty = JSON.stringify(draftOf(settings)) !== JSON.stringify(draft);
  const onError = (e: unknown) => {
    setPreview(null);
    alert.open({ message: messageOf(e), type: 'error' });
    // The server's reason for the name lands on the field, as the other forms' details do.
    const nameDetail = isApiError(e) ? e.details.find((d) => d.path === 'name') : undefined;
    if (nameDetail) setFieldError(nameDetail.message);
  };
  const check = async () => {
    const nameError = nameErrorOf(draft.name);
    const yearsError = retentionError(draft.auditRetentionYears);
    setFieldError(nameError);
    setRetentionFieldError(yearsError);
    if (nameError || yearsError) return;
    try {
      setPreview(await previewCall.mutateAsync(body));
    } catch (e) {
      onError(e);
    }
  };
  const apply = async () => {
    try {
      await update.mutateAsync(body);
      setPreview(null);
      alert.open('企業設定を変更しました。');
    } catch (e) {
      onError(e);
    }
  };
  const sendReminders = async () => {
    try {
      const { sent, notSent } = await remind.mutateAsync();
      alert.open(
        `${sent}名に2要素認証の設定のお願いをメールしました。` +
          (notSent > 0
            ? `${notSent}名には、本日すでにお願いしたか1日の送信数の上限を超えるため、送っていません。`
            : ''),
      );
    } catch (e) {
      onError(e);
    }
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="lg" bg="white">
        <Stack gap="md">
          <TextInput
            label="企業名"
            required
            maw={480}
            value={draft.name}
            error={fieldError}
            onChange={(e) => setDraft({ ...draft, name: e.currentTarget.value })}
          />
          <Group gap="xs">
            <Text size="sm" fw={500}>
              プラン
            </Text>
            <Badge variant="light">{PLAN_LABELS[settings.plan]}</Badge>
          </Group>
          <Radio.Group
            label="テーマ"
            description="ロゴと配色が会社のメンバー全員の画面で切り替わります。"
            value={draft.theme}
            onChange={(v) => setDraft({ ...draft, theme: v as Draft['theme'] })}
          >
            <Group mt="xs">
              <Radio value="cloudsign" label="クラウドサイン" />
              <Radio value="smbc-cloudsign" label="SMBCクラウドサイン" />
            </Group>
          </Radio.Group>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="lg" bg="white">
        <Stack gap="md" role="group" aria-label="機能">
          {COMPANY_FLAGS.map((flag) => {
            const available = settings.availableFlags.includes(flag);
            return (
              <Stack key={flag} gap="xs">
                <Switch
                  label={COMPANY_FLAG_LABELS[flag]}
                  description={available ? FLAG_DESCRIPTIONS[flag] : `${FLAG_NOT_IN_PLAN}。`}
                  disabled={!available}
                  checked={draft.flags[flag]}
                  onChange={(e) =>
                    setDraft({
                      ...draft,
                      flags: { ...draft.flags, [flag]: e.currentTarget.checked },
                    })
                  }
                />
                {flag === 'auditLog' && (
                  <AuditRetentionInput
                    value={draft.auditRetentionYears}
                    available={available}
                    error={retentionFieldError}
                    onChange={(v) => setDraft({ ...draft, auditRetentionYears: v })}
                  />
                )}
              </Stack>
            );
          })}
          <Text size="sm" c="dimmed">
            SSO設定（シングルサインオン）: {settings.ssoEnabled ? '有効' : '無効'}
            （SSO設定の画面で変更します）
          </Text>
        </Stack>
      </Paper>
      <Group>
        <Button disabled={!dirty} loading={previewCall.isPending} onClick={() => void check()}>
          変更内容を確認
        </Button>
        <Button
          variant="default"
          disabled={!dirty}
          onClick={() => {
            setDraft(draftOf(settings));
            setRetentionFieldError(null);
          }}
        >
          元に戻す
        </Button>
        <Button variant="subtle" onClick={onReload}>
          最新の設定を読み込む
        </Button>
      </Group>
      <SettingsPreviewModal
        preview={preview}
        saving={update.isPending}
        reminding={remind.isPending}
        onRemind={() => void sendReminders()}
        onConfirm={() => void apply()}
        onClose={() => setPreview(null)}
      />
    </Stack>
  );
}
