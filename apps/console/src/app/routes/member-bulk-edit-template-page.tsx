import { CsvRequestPage } from '#features/member-bulk/components/generated-pages.tsx';

export function Component() {
  return <CsvRequestPage file="editTemplate" />;
}
