import { canBulkEditDocumentAttributes } from '@cloudsign/contract';
import { FatalError } from '../../lib/fatal-error.ts';
import type { Middleware } from './types.ts';

/** The gate's text: what the feature is, and that it belongs to the enterprise plan. */
export const ENTERPRISE_ONLY_MESSAGE =
  '書類情報の一括編集はエンタープライズプランの機能です。ご契約中のプランではご利用いただけません。';

/**
 * Spec §5, docs/design.md §1: document-attribute bulk edit needs the enterprise plan. Other plans get the
 * error page (403) saying so, rather than a 404 that would suggest a mistyped URL.
 */
export const enterprise: Middleware = ({ user }) => {
  if (!user || !canBulkEditDocumentAttributes(user))
    throw new FatalError(403, ENTERPRISE_ONLY_MESSAGE);
};
