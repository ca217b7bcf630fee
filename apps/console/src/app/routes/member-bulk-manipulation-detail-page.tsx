import { DetailPage } from '#features/member-bulk/components/pages.tsx';

export function Component() {
  return <DetailPage />;
}
