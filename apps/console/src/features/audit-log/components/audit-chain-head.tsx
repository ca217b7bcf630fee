import { Button, Code, CopyButton, Group, Paper, Stack, Text } from '@mantine/core';
import type { TAuditChainHead } from '@cloudsign/contract';
import { formatDateTime } from '../../../lib/format.ts';

/**
 * チェーンの先頭: the company's newest event as an anchor to keep outside the product. Whoever can rewrite the
 * database could cut the newest events and leave a chain that verifies; an anchor written down earlier
 * cannot be moved, so the check given it (npm run audit:verify -- --anchor …) finds the cut.
 */
export function AuditChainHead({ head }: { head: TAuditChainHead | null }) {
  return (
    <Paper
      component="section"
      withBorder
      p="md"
      aria-labelledby="audit-chain-head-title"
      data-testid="audit-chain-head"
    >
      <Stack gap={6}>
        <Text id="audit-chain-head-title" fw={600} size="sm">
          チェーンの先頭（改ざん検知用）
        </Text>
        {head ? (
          <>
            <Text size="sm">
              最新の記録: {head.seq.toLocaleString('ja-JP')}番目（{formatDateTime(head.occurredAt)}
              ）
            </Text>
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <Code style={{ wordBreak: 'break-all' }} data-testid="audit-chain-anchor">
                {head.anchor}
              </Code>
              <CopyButton value={head.anchor}>
                {({ copied, copy }) => (
                  <Button size="compact-xs" variant="default" onClick={copy}>
                    {copied ? 'コピーしました' : 'コピー'}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Text size="xs" c="dimmed">
              この値を監査ログの外（社内の記録や書き出したCSV）に控えておくと、後から記録が削除・差し替えられていないかを検証できます。書き出したCSVの最終行にも記載されます。
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            まだ記録がありません。
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
