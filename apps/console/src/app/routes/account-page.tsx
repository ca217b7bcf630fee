import type { QueryClient } from '@tanstack/react-query';
import { AccountPage } from '#features/account/components/account-page.tsx';
import { accountQuery, accountSessionsQuery } from '#features/account/api/account.ts';
import { startRead } from './start-read.ts';

export function Component() {
  return <AccountPage />;
}

/** Both reads start with the chunk, beside the user check (route-table.ts `preload`). */
export function preload(queryClient: QueryClient) {
  startRead(queryClient, accountQuery());
  startRead(queryClient, accountSessionsQuery());
}
