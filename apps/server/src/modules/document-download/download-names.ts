/**
 * The names of the PDFs inside a まとめてダウンロード ZIP: the rule the admin picked, with the characters Windows
 * refuses in a file name replaced, kept short enough for Explorer, and unique inside the archive (Windows and
 * macOS compare names without case, so `A.pdf` and `a.pdf` would overwrite each other when extracted).
 */
import type { TDocumentDownloadNameRule } from '@cloudsign/contract';

export type NamedDocument = {
  id: string;
  title: string;
  attrTitle: string | null;
  counterparty: string | null;
  contractAt: string | null;
  amount: number | null;
  localId: string | null;
};

/** `\ / : * ? " < > |`, control characters and the fullwidth look-alikes Explorer also shows as unsafe. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what Windows refuses
const FORBIDDEN = /[\\/:*?"<>|\u0000-\u001f\u007f]/g;
/** Names Windows reserves for devices, with or without an extension. */
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])(\..*)?$/i;
/** Characters of one part (title, counterparty): long titles would push the path past Explorer's 260. */
const PART_MAX = 40;

/** One part of a name: forbidden characters as `_`, runs of space folded, no trailing dot or space. */
export function safePart(text: string | null | undefined, max = PART_MAX): string {
  const cleaned = (text ?? '').normalize('NFC').replace(FORBIDDEN, '_').replace(/\s+/g, ' ').trim();
  return [...cleaned]
    .slice(0, max)
    .join('')
    .replace(/[. ]+$/, '');
}

const ymd = (date: string | null) => (date ? date.replaceAll('-', '') : '日付なし');

/** The name before the extension, as the rule says; an empty item reads as 「なし」, never as an empty part. */
export function baseName(rule: TDocumentDownloadNameRule, d: NamedDocument): string {
  const title = safePart(d.attrTitle || d.title) || 'タイトルなし';
  const parts =
    rule === 'date_counterparty_amount_id'
      ? [
          ymd(d.contractAt),
          safePart(d.counterparty) || '取引先なし',
          d.amount === null ? '金額なし' : String(d.amount),
          d.id,
        ]
      : rule === 'id_title'
        ? [d.id, title]
        : [safePart(d.localId) || '管理番号なし', title];
  const name = parts.join('_');
  return RESERVED.test(name) ? `_${name}` : name;
}

/**
 * Hands out names unique inside one archive: a second `x.pdf` becomes `x_2.pdf`. `manifest.csv` is taken from
 * the start. Memory grows by one short string per file (a million-file archive is not a product case).
 */
export function uniqueNames(reserved: readonly string[] = []) {
  const taken = new Set(reserved.map((n) => n.toLowerCase()));
  return (base: string, ext: string): string => {
    let name = `${base}${ext}`;
    for (let i = 2; taken.has(name.toLowerCase()); i++) name = `${base}_${i}${ext}`;
    taken.add(name.toLowerCase());
    return name;
  };
}

/** The extension of a stored file's name (`.pdf` when it has none we can use). */
export function extensionOf(fileName: string): string {
  const m = /\.([A-Za-z0-9]{1,8})$/.exec(fileName);
  return m ? `.${m[1]!.toLowerCase()}` : '.pdf';
}
