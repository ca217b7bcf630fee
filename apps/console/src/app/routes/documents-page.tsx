import { DocumentsPage } from '#features/documents/components/documents-page.tsx';

export function Component() {
  return <DocumentsPage />;
}
