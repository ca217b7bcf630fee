import { bulkEndpoints } from '@cloudsign/contract';
import { createManipulationsApi } from '../../../lib/bulk/manipulations-api.ts';
import { memberBulkKeys } from './keys.ts';

/** Member bulk add/edit/delete runs (spec §7 `/members/bulk_manipulations`). */
export const manipulationsApi = createManipulationsApi(
  bulkEndpoints.members.manipulations,
  memberBulkKeys,
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
