import { UploadPage } from '#features/member-bulk/components/upload-page.tsx';

export function Component() {
  return <UploadPage kind="bulk_add" />;
}
