import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  ZIdleTimeoutMinutes,
  ZSessionMaxHours,
  type TSessionLimits,
  type TSessionLimitsPreview,
} from '@cloudsign/contract';
import { isApiError } from '../../../lib/api-client.ts';
import {
  sessionLimitsKeys,
  usePreviewSessionLimits,
  useUpdateSessionLimits,
} from '../api/session-limits.ts';
import type { PanelMessage } from '../lib/panel-message.ts';

export type SessionLimitsDraft = {
  hasIdle: boolean;
  idle: number | string;
  hours: number | string;
};
const draftOf = (l: TSessionLimits): SessionLimitsDraft => ({
  hasIdle: l.idleTimeoutMinutes !== null,
  idle: l.idleTimeoutMinutes ?? 30,
  hours: l.sessionMaxHours,
});
const firstIssue = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : (r.error?.issues[0]?.message ?? null);
const numberOf = (v: number | string) => (typeof v === 'number' ? v : Number.NaN);
const NO_ERRORS = { idle: null, hours: null };
const STALE =
  'ほかの管理者がセッションの制限を変更しました。最新の設定を読み込みましたので、内容を確かめてからもう一度変更してください。';

/**
 * The session limits being edited: checked with the contract's schemas, then previewed (who would be
 * signed out at once) before they are applied on the version the page read.
 */
export function useSessionLimitsDraft(
  limits: TSessionLimits,
  setMessage: (m: PanelMessage) => void,
) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<SessionLimitsDraft>(() => draftOf(limits));
  const [errors, setErrors] = useState<{ idle: string | null; hours: string | null }>(NO_ERRORS);
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
  const reset = () => {
    setDraft(draftOf(limits));
    setErrors(NO_ERRORS);
  };

  return {
    draft,
    setDraft,
    errors,
    body,
    dirty,
    preview,
    closePreview: () => setPreview(null),
    isChecking: previewCall.isPending,
    isApplying: update.isPending,
    check,
    apply,
    reset,
  };
}
