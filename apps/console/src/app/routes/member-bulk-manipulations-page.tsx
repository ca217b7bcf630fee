import { HistoryPage } from '#features/member-bulk/components/pages.tsx';

export function Component() {
  return <HistoryPage />;
}
