import { useEffect, useState } from 'react';
import { Button, Group, Switch, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import {
  SSO_ATTRIBUTE_PRESETS,
  SSO_NAME_ID,
  type TSsoMappingRequest,
  type TSsoResponse,
} from '@cloudsign/contract';
import { useAlert } from '../../../components/alerts/index.ts';
import {
  keepTyped,
  StaleSaveNotice,
  useStaleSave,
  type StaleSaveFields,
} from '../../../components/stale-save/index.ts';
import { MultiSelect } from '../../../components/multiselect/index.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { memberOptionLabel } from '../../../lib/member-option.ts';
import { useMemberGroupList } from '../../../lib/shared-reads/member-groups.ts';
import { ssoQuery, useCompanyAdmins, usePutMapping } from '../api/sso.ts';
import { Section } from './section.tsx';

type Settings = NonNullable<TSsoResponse['settings']>;
/** The settings with the version they were read at: what the form edits and whose version it saves on. */
type Versioned = Settings & { version: string };
type Draft = Required<TSsoMappingRequest>;
type Errors = Partial<Record<keyof Draft | '', string>>;

const versioned = (sso: TSsoResponse): Versioned => ({ ...sso.settings!, version: sso.version });
const draftOf = (s: Settings): Draft => ({
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
 * Attribute mapping, JIT provisioning and the break-glass admins, saved together on the version of the settings
 * the form started from (docs/decisions.md "Saves name the version they were based on"): a background refetch
 * never resets what is typed, and a save over another admin's change is refused with the stale-save notice.
 */
export function MappingForm({ sso }: { sso: TSsoResponse }) {
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
  const [draft, setDraft] = useState<Draft>(() => draftOf(base));
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
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
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
  return (
    <Section
      title="属性マッピング"
      description={`IdP が送る SAML 属性の名前を入力します。メールアドレスに「${SSO_NAME_ID}」と入力すると NameID を使います。`}
    >
      <Group gap="xs">
        <Text size="sm">既定値:</Text>
        {Object.values(SSO_ATTRIBUTE_PRESETS).map((preset) => (
          <Button
            key={preset.label}
            size="xs"
            variant="light"
            onClick={() =>
              set({
                emailAttribute: preset.emailAttribute,
                nameAttribute: preset.nameAttribute,
                organizationAttribute: preset.organizationAttribute,
              })
            }
          >
            {preset.label}
          </Button>
        ))}
      </Group>
      <TextInput
        label="メールアドレス"
        required
        value={draft.emailAttribute}
        error={errors.emailAttribute}
        onChange={(e) => set({ emailAttribute: e.currentTarget.value })}
      />
      <TextInput
        label="氏名"
        required
        value={draft.nameAttribute}
        error={errors.nameAttribute}
        onChange={(e) => set({ nameAttribute: e.currentTarget.value })}
      />
      <TextInput
        label="所属"
        required
        value={draft.organizationAttribute}
        error={errors.organizationAttribute}
        onChange={(e) => set({ organizationAttribute: e.currentTarget.value })}
      />
      <Switch
        label="JITプロビジョニング"
        description={
          sso.jitAvailable
            ? '確認済みのドメイン（下の「ドメイン」）の未登録のメールアドレスで初めてログインしたとき、氏名と所属を属性から取ってメンバーを作成します。オフのときはログインを断ります。'
            : 'JITプロビジョニングはエンタープライズプランでご利用いただけます。'
        }
        disabled={!sso.jitAvailable}
        checked={draft.jitEnabled}
        onChange={(e) => set({ jitEnabled: e.currentTarget.checked })}
      />
      {sso.jitAvailable && draft.jitEnabled && (
        <>
          <MultiSelect
            label="作成したメンバーを入れるグループ"
            data={(groups.data?.memberGroups ?? []).map((g) => ({ value: g.id, label: g.name }))}
            value={draft.jitGroupIds}
            error={errors.jitGroupIds}
            onChange={(jitGroupIds) => set({ jitGroupIds })}
          />
        </>
      )}
      <MultiSelect
        label="パスワードでもログインできる管理者（例外）"
        description="IdP に障害があってもログインできるよう、SSO を有効にする間は組織管理権限を持つ管理者を1人以上選んでください。"
        data={(admins.data ?? []).map((m) => ({ value: m.id, label: memberOptionLabel(m) }))}
        value={draft.exceptionUserIds}
        error={errors.exceptionUserIds}
        onChange={(exceptionUserIds) => set({ exceptionUserIds })}
      />
      <StaleSaveNotice save={save} />
      {errors[''] && (
        <Text size="sm" c="red" role="alert">
          {errors['']}
        </Text>
      )}
      <Group>
        <Button disabled={!dirty} loading={put.isPending} onClick={() => void submit()}>
          保存
        </Button>
        <Button variant="default" disabled={!dirty} onClick={() => setDraft(draftOf(base))}>
          元に戻す
        </Button>
      </Group>
    </Section>
  );
}
