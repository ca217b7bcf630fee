import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { TSsoMappingRequest, TSsoResponse } from '@cloudsign/contract';
import { useAlert } from '../../../components/alerts/index.ts';
import {
  keepTyped,
  useStaleSave,
  type StaleSaveFields,
} from '../../../components/stale-save/index.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { useMemberGroupList } from '../../../lib/shared-reads/member-groups.ts';
import { ssoQuery, useCompanyAdmins, usePutMapping } from '../api/sso.ts';

type Settings = NonNullable<TSsoResponse['settings']>;
/** The settings with the version they were read at: what the form edits and whose version it saves on. */
type Versioned = Settings & { version: string };
export type MappingDraft = Required<TSsoMappingRequest>;
type Errors = Partial<Record<keyof MappingDraft | '', string>>;

const versioned = (sso: TSsoResponse): Versioned => ({ ...sso.settings!, version: sso.version });
const draftOf = (s: Settings): MappingDraft => ({
  emailAttribute: s.emailAttribute,
  nameAttribute: s.nameAttribute,
  organizationAttribute: s.organizationAttribute,
  jitEnabled: s.jitEnabled,
  jitGroupIds: s.jitGroupIds,
  exceptionUserIds: s.exceptionUserIds,
});

/** Field errors keyed by the body's first path segment ("jitGroupIds.0" → jitGroupIds). */
function errorsOf(e: unknown): Errors {
  if (!isApiError(e)) return { '': e instanceof Error ? e.message : '保存できませんでした。' };
  if (e.details.length === 0) return { '': e.message };
  const out: Errors = {};
  for (const d of e.details) {
    const key = (d.path.split('.')[0] ?? '') as keyof Errors;
    out[key] ??= d.message;
  }
  return out;
}

/**
 * The mapping being edited, on the version of the settings it started from: the draft (typed fields kept
 * when the base moves), the save and its field errors; the admins and groups the form offers.
 */
export function useMappingDraft(sso: TSsoResponse) {
  const client = useQueryClient();
  const admins = useCompanyAdmins();
  const groups = useMemberGroupList({ type: 'user' });
  const names = (rows: { id: string; name: string }[] | undefined) => (ids: unknown) =>
    (ids as string[]).map((id) => rows?.find((r) => r.id === id)?.name ?? id).join('、') ||
    '（なし）';
  const fields: StaleSaveFields<Versioned> = {
    emailAttribute: 'メールアドレスの属性',
    nameAttribute: '氏名の属性',
    organizationAttribute: '所属の属性',
    jitEnabled: { label: 'JITプロビジョニング', format: (v) => (v ? 'オン' : 'オフ') },
    jitGroupIds: {
      label: '作成したメンバーを入れるグループ',
      format: names(groups.data?.memberGroups),
    },
    exceptionUserIds: {
      label: 'パスワードでもログインできる管理者（例外）',
      format: names(admins.data),
    },
  };
  const latest = versioned(sso);
  const save = useStaleSave<Versioned>({
    item: latest,
    read: async () => versioned(await client.fetchQuery({ ...ssoQuery(), staleTime: 0 })),
    fields,
    versionOf: (s) => s.version,
    keyOf: () => 'sso',
  });
  const base = save.base ?? latest;
  const [draft, setDraft] = useState<MappingDraft>(() => draftOf(base));
  // The base moves on a reload or a save: untouched fields take its values, typed ones stay.
  const [draftBase, setDraftBase] = useState(base);
  if (draftBase !== base) {
    setDraftBase(base);
    setDraft(keepTyped(draftOf(draftBase), draftOf(base), draft));
  }
  const dirty = JSON.stringify(draftOf(base)) !== JSON.stringify(draft);
  // A save in another panel of this page (certificates, metadata) moves the version without touching what
  // this form edits, and a form nobody typed in has nothing to lose: the form follows the settings as read
  // then. Once something is typed, another admin's change to these fields waits for the stale-save notice.
  const { saved, stale } = save;
  const follows = !dirty || JSON.stringify(draftOf(latest)) === JSON.stringify(draftOf(base));
  useEffect(() => {
    if (!stale && follows && latest.version !== base.version) saved(latest);
  }, [stale, follows, latest, base.version, saved]);
  const [errors, setErrors] = useState<Errors>({});
  const put = usePutMapping();
  const alert = useAlert('content');
  const set = (patch: Partial<MappingDraft>) => setDraft({ ...draft, ...patch });
  const submit = async () => {
    try {
      const answer = await put.mutateAsync({ body: draft, version: base.version });
      save.saved(versioned(answer));
      setErrors({});
      alert.open('属性マッピングと例外の管理者を保存しました。');
    } catch (e) {
      if (save.catchStale(e)) return setErrors({});
      setErrors(errorsOf(e));
    }
  };
  const reset = () => setDraft(draftOf(base));

  return {
    admins,
    groups,
    save,
    draft,
    dirty,
    errors,
    set,
    submit,
    reset,
    isSaving: put.isPending,
  };
}
