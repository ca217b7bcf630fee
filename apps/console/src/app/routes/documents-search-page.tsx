import { DocumentsSearchPage } from '#features/documents/components/documents-search-page.tsx';

export function Component() {
  return <DocumentsSearchPage />;
}
