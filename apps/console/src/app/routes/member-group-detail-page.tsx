import { useParams } from 'react-router';
import { MemberGroupDetailPage } from '#features/member-groups/components/member-group-detail-page.tsx';

export function Component() {
  const { id = '' } = useParams();
  return <MemberGroupDetailPage key={id} id={id} />;
}
