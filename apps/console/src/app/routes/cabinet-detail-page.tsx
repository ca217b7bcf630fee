import { useParams } from 'react-router';
import { CabinetDetailPage } from '#features/cabinets/components/cabinet-detail-page.tsx';

export function Component() {
  const { id = '' } = useParams();
  // Keyed by id: moving between cabinets starts each page fresh (selection, forms).
  return <CabinetDetailPage key={id} id={id} />;
}
