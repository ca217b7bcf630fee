import { useParams } from 'react-router';
import { CheckedResultPage } from '#features/document-attribute-bulk/components/result-page.tsx';

export function Component() {
  const { bulk_id: id = '' } = useParams();
  return <CheckedResultPage key={id} id={id} />;
}
