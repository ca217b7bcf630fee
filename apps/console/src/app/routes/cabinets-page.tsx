import { CabinetsPage } from '#features/cabinets/components/cabinets-page.tsx';

export function Component() {
  return <CabinetsPage />;
}
