import type { QueryClient } from '@tanstack/react-query';
import { DocumentsPage } from '#features/documents/components/documents-page.tsx';
import { documentsQuery } from '#features/documents/api/find-documents.ts';
import { cabinetChoicesQuery } from '../../lib/shared-reads/cabinets.ts';
import { parseListQuery, toApiQuery } from '#features/documents/lib/list-query.ts';
import { startRead } from './start-read.ts';

export function Component() {
  return <DocumentsPage />;
}

/** The list and the cabinets of the page, with the keys the page reads them under. */
export function preload(queryClient: QueryClient, url: URL) {
  startRead(queryClient, documentsQuery(toApiQuery(parseListQuery(url.searchParams))));
  startRead(queryClient, cabinetChoicesQuery());
}
