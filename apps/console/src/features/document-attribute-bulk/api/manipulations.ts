import { bulkEndpoints } from '@cloudsign/contract';
import { createManipulationsApi } from '../../../lib/bulk/manipulations-api.ts';
import { attributeBulkKeys } from './keys.ts';

/** Attribute bulk edit runs (docs/design.md §4 `/documents/attributes/bulk_manipulations`). */
export const manipulationsApi = createManipulationsApi(
  bulkEndpoints.documentAttributes.manipulations,
  attributeBulkKeys,
);
export const {
  useManipulation,
  manipulationsQuery,
  useManipulations,
  useRows,
  useUpdateManipulation,
  downloadRowsCsv,
  downloadUploadedFile,
} = manipulationsApi;
