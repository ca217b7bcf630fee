import { DocumentsImportPage } from '#features/documents/components/documents-import-page.tsx';

export function Component() {
  return <DocumentsImportPage />;
}
