import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import {
  MEMBER_LIST_DEFAULTS,
  ROLE_LABELS,
  ZMemberListQuery,
  memberEndpoints,
  memberLabel,
  normalizeListQuery,
} from '@cloudsign/contract';
import { callEndpoint } from '../../../lib/call-endpoint.ts';

const PRIVILEGE = ROLE_LABELS.CompanyAuditor;
/** The members list filtered by the privilege, as its own filter writes the URL. */
const HOLDERS_HREF = `/company/members${
  normalizeListQuery(
    ZMemberListQuery,
    MEMBER_LIST_DEFAULTS,
    new URLSearchParams({ role: 'CompanyAuditor' }),
  ).search
}`;

/**
 * 企業設定 › 監査ログ (issue 33): a company admin looking for the log finds here who reads it and why he does
 * not. CloudSign's rule stays: the privilege is its own, and nobody grants it to himself.
 */
export function AuditLogReaders() {
  const holders = useQuery({
    queryKey: ['members', 'audit-log-readers'],
    queryFn: ({ signal }) =>
      callEndpoint(memberEndpoints.find, {
        query: { page: 1, role: 'CompanyAuditor', sort: 'name' },
        signal,
      }),
  });
  const names = holders.data?.members.map(memberLabel) ?? [];
  const total = holders.data?.total ?? 0;
  return (
    <Paper withBorder radius="md" p="lg" bg="white" component="section" aria-label="監査ログ">
      <Stack gap="xs">
        <Title order={2} size="h4">
          監査ログ
        </Title>
        <Text size="sm">
          監査ログを閲覧できるのは{PRIVILEGE}
          を持つメンバーだけです。組織管理権限だけでは閲覧できません。
          {PRIVILEGE}は自分自身には付けられないため、別の組織管理者に付けてもらってください。
        </Text>
        <Text size="sm" fw={600}>
          {PRIVILEGE}を持つメンバー
          {holders.data ? `（${total.toLocaleString('ja-JP')}名）` : ''}
        </Text>
        {holders.isPending ? (
          <Text size="sm" c="dimmed">
            読み込み中…
          </Text>
        ) : holders.isError ? (
          <Text size="sm" c="red" role="alert">
            {PRIVILEGE}を持つメンバーを読み込めませんでした。
          </Text>
        ) : names.length === 0 ? (
          <Text size="sm" c="dimmed">
            まだいません。
          </Text>
        ) : (
          <Text size="sm" data-testid="audit-log-readers">
            {names.join('、')}
            {total > names.length ? ` ほか${(total - names.length).toLocaleString('ja-JP')}名` : ''}
          </Text>
        )}
        <Anchor component={Link} to={HOLDERS_HREF} size="sm">
          {PRIVILEGE}を持つメンバーをメンバー一覧で見る
        </Anchor>
      </Stack>
    </Paper>
  );
}
