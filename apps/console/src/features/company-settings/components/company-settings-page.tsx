import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
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
  AUDIT_RETENTION_LABEL,
  COMPANY_FLAG_LABELS,
  COMPANY_FLAGS,
  FLAG_NOT_IN_PLAN,
  PLAN_LABELS,
  THEME_LABELS,
  THEMES,
  type TCompanySettings,
  type TCompanySettingsPreview,
  type TUpdateCompanySettingsRequest,
  ZCompanyName,
} from '@cloudsign/contract';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { AlertArea, useAlert } from '../../../components/alerts/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useIsCompanyAdmin } from '../../../lib/current-user.ts';
import { usePageTitle } from '../../../lib/title.ts';
import {
  keepTyped,
  StaleSaveNotice,
  useStaleSave,
  type StaleSaveFields,
} from '../../../components/stale-save/index.ts';
import {
  companySettingsQuery,
  useCompanySettings,
  usePreviewCompanySettings,
  useSendMfaReminders,
  useUpdateCompanySettings,
} from '../api/settings.ts';
import { AuditLogReaders } from './audit-log-readers.tsx';
import { IpRestrictionPanel } from './ip-restriction-panel.tsx';
import { AuditRetentionInput, retentionError } from './audit-retention-input.tsx';
import { FLAG_DESCRIPTIONS } from './flag-descriptions.ts';
import { SettingsPreviewModal } from './settings-preview-modal.tsx';
import { QueryFallback } from '../../../components/query-fallback/query-fallback.tsx';
import { SessionLimitsPanel } from './session-limits-panel.tsx';

/** The period is typed text until it is a number (an empty field is shown, not turned into 0). */
type Draft = Omit<TUpdateCompanySettingsRequest, 'auditRetentionYears'> & {
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
      <PageHeader
        title="企業設定"
        description="企業名、テーマ、会社全体で使う機能を設定します。"
        actions={
          // 企業設定 › プロビジョニング: SCIM from the company's IdP (its own page: tokens and their log).
          <Button component={Link} to="/company/provisioning" variant="default">
            プロビジョニング
          </Button>
        }
      />
      <AlertArea area="content" />
      {!settings.isSuccess ? (
        <QueryFallback query={settings} />
      ) : (
        <Stack gap="xl">
          <SettingsForm settings={settings.data} />
          {/* Saved on its own, with its own preview: below the settings form and its buttons. */}
          <SessionLimitsPanel />
        </Stack>
      )}
    </>
  );
}

const onOff = (v: unknown) => (v ? 'オン' : 'オフ');
/** What the stale-save notice lists, in the screen's words. */
const FIELDS: StaleSaveFields<TCompanySettings> = {
  name: '企業名',
  theme: { label: 'テーマ', format: (v) => THEME_LABELS[v as TCompanySettings['theme']] },
  flags: {
    label: '機能',
    format: (v) =>
      COMPANY_FLAGS.map(
        (f) => `${COMPANY_FLAG_LABELS[f]} ${onOff((v as TCompanySettings['flags'])[f])}`,
      ).join('、'),
  },
  auditRetentionYears: { label: AUDIT_RETENTION_LABEL, format: (v) => `${Number(v)}年` },
};

/**
 * The form edits the settings as read when the page opened them (a background refetch never resets what is
 * typed) and saves on their `version`; a save over another admin's change is refused with the stale-save
 * notice, and 「最新の設定を読み込む」 takes the other admin's values into the fields nobody typed in.
 */
function SettingsForm({ settings }: { settings: TCompanySettings }) {
  const client = useQueryClient();
  const save = useStaleSave<TCompanySettings>({
    item: settings,
    read: () => client.fetchQuery({ ...companySettingsQuery(), staleTime: 0 }),
    fields: FIELDS,
    versionOf: (s) => s.version,
    keyOf: (s) => s.companyId,
  });
  const base = save.base ?? settings;
  const [draft, setDraft] = useState<Draft>(() => draftOf(base));
  const [draftBase, setDraftBase] = useState(base);
  if (draftBase !== base) {
    setDraftBase(base);
    setDraft(keepTyped(draftOf(draftBase), draftOf(base), draft));
  }
  const [preview, setPreview] = useState<TCompanySettingsPreview | null>(null);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [retentionFieldError, setRetentionFieldError] = useState<string | null>(null);
  const alert = useAlert('content');
  const previewCall = usePreviewCompanySettings();
  const update = useUpdateCompanySettings();
  const remind = useSendMfaReminders();

  const change = {
    body: { ...draft, auditRetentionYears: Number(draft.auditRetentionYears) },
    version: base.version,
  };
  const dirty = JSON.stringify(draftOf(base)) !== JSON.stringify(draft);
  // A form nobody typed in has nothing to lose: it follows a refetch (another admin's change shows at once).
  const { saved, stale } = save;
  useEffect(() => {
    if (!dirty && !stale && settings.version !== base.version) saved(settings);
  }, [dirty, stale, settings, base.version, saved]);
  const onError = (e: unknown) => {
    setPreview(null);
    if (save.catchStale(e)) return;
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
      setPreview(await previewCall.mutateAsync(change));
    } catch (e) {
      onError(e);
    }
  };
  const apply = async () => {
    try {
      save.saved(await update.mutateAsync(change));
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
            <Badge variant="light">{PLAN_LABELS[base.plan]}</Badge>
          </Group>
          <Radio.Group
            label="テーマ"
            description="ロゴと配色が会社のメンバー全員の画面で切り替わります。"
            value={draft.theme}
            onChange={(v) => setDraft({ ...draft, theme: v as Draft['theme'] })}
          >
            <Group mt="xs">
              {THEMES.map((t) => (
                <Radio key={t} value={t} label={THEME_LABELS[t]} />
              ))}
            </Group>
          </Radio.Group>
        </Stack>
      </Paper>
      <Paper withBorder radius="md" p="lg" bg="white">
        <Stack gap="md" role="group" aria-label="機能">
          {COMPANY_FLAGS.map((flag) => {
            const available = base.availableFlags.includes(flag);
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
            SSO設定（シングルサインオン）: {base.ssoEnabled ? '有効' : '無効'}
            （SSO設定の画面で変更します）
          </Text>
        </Stack>
      </Paper>
      {base.availableFlags.includes('auditLog') && <AuditLogReaders />}
      <IpRestrictionPanel />
      <StaleSaveNotice save={save} />
      <Group>
        <Button disabled={!dirty} loading={previewCall.isPending} onClick={() => void check()}>
          変更内容を確認
        </Button>
        <Button
          variant="default"
          disabled={!dirty}
          onClick={() => {
            setDraft(draftOf(base));
            setRetentionFieldError(null);
          }}
        >
          元に戻す
        </Button>
        <Button variant="subtle" loading={save.reloading} onClick={() => void save.reload()}>
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
