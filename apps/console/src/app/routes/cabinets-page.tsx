import type { QueryClient } from '@tanstack/react-query';
import { CabinetsPage } from '#features/cabinets/components/cabinets-page.tsx';
import { cabinetListQuery } from '../../lib/shared-reads/cabinets.ts';
import { startRead } from './start-read.ts';

export function Component() {
  return <CabinetsPage />;
}

/** The cabinets the member may see, under the key the page reads them. */
export function preload(queryClient: QueryClient) {
  startRead(queryClient, cabinetListQuery());
}
