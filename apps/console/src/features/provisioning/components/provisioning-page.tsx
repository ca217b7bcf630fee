import { useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Modal,
  Paper,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  PROVISIONING_LOG_DAYS,
  PROVISIONING_TOKENS_MAX,
  provisioningOperationLabel,
  type TProvisioningLogEntry,
  type TProvisioningToken,
} from '@cloudsign/contract';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { QueryFallback } from '../../../components/query-fallback/query-fallback.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { usePageTitle } from '../../../lib/title.ts';
import {
  useProvisioningLog,
  useProvisioningTokens,
  useRevokeProvisioningToken,
} from '../api/provisioning.ts';
import { CreateTokenDialog } from './create-token-dialog.tsx';

const CRUMBS = [{ label: '企業設定', to: '/company/settings' }];

/** `/company/provisioning`: the SCIM base URL, the tokens (作成 / 無効化) and the request log. */
export function ProvisioningPage() {
  usePageTitle();
  const tokens = useProvisioningTokens();
  const [isCreating, setIsCreating] = useState(false);
  const [revoking, setRevoking] = useState<TProvisioningToken | null>(null);
  const active = tokens.data?.tokens.filter((t) => !t.revokedAt).length ?? 0;
  const isFull = active >= PROVISIONING_TOKENS_MAX;

  return (
    <>
      <PageHeader
        title="プロビジョニング"
        crumbs={CRUMBS}
        description="Microsoft Entra ID や Okta から SCIM 2.0 でメンバーとメンバーグループを作成・変更・利用停止します。IdP で利用停止にしたメンバーは、ここでも利用停止になります（削除はされません）。"
      />
      <Stack gap="lg">
        <Paper withBorder radius="md" p="lg" bg="white">
          <Title order={2} size="h4" mb="xs">
            SCIM の接続先
          </Title>
          <Text size="sm" c="dimmed" mb="sm">
            IdP のプロビジョニング設定の「テナント URL」（Okta では「SCIM connector base
            URL」）に入力します。
          </Text>
          {tokens.data && (
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" ff="monospace" aria-label="SCIM のベース URL">
                {tokens.data.baseUrl}
              </Text>
              <CopyButton value={tokens.data.baseUrl}>
                {({ copied, copy }) => (
                  <Button size="compact-xs" variant="subtle" onClick={copy}>
                    {copied ? 'コピーしました' : 'URL をコピー'}
                  </Button>
                )}
              </CopyButton>
            </Group>
          )}
        </Paper>

        <Paper withBorder radius="md" p="lg" bg="white">
          <Group justify="space-between" mb="xs">
            <Title order={2} size="h4">
              トークン
            </Title>
            <Button onClick={() => setIsCreating(true)} disabled={isFull}>
              作成
            </Button>
          </Group>
          <Text size="sm" c="dimmed" mb="sm">
            有効なトークンは{PROVISIONING_TOKENS_MAX}
            個まで作成できます。入れ替えるときは、新しいトークンを IdP
            に設定してから古いトークンを無効化してください。
            {isFull && ' 上限に達しているため、作成するには先にどれかを無効化してください。'}
          </Text>
          {tokens.isSuccess ? (
            <TokenTable tokens={tokens.data.tokens} onRevoke={(t) => setRevoking(t)} />
          ) : (
            <QueryFallback query={tokens} />
          )}
        </Paper>

        <ProvisioningLog />
      </Stack>
      <CreateTokenDialog opened={isCreating} onClose={() => setIsCreating(false)} />
      <RevokeDialog token={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}

function TokenTable({
  tokens,
  onRevoke,
}: {
  tokens: TProvisioningToken[];
  onRevoke: (t: TProvisioningToken) => void;
}) {
  if (tokens.length === 0)
    return <Text size="sm">まだトークンはありません。「作成」から作成してください。</Text>;
  return (
    <Table aria-label="SCIM トークン" verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>名前</Table.Th>
          <Table.Th>作成日時</Table.Th>
          <Table.Th>作成者</Table.Th>
          <Table.Th>最終利用日時</Table.Th>
          <Table.Th>状態</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tokens.map((t) => (
          <Table.Tr key={t.id}>
            <Table.Td>{t.name}</Table.Td>
            <Table.Td>{formatDateTime(t.createdAt)}</Table.Td>
            <Table.Td>{t.createdBy || '—'}</Table.Td>
            <Table.Td>{t.lastUsedAt ? formatDateTime(t.lastUsedAt) : '未使用'}</Table.Td>
            <Table.Td>
              {t.revokedAt ? (
                <Badge color="gray" variant="light">
                  無効（{formatDateTime(t.revokedAt)}）
                </Badge>
              ) : (
                <Badge color="green" variant="light">
                  有効
                </Badge>
              )}
            </Table.Td>
            <Table.Td ta="right">
              {!t.revokedAt && (
                <Button
                  size="compact-sm"
                  variant="subtle"
                  color="red"
                  onClick={() => onRevoke(t)}
                  aria-label={`${t.name}を無効化`}
                >
                  無効化
                </Button>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function RevokeDialog({
  token,
  onClose,
}: {
  token: TProvisioningToken | null;
  onClose: () => void;
}) {
  const revoke = useRevokeProvisioningToken();
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    setError(null);
    onClose();
  };
  const confirm = async () => {
    if (!token) return;
    try {
      await revoke.mutateAsync(token.id);
      close();
    } catch (err) {
      setError(isApiError(err) ? err.message : '無効化できませんでした。');
    }
  };
  return (
    <Modal opened={token !== null} onClose={close} title="トークンの無効化" centered>
      <Stack gap="sm">
        <Text size="sm">
          「{token?.name}」を無効化します。このトークンを使っている IdP
          からのプロビジョニングは、すぐに受け付けなくなります。元には戻せません。
        </Text>
        {error && <Alert color="red">{error}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            キャンセル
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={revoke.isPending}>
            無効化する
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

function ProvisioningLog() {
  const log = useProvisioningLog();
  return (
    <Paper withBorder radius="md" p="lg" bg="white">
      <Title order={2} size="h4" mb="xs">
        プロビジョニングのログ
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        IdP からの要求を過去{PROVISIONING_LOG_DAYS}日分、新しい順に表示します（最大200件）。
      </Text>
      {log.isSuccess ? <LogTable entries={log.data} /> : <QueryFallback query={log} />}
    </Paper>
  );
}

function LogTable({ entries }: { entries: TProvisioningLogEntry[] }) {
  if (entries.length === 0) return <Text size="sm">まだ要求はありません。</Text>;
  return (
    <Table aria-label="プロビジョニングのログ" verticalSpacing={4} fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>日時</Table.Th>
          <Table.Th>トークン</Table.Th>
          <Table.Th>操作</Table.Th>
          <Table.Th>対象</Table.Th>
          <Table.Th>結果</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {entries.map((e) => (
          <Table.Tr key={e.id}>
            <Table.Td>{formatDateTime(e.occurredAt)}</Table.Td>
            <Table.Td>{e.tokenName}</Table.Td>
            <Table.Td>{provisioningOperationLabel(e.method, e.resource)}</Table.Td>
            <Table.Td style={{ wordBreak: 'break-all' }}>{e.target || '—'}</Table.Td>
            <Table.Td>
              <Badge color={e.status < 400 ? 'green' : 'red'} variant="light">
                {e.status < 400 ? '成功' : 'エラー'} {e.status}
              </Badge>
              {e.detail && (
                <Text size="xs" c="dimmed">
                  {e.detail}
                </Text>
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
