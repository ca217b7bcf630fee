import { Anchor, Badge, Group, List, Text } from '@mantine/core';
import { Link } from 'react-router';
import { taxAuditRequirements, type TaxAuditInputs } from '../lib/requirements.ts';
import { Section } from './section.tsx';

const EXAMPLE: TaxAuditInputs = { dateField: 'contractAt', from: '', to: '' };

/** The law's search requirements, each met, with a link to the search that shows it for the period. */
export function RequirementList({ inputs }: { inputs: TaxAuditInputs | null }) {
  const items = taxAuditRequirements(inputs ?? EXAMPLE);
  return (
    <Section
      title="検索要件（電子帳簿保存法）"
      description={
        inputs
          ? 'それぞれのリンクから、課税期間の書類をその条件で検索できます。'
          : '課税期間を入力して「件数を確認」を押すと、それぞれの条件で検索するリンクが表示されます。'
      }
    >
      <List spacing="sm" listStyleType="none" aria-label="検索要件">
        {items.map((r) => (
          <List.Item key={r.key}>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Badge color="green" variant="light" style={{ flexShrink: 0 }}>
                対応
              </Badge>
              <div>
                <Text size="sm" fw={700}>
                  {r.label}
                </Text>
                <Text size="sm" c="dimmed">
                  {r.how}
                </Text>
                {inputs && (
                  <Anchor component={Link} to={r.href} size="sm">
                    {r.label}で検索する
                  </Anchor>
                )}
              </div>
            </Group>
          </List.Item>
        ))}
      </List>
    </Section>
  );
}
