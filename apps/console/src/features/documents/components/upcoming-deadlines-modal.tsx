import { Link } from 'react-router';
import {
  Anchor,
  Badge,
  Button,
  Code,
  Group,
  Modal,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import {
  useCalendarFeed,
  useCalendarFeedChange,
  useUpcomingDeadlines,
} from '../api/upcoming-deadlines.ts';
import { describeError } from '../../../lib/error-text.ts';

const slash = (day: string) => day.replaceAll('-', '/');

/** 「期限が近い書類」: today's alerts of the cabinets the member reads, and his calendar feed. */
export function UpcomingDeadlinesModal({
  opened,
  onClose,
}: {
  opened: boolean;
  onClose: () => void;
}) {
  const upcoming = useUpcomingDeadlines(opened);
  const feed = useCalendarFeed(opened);
  const change = useCalendarFeedChange();
  const items = upcoming.data?.items ?? [];
  return (
    <Modal opened={opened} onClose={onClose} title="期限が近い書類" size="xl">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          キャビネットの期限アラートのルールで、今日お知らせの対象になっている書類です（閲覧できる書類のみ）。
          {upcoming.data && `${slash(upcoming.data.today)} 時点`}
        </Text>
        {upcoming.isPending && <Text size="sm">読み込み中…</Text>}
        {upcoming.isError && (
          <Text c="red" size="sm" role="alert">
            {describeError(upcoming.error).message}
          </Text>
        )}
        {upcoming.isSuccess && items.length === 0 && (
          <Text size="sm">期限が近い書類はありません。</Text>
        )}
        {items.length > 0 && (
          <Table striped aria-label="期限が近い書類の一覧">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>期限</Table.Th>
                <Table.Th>残り</Table.Th>
                <Table.Th>タイトル</Table.Th>
                <Table.Th>ルール</Table.Th>
                <Table.Th>キャビネット</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((i) => (
                <Table.Tr key={`${i.documentId}-${i.cabinetId}-${i.ruleKey}`}>
                  <Table.Td>
                    {slash(i.deadline)}
                    {i.isRolledForward && (
                      <Badge ml={4} size="xs" variant="light">
                        自動更新
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{i.daysLeft === 0 ? '今日' : `${i.daysLeft}日`}</Table.Td>
                  <Table.Td>
                    <Anchor
                      component={Link}
                      to={`/company/documents?documentId=${i.documentId}`}
                      onClick={onClose}
                    >
                      {i.title}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{i.ruleLabel}</Table.Td>
                  <Table.Td>{i.cabinetName}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
        <Title order={4} size="h6" mt="sm">
          カレンダーで購読
        </Title>
        <Text size="sm" c="dimmed">
          期限をカレンダーアプリに表示できます。URLを知っている人は誰でも期限を見られるため、共有しないでください。発行し直すと以前のURLは使えなくなります。
        </Text>
        {change.data?.url && (
          <Code block aria-label="カレンダー購読URL">
            {change.data.url}
          </Code>
        )}
        {feed.data?.isIssued && !change.data?.url && (
          <Text size="sm">購読URLは発行済みです（URLは発行したときだけ表示されます）。</Text>
        )}
        <Group>
          <Button
            variant="default"
            loading={change.isPending}
            onClick={() => change.mutate('issue')}
          >
            {feed.data?.isIssued ? '購読URLを発行し直す' : '購読URLを発行'}
          </Button>
          {feed.data?.isIssued && (
            <Button variant="subtle" color="red" onClick={() => change.mutate('revoke')}>
              購読URLを無効にする
            </Button>
          )}
        </Group>
      </Stack>
    </Modal>
  );
}
