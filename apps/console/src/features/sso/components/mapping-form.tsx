import { Button, Group, Switch, Text, TextInput } from '@mantine/core';
import { SSO_ATTRIBUTE_PRESETS, SSO_NAME_ID, type TSsoResponse } from '@cloudsign/contract';
import { StaleSaveNotice } from '../../../components/stale-save/index.ts';
import { MultiSelect } from '../../../components/multiselect/index.ts';
import { memberOptionLabel } from '../../../lib/member-option.ts';
import { useMappingDraft } from '../hooks/use-mapping-draft.ts';
import { Section } from './section.tsx';

/**
 * Attribute mapping, JIT provisioning and the break-glass admins, saved together on the version of the settings
 * the form started from (docs/decisions.md "Saves name the version they were based on"): a background refetch
 * never resets what is typed, and a save over another admin's change is refused with the stale-save notice.
 */
export function MappingForm({ sso }: { sso: TSsoResponse }) {
  const { admins, groups, save, draft, dirty, errors, set, submit, reset, isSaving } =
    useMappingDraft(sso);
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
        <Button disabled={!dirty} loading={isSaving} onClick={() => void submit()}>
          保存
        </Button>
        <Button variant="default" disabled={!dirty} onClick={reset}>
          元に戻す
        </Button>
      </Group>
    </Section>
  );
}
