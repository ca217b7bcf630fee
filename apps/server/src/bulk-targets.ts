/** Every bulk target: their routes (api-app.ts) and jobs (job-handlers.ts) come from this one list; both are composition roots. */
import { documentAttributeBulkTarget } from './modules/document-attribute-bulk/document-attribute-bulk.target.ts';
import { memberBulkTarget } from './modules/member-bulk/member-bulk.target.ts';
import type { BulkTargetDescriptor } from './modules/bulk/bulk-target.ts';

export const BULK_TARGETS: readonly BulkTargetDescriptor[] = [
  memberBulkTarget,
  documentAttributeBulkTarget,
];
