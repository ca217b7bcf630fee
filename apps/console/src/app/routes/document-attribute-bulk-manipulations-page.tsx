import { HistoryPage } from '#features/document-attribute-bulk/components/history-page.tsx';

export function Component() {
  return <HistoryPage />;
}
