/** Every bulk target: their routes (api/app.ts) and jobs (job-handlers.ts, the jobs' composition root) come from this one list. */
import { documentAttributeBulkTarget } from '../document-attribute-bulk/document-attribute-bulk.target.ts';
import { memberBulkTarget } from '../member-bulk/member-bulk.target.ts';
import type { BulkTargetDescriptor } from './bulk-target.ts';

export const BULK_TARGETS: readonly BulkTargetDescriptor[] = [
  memberBulkTarget,
  documentAttributeBulkTarget,
];
