import { Badge, Group, Paper, Radio, Stack, Text, TextInput } from '@mantine/core';
import { PLAN_LABELS, THEME_LABELS, THEMES, type TCompanySettings } from '@cloudsign/contract';
import type { SettingsDraft } from '../lib/settings-draft.ts';

/** 企業設定's first section: the company name, its plan (read only) and the theme. */
export function CompanyProfileFields({
  draft,
  plan,
  nameError,
  onChange,
}: {
  draft: SettingsDraft;
  plan: TCompanySettings['plan'];
  nameError: string | null;
  onChange: (draft: SettingsDraft) => void;
}) {
  return (
    <Paper withBorder radius="md" p="lg" bg="white">
      <Stack gap="md">
        <TextInput
          label="企業名"
          required
          maw={480}
          value={draft.name}
          error={nameError}
          onChange={(e) => onChange({ ...draft, name: e.currentTarget.value })}
        />
        <Group gap="xs">
          <Text size="sm" fw={500}>
            プラン
          </Text>
          <Badge variant="light">{PLAN_LABELS[plan]}</Badge>
        </Group>
        <Radio.Group
          label="テーマ"
          description="ロゴと配色が会社のメンバー全員の画面で切り替わります。"
          value={draft.theme}
          onChange={(v) => onChange({ ...draft, theme: v as SettingsDraft['theme'] })}
        >
          <Group mt="xs">
            {THEMES.map((t) => (
              <Radio key={t} value={t} label={THEME_LABELS[t]} />
            ))}
          </Group>
        </Radio.Group>
      </Stack>
    </Paper>
  );
}
