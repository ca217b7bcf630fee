/** The import's answer to a staged PDF that carries scripts or cannot be looked into (pdf-scripts.ts). */
import { buffer } from 'node:stream/consumers';
import type { AppDeps } from '../../deps.ts';
import { checkPdfScripts, type PdfScriptVerdict } from './pdf-scripts.ts';

const MESSAGES: Record<Exclude<PdfScriptVerdict, 'clean'>, string> = {
  script:
    'PDFにJavaScript（開いたときなどに動くプログラム）が含まれているため、インポートできません。JavaScriptを含まないPDFを選んでください。',
  encrypted:
    'パスワードで保護（暗号化）されたPDFは、中身を確認できないためインポートできません。保護を解除したPDFを選んでください。',
  unreadable:
    'PDFファイルの構造を読み取れないため、中身を確認できません。PDFファイルが壊れていないか確認してください。',
};

/** Null when the staged file may be kept; otherwise the file's rejection. The file was already checked for size. */
export async function scriptRefusal(deps: Pick<AppDeps, 'storage'>, storageKey: string) {
  const verdict = await checkPdfScripts(await buffer(deps.storage.readStaged(storageKey)));
  return verdict === 'clean'
    ? null
    : { code: 'unsupported_media_type' as const, message: MESSAGES[verdict] };
}
