import { createManipulationsApi } from '../../../lib/bulk/manipulations-api.ts';
import { attributeBulkKeys } from './keys.ts';

/** Attribute bulk edit runs (DESIGN.md §4 `/documents/attributes/bulk_manipulations`). */
export const { useManipulation, useManipulations, useRows, useUpdateManipulation } =
  createManipulationsApi('/documents/attributes/bulk_manipulations', attributeBulkKeys);
