import { Badge, Button, Group, Text } from '@mantine/core';
import { alertRuleLabel, type TAlertDateItem } from '@cloudsign/contract';

export type AlertRule = { dateItem: TAlertDateItem; daysBefore: number };

/** The cabinet's deadline-alert rules as removable chips (「契約終了日の30日前」). */
export function AlertRuleChips({
  rules,
  onRemove,
}: {
  rules: readonly AlertRule[];
  onRemove: (rule: AlertRule) => void;
}) {
  return rules.length === 0 ? (
    <Text size="sm">ルールはまだありません。</Text>
  ) : (
    <Group gap="xs" aria-label="設定中のルール">
      {rules.map((r) => (
        <Badge
          key={`${r.dateItem}:${r.daysBefore}`}
          variant="light"
          size="lg"
          rightSection={
            <Button
              size="compact-xs"
              variant="subtle"
              aria-label={`${alertRuleLabel(r)}を削除`}
              onClick={() => onRemove(r)}
            >
              ×
            </Button>
          }
        >
          {alertRuleLabel(r)}
        </Badge>
      ))}
    </Group>
  );
}
