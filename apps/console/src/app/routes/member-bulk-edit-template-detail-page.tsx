import { GeneratedPage } from '#features/member-bulk/components/generated-pages.tsx';

export function Component() {
  return <GeneratedPage file="editTemplate" />;
}
