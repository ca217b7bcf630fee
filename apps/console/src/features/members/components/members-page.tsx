import { useState } from 'react';
import { Button, Paper, Stack } from '@mantine/core';
import { PageHeader } from '../../../components/page/page-header.tsx';
import { AdminOnlyNotice } from '../../../components/gate/index.ts';
import { AlertArea } from '../../../components/alerts/index.ts';
import { PanelErrorBoundary } from '../../../components/error-boundary/error-boundary.tsx';
import { usePageTitle } from '../../../lib/title.ts';
import { useIsCompanyAdmin } from '../../../lib/current-user.ts';
import { useMemberListQuery } from '../lib/list-query.ts';
import { matchesListQuery } from '../lib/list-match.ts';
import { MemberBulkMenu } from './bulk-menu.tsx';
import { MemberDrawer } from './member-drawer.tsx';
import { MemberFilters } from './member-filters.tsx';
import { MemberFormModal } from './member-form-modal.lazy.ts';
import { MemberList } from './member-list.tsx';

/** `/company/members`: search, filters and paging in the URL; detail in a drawer. */
export function MembersPage() {
  usePageTitle();
  const { query, update } = useMemberListQuery();
  // The open drawer is in the URL (`memberId`): the rows link to it.
  const selectedId = query.memberId ?? null;
  const open = (memberId: string) => update({ memberId }, { keepPage: true });
  const [isCreating, setCreating] = useState(false);
  const isAdmin = useIsCompanyAdmin();

  if (!isAdmin) {
    return <AdminOnlyNotice title="メンバー" />;
  }
  return (
    <>
      <PageHeader
        title="メンバー"
        description="会社のメンバーと権限を管理します。追加したメンバーにはパスワード設定メールが届きます。"
        actions={
          <>
            <MemberBulkMenu />
            <Button onClick={() => setCreating(true)}>メンバーを追加</Button>
          </>
        }
      />
      <AlertArea area="content" />
      <Stack gap="md">
        <Paper withBorder radius="md" p="md" bg="white">
          <MemberFilters query={query} onChange={(patch) => update(patch)} />
        </Paper>
        <Paper withBorder radius="md" bg="white">
          <PanelErrorBoundary name="member-list">
            <MemberList query={query} onPage={(page) => update({ page }, { keepPage: true })} />
          </PanelErrorBoundary>
        </Paper>
      </Stack>
      <MemberDrawer id={selectedId} onClose={() => update({}, { keepPage: true })} />
      <MemberFormModal
        opened={isCreating}
        onClose={() => setCreating(false)}
        onCreated={open}
        createdNote={(user) =>
          matchesListQuery(user, query)
            ? ''
            : '一覧に表示していますが、現在の条件には含まれません。'
        }
      />
    </>
  );
}
