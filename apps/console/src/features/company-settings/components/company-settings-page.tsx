import { Alert, Button, Group, Stack } from '@mantine/core';
import type { TCompanySettings } from '@cloudsign/contract';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { AlertArea } from '../../../components/alerts/index.ts';
import { useIsCompanyAdmin } from '../../../lib/current-user.ts';
import { usePageTitle } from '../../../lib/title.ts';
import { StaleSaveNotice } from '../../../components/stale-save/index.ts';
import { useCompanySettings } from '../api/settings.ts';
import { useCompanySettingsDraft } from '../hooks/use-company-settings-draft.ts';
import { AuditLogReaders } from './audit-log-readers.tsx';
import { IpRestrictionPanel } from './ip-restriction-panel.tsx';
import { CompanyProfileFields } from './company-profile-fields.tsx';
import { CompanyFlagFields } from './company-flag-fields.tsx';
import { SettingsPreviewModal } from './settings-preview-modal.tsx';
import { QueryFallback } from '../../../components/query-fallback/query-fallback.tsx';
import { SessionLimitsPanel } from './session-limits-panel.tsx';

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

/**
 * The form edits the settings as read when the page opened them (a background refetch never resets what is
 * typed) and saves on their `version`; a save over another admin's change is refused with the stale-save
 * notice, and 「最新の設定を読み込む」 takes the other admin's values into the fields nobody typed in.
 */
function SettingsForm({ settings }: { settings: TCompanySettings }) {
  const d = useCompanySettingsDraft(settings);
  const { save, base } = d;

  return (
    <Stack gap="lg">
      <CompanyProfileFields
        draft={d.draft}
        plan={base.plan}
        nameError={d.fieldError}
        onChange={d.setDraft}
      />
      <CompanyFlagFields
        draft={d.draft}
        base={base}
        retentionError={d.retentionFieldError}
        onChange={d.setDraft}
      />
      {base.availableFlags.includes('auditLog') && <AuditLogReaders />}
      <IpRestrictionPanel />
      <StaleSaveNotice save={save} />
      <Group>
        <Button disabled={!d.dirty} loading={d.isChecking} onClick={() => void d.check()}>
          変更内容を確認
        </Button>
        <Button variant="default" disabled={!d.dirty} onClick={d.reset}>
          元に戻す
        </Button>
        <Button variant="subtle" loading={save.reloading} onClick={() => void save.reload()}>
          最新の設定を読み込む
        </Button>
      </Group>
      <SettingsPreviewModal
        preview={d.preview}
        saving={d.isApplying}
        reminding={d.isReminding}
        onRemind={() => void d.sendReminders()}
        onConfirm={() => void d.apply()}
        onClose={d.closePreview}
      />
    </Stack>
  );
}
