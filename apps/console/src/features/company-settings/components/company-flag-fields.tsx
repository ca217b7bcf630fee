import { Paper, Stack, Switch, Text } from '@mantine/core';
import {
  COMPANY_FLAG_LABELS,
  COMPANY_FLAGS,
  FLAG_NOT_IN_PLAN,
  type TCompanySettings,
} from '@cloudsign/contract';
import type { SettingsDraft } from '../lib/settings-draft.ts';
import { AuditRetentionInput } from './audit-retention-input.tsx';
import { FLAG_DESCRIPTIONS } from './flag-descriptions.ts';

/** The company's features (機能): a switch each, off limits when the plan lacks it; the log's retention. */
export function CompanyFlagFields({
  draft,
  base,
  retentionError,
  onChange,
}: {
  draft: SettingsDraft;
  base: TCompanySettings;
  retentionError: string | null;
  onChange: (draft: SettingsDraft) => void;
}) {
  return (
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
                  onChange({
                    ...draft,
                    flags: { ...draft.flags, [flag]: e.currentTarget.checked },
                  })
                }
              />
              {flag === 'auditLog' && (
                <AuditRetentionInput
                  value={draft.auditRetentionYears}
                  available={available}
                  error={retentionError}
                  onChange={(v) => onChange({ ...draft, auditRetentionYears: v })}
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
  );
}
