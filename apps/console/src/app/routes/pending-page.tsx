import { PageHeader } from '../../components/page/page-header.tsx';
import { NotReady } from '../../components/page/not-ready.tsx';
import { usePageTitle } from '../../lib/title.ts';

/**
 * A page whose content another part of the product supplies (members, cabinets, documents, bulk): the real
 * title and layout, and a plain statement that the screen is not available yet.
 */
export function PendingPage() {
  const title = usePageTitle();
  return (
    <>
      <PageHeader title={title} />
      <NotReady />
    </>
  );
}
