import {
  ActionIcon,
  Anchor,
  Badge,
  Box,
  Center,
  Divider,
  Group,
  Loader,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { Link } from 'react-router';
import { canReadAuditLog, type TDocumentDetail } from '@cloudsign/contract';
import { auditLogHref } from '../../../lib/audit-log-link.ts';
import { useCurrentUser } from '../../../lib/current-user.ts';
import { PanelError } from '../../../components/error-boundary/error-boundary.tsx';
import { useDocument } from '../api/get-document.ts';
import { formatBytes, formatDateTime } from '../lib/format.ts';
import { AttributeForm } from './attribute-form.tsx';
import { AlertScope } from '../../../components/alerts/index.ts';
import { PdfViewer } from './pdf-viewer.tsx';
import { StatusBadge } from './status-badge.tsx';

const DETAIL_TABS = ['pdf', 'attribute', 'participants'] as const;
export type DetailTab = (typeof DETAIL_TABS)[number];
const isDetailTab = (v: string | null): v is DetailTab => DETAIL_TABS.some((t) => t === v);

/**
 * The selected document beside the list: 書類情報 (editable when allowed), the PDF, participants, cabinets. The
 * shown tab is the caller's, so it stays as the detail moves from one document to the next.
 */
export function DocumentDetail({
  id,
  tab,
  onTab,
  onClose,
}: {
  id: string;
  tab: DetailTab;
  onTab: (tab: DetailTab) => void;
  onClose: () => void;
}) {
  const document = useDocument(id);
  const me = useCurrentUser();
  if (document.isPending) {
    return (
      <Center py={60}>
        <Loader size="sm" aria-label="読み込み中" />
      </Center>
    );
  }
  if (document.isError)
    return <PanelError error={document.error} onRetry={() => void document.refetch()} />;
  const d = document.data;
  return (
    <Stack gap="sm" aria-label="書類の詳細">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Box style={{ minWidth: 0 }}>
          <Group gap={8} wrap="nowrap">
            <StatusBadge status={d.status} />
            <Title order={2} fz={18} lineClamp={2}>
              {d.title}
            </Title>
          </Group>
          <Group gap="sm" mt={4}>
            <Text size="xs" c="dimmed">
              書類ID {d.id}
            </Text>
            {canReadAuditLog(me) && (
              <Anchor
                component={Link}
                to={auditLogHref({ targetType: 'document', targetId: d.id })}
                size="xs"
              >
                この書類の履歴
              </Anchor>
            )}
          </Group>
        </Box>
        <ActionIcon variant="subtle" color="gray" onClick={onClose} aria-label="詳細を閉じる">
          ×
        </ActionIcon>
      </Group>
      <Meta d={d} />
      <Tabs value={tab} onChange={(v) => isDetailTab(v) && onTab(v)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="pdf">PDF</Tabs.Tab>
          <Tabs.Tab value="attribute">書類情報</Tabs.Tab>
          <Tabs.Tab value="participants">参加者（{d.participants.length}）</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="pdf" pt="sm">
          {d.files.length === 0 ? (
            <Text c="dimmed" size="sm">
              PDFファイルはありません。
            </Text>
          ) : (
            <Stack gap="xs">
              <PdfViewer documentId={d.id} file={d.files[0]!} />
              {d.files.length > 1 && (
                <Text size="xs" c="dimmed">
                  ほかに{d.files.length - 1}件のファイルがあります:{' '}
                  {d.files
                    .slice(1)
                    .map((f) => `${f.name}（${formatBytes(f.size)}）`)
                    .join('、')}
                </Text>
              )}
            </Stack>
          )}
        </Tabs.Panel>
        <Tabs.Panel value="attribute" pt="sm">
          {/* The form's messages are this document's: another document or screen never shows them. */}
          <AlertScope area="drawer">
            <AttributeForm document={d} />
          </AlertScope>
        </Tabs.Panel>
        <Tabs.Panel value="participants" pt="sm">
          {d.participants.length === 0 ? (
            <Text c="dimmed" size="sm">
              参加者はいません（インポートした書類など）。
            </Text>
          ) : (
            <Table aria-label="参加者">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>氏名</Table.Th>
                  <Table.Th>メールアドレス</Table.Th>
                  <Table.Th>会社名</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.participants.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{p.name}</Table.Td>
                    <Table.Td>{p.email}</Table.Td>
                    <Table.Td>{p.organization}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function Meta({ d }: { d: TDocumentDetail }) {
  const rows: [string, React.ReactNode][] = [
    ['送信者', d.sender.name ? `${d.sender.name}（${d.sender.email}）` : '—'],
    ['送信日時', formatDateTime(d.sentAt)],
    ['締結日時', formatDateTime(d.concludedAt)],
    ['更新日時', formatDateTime(d.updatedAt)],
    [
      'キャビネット',
      d.cabinets.length === 0 ? (
        'すべての書類のみ'
      ) : (
        <Group gap={4}>
          {d.cabinets.map((c) => (
            <Badge key={c.id} variant="outline" color="gray" radius="sm" tt="none">
              {c.name}
            </Badge>
          ))}
        </Group>
      ),
    ],
  ];
  return (
    <>
      <Divider />
      <Box
        component="dl"
        m={0}
        style={{ display: 'grid', gridTemplateColumns: '7em 1fr', rowGap: 4 }}
      >
        {rows.map(([k, v]) => (
          <Box key={k} style={{ display: 'contents' }}>
            <Text component="dt" size="sm" c="dimmed">
              {k}
            </Text>
            <Text component="dd" size="sm" m={0}>
              {v}
            </Text>
          </Box>
        ))}
      </Box>
    </>
  );
}
