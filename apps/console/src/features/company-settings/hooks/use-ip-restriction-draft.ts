import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type {
  TIpRestriction,
  TIpRestrictionPreview,
  TIpRestrictionScope,
} from '@cloudsign/contract';
import { isApiError } from '../../../lib/api-client.ts';
import {
  ipRestrictionKeys,
  readIpCsv,
  usePreviewIpRestriction,
  useUpdateIpRestriction,
} from '../api/ip-restriction.ts';
import type { PanelMessage } from '../lib/panel-message.ts';
import { draftOf, scopeOfPath, type IpDraft, type IpRange } from '../lib/ip-restriction-draft.ts';

const STALE =
  'ほかの管理者がIPアドレス制限を変更しました。最新の設定を読み込みましたので、内容を確かめてからもう一度変更してください。';

/**
 * The IP restriction being edited: the scope shown, the draft, the impact preview (any change drops it,
 * so what is saved is what was checked), field errors from the server, and the check, save and CSV calls.
 */
export function useIpRestrictionDraft(
  saved: TIpRestriction,
  setMessage: (m: PanelMessage) => void,
) {
  const client = useQueryClient();
  const [scope, setScope] = useState<TIpRestrictionScope>('console');
  const [draft, setDraft] = useState<IpDraft>(() => draftOf(saved));
  const [preview, setPreview] = useState<TIpRestrictionPreview | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const previewCall = usePreviewIpRestriction();
  const update = useUpdateIpRestriction();
  const dirty = JSON.stringify(draft) !== JSON.stringify(draftOf(saved));
  const here = draft[scope];

  const change = (next: Partial<IpDraft[TIpRestrictionScope]>) => {
    setDraft({ ...draft, [scope]: { ...here, ...next } });
    setPreview(null);
  };
  const setRange = (i: number, r: Partial<IpRange>) =>
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
  const reset = () => {
    setDraft(draftOf(saved));
    setPreview(null);
    setErrors({});
  };

  return {
    scope,
    setScope,
    here,
    errors,
    preview,
    dirty,
    isChecking: previewCall.isPending,
    isSaving: update.isPending,
    change,
    setRange,
    check,
    save,
    importCsv,
    reset,
  };
}
