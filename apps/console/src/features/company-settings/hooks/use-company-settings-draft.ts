import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TCompanySettings, TCompanySettingsPreview } from '@cloudsign/contract';
import { useAlert } from '../../../components/alerts/index.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { keepTyped, useStaleSave } from '../../../components/stale-save/index.ts';
import {
  companySettingsQuery,
  usePreviewCompanySettings,
  useSendMfaReminders,
  useUpdateCompanySettings,
} from '../api/settings.ts';
import { retentionError } from '../components/audit-retention-input.tsx';
import {
  FIELDS,
  draftOf,
  messageOf,
  nameErrorOf,
  type SettingsDraft,
} from '../lib/settings-draft.ts';

/**
 * The company settings being edited, on the version the page read: the draft (kept where typed when a
 * reload brings another admin's values), field errors, the impact preview, save and the MFA reminders.
 */
export function useCompanySettingsDraft(settings: TCompanySettings) {
  const client = useQueryClient();
  const save = useStaleSave<TCompanySettings>({
    item: settings,
    read: () => client.fetchQuery({ ...companySettingsQuery(), staleTime: 0 }),
    fields: FIELDS,
    versionOf: (s) => s.version,
    keyOf: (s) => s.companyId,
  });
  const base = save.base ?? settings;
  const [draft, setDraft] = useState<SettingsDraft>(() => draftOf(base));
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

  const reset = () => {
    setDraft(draftOf(base));
    setRetentionFieldError(null);
  };

  return {
    save,
    base,
    draft,
    setDraft,
    dirty,
    preview,
    closePreview: () => setPreview(null),
    fieldError,
    retentionFieldError,
    isChecking: previewCall.isPending,
    isApplying: update.isPending,
    isReminding: remind.isPending,
    check,
    apply,
    sendReminders,
    reset,
  };
}
