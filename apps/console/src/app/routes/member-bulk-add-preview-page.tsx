import { BulkKind } from '@cloudsign/contract';
import { PreviewPage } from '#features/member-bulk/components/pages.tsx';

export function Component() {
  return <PreviewPage title="一括追加の確認" kind={BulkKind.Add} />;
}
