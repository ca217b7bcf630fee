import { Alert, Button, Group, Table, Text } from '@mantine/core';
import type { TSsoTestResult } from '@cloudsign/contract';
import { formatDateTime } from '../../../lib/format.ts';
import { Section } from './section.tsx';

/**
 * 接続テスト: a real sign-in round trip through the IdP (the site starts it and brings the admin back to
 * `/sso?test=done`), then what arrived and which member it matched.
 */
export function ConnectionTestPanel({
  testUrl,
  result,
  returned,
}: {
  testUrl: string;
  result: TSsoTestResult | null;
  returned: boolean;
}) {
  return (
    <Section
      title="接続テスト"
      description="IdP でのログインを実際に往復し、受け取った属性と一致するメンバーを確かめます。SSO を有効にする前に成功させてください（属性マッピングは先に保存してください）。"
    >
      <Group>
        <Button component="a" href={testUrl}>
          接続テスト
        </Button>
      </Group>
      {/* Just back from the IdP: the result is shown at the top of the page instead. */}
      {result && !returned && <TestResult result={result} />}
    </Section>
  );
}

/** The outcome of the round trip just made, first on the page when the admin comes back from the IdP. */
export function ReturnedTestResult({ result }: { result: TSsoTestResult | null }) {
  if (!result)
    return (
      <Alert color="yellow" role="alert">
        接続テストの結果を受け取れませんでした。もう一度お試しください。
      </Alert>
    );
  return <TestResult result={result} />;
}

function TestResult({ result }: { result: TSsoTestResult }) {
  return (
    <div aria-label="接続テストの結果" role="region">
      <Alert
        color={result.ok ? 'green' : 'red'}
        title={`${result.ok ? '接続テストに成功しました' : '接続テストに失敗しました'}（${formatDateTime(result.at)}）`}
      >
        <Text size="sm">{result.message}</Text>
        {result.member ? (
          <Text size="sm" mt={4}>
            一致したメンバー: {result.member.name}（{result.member.email}）
          </Text>
        ) : (
          result.email && (
            <Text size="sm" mt={4}>
              受け取ったメールアドレス: {result.email}（一致するメンバーはいません）
            </Text>
          )
        )}
      </Alert>
      {result.attributes.length > 0 && (
        <Table mt="sm" withTableBorder verticalSpacing={4} aria-label="受け取った属性">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>属性</Table.Th>
              <Table.Th>値</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {result.attributes.map((a) => (
              <Table.Tr key={a.name}>
                <Table.Td style={{ wordBreak: 'break-all' }}>{a.name}</Table.Td>
                <Table.Td>{a.values.join(', ')}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {!result.ok && (
        <Text size="xs" c="dimmed" mt="xs">
          属性名が違う場合は、属性マッピングを直して保存してから、もう一度テストしてください。
        </Text>
      )}
    </div>
  );
}
