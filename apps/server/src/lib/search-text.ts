import { normalizeSearchText } from '@cloudsign/contract';

// The normalisation itself lives in the contract so the console folds a keyword exactly as the server does.
export { memberSearchText, normalizeSearchText } from '@cloudsign/contract';

/**
 * What a document's keyword search looks at (docs/design.md §4): title, 管理用タイトル, counterparty,
 * participants' names, emails and companies, and the document id (exact id match is a separate condition).
 */
export const documentSearchText = (d: {
  id: string;
  title: string;
  attrTitle?: string | null;
  counterparty?: string | null;
  participants?: readonly { name: string; email: string; organization: string }[];
}) =>
  normalizeSearchText(
    [
      d.title,
      d.attrTitle ?? '',
      d.counterparty ?? '',
      ...(d.participants ?? []).flatMap((p) => [p.name, p.email, p.organization]),
      d.id,
    ].join(' '),
  );
