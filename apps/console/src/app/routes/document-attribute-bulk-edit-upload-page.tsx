import { UploadPage } from '#features/document-attribute-bulk/components/upload-page.tsx';

export function Component() {
  return <UploadPage />;
}
