import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { isCompanyAdmin } from '@cloudsign/contract';
import { useCurrentUser } from '../../lib/current-user.ts';
import { usePageTitle } from '../../lib/title.ts';
import { PageHeader } from '../page/page-header.tsx';

export const ADMIN_ONLY_MESSAGE = 'この画面は組織管理権限を持つメンバーのみ利用できます。';

/** The screen a member without 組織管理権限 gets instead of a company admin's page. */
export function AdminOnlyNotice({ title }: { title: string }) {
  usePageTitle();
  return (
    <>
      <PageHeader title={title} />
      <Alert color="gray" data-testid="admin-only">
        {ADMIN_ONLY_MESSAGE}
      </Alert>
    </>
  );
}

/**
 * Shows the page to company admins only. Checked before the page renders, so a member who opens the URL
 * reads why at once instead of meeting a form whose every call answers 403.
 */
export function AdminOnly({ title, children }: { title: string; children: ReactNode }) {
  const user = useCurrentUser();
  return isCompanyAdmin(user) ? children : <AdminOnlyNotice title={title} />;
}
