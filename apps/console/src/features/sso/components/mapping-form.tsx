import { useEffect, useState } from 'react';
import { Button, Group, Switch, Text, TextInput } from '@mantine/core';
import {
  SSO_ATTRIBUTE_PRESETS,
  SSO_NAME_ID,
  type TSsoMappingRequest,
  type TSsoResponse,
} from '@cloudsign/contract';
import { useAlert } from '../../../components/alerts/index.ts';
import { MultiSelect } from '../../../components/multiselect/index.ts';
import { isApiError } from '../../../lib/api-error.ts';
import { useMemberGroupList } from '../../../lib/shared-reads/member-groups.ts';
import { useCompanyAdmins, usePutMapping } from '../api/sso.ts';
import { Section } from './section.tsx';

type Settings = NonNullable<TSsoResponse['settings']>;
type Draft = Required<TSsoMappingRequest>;
type Errors = Partial<Record<keyof Draft | '', string>>;

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

/** Attribute mapping, JIT provisioning and the break-glass admins, saved together. */
export function MappingForm({ sso, settings }: { sso: TSsoResponse; settings: Settings }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(settings));
  const [errors, setErrors] = useState<Errors>({});
  useEffect(() => setDraft(draftOf(settings)), [settings]);
  const put = usePutMapping();
  const alert = useAlert('content');
  const admins = useCompanyAdmins();
  const groups = useMemberGroupList({ type: 'user' });
  const set = (patch: Partial<Draft>) => setDraft({ ...draft, ...patch });
  const dirty = JSON.stringify(draftOf(settings)) !== JSON.stringify(draft);
  const save = async () => {
    try {
      await put.mutateAsync(draft);
      setErrors({});
      alert.open('属性マッピングと例外の管理者を保存しました。');
    } catch (e) {
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
        data={(admins.data ?? []).map((m) => ({ value: m.id, label: `${m.name}（${m.email}）` }))}
        value={draft.exceptionUserIds}
        error={errors.exceptionUserIds}
        onChange={(exceptionUserIds) => set({ exceptionUserIds })}
      />
      {errors[''] && (
        <Text size="sm" c="red" role="alert">
          {errors['']}
        </Text>
      )}
      <Group>
        <Button disabled={!dirty} loading={put.isPending} onClick={() => void save()}>
          保存
        </Button>
        <Button variant="default" disabled={!dirty} onClick={() => setDraft(draftOf(settings))}>
          元に戻す
        </Button>
      </Group>
    </Section>
  );
}
