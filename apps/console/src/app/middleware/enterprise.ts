import { canBulkEditDocumentAttributes } from '@cloudsign/contract';
import { pageNotFound } from '../../lib/fatal-error.ts';
import type { Middleware } from './types.ts';

/** Spec §5, docs/design.md §1: document-attribute bulk edit needs the enterprise plan; otherwise fatal 404. */
export const enterprise: Middleware = ({ user, url }) => {
  if (!user || !canBulkEditDocumentAttributes(user)) throw pageNotFound(url.pathname);
};
