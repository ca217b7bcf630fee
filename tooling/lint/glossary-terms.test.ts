/**
 * One word per idea (docs/glossary.md): the variants a reader met beside the glossary's word (issue 30) appear
 * nowhere people read, so a screen, a mail, a site page and a CSV cannot drift apart again. Source, templates and
 * docs are searched; a test may name a variant only to prove it is read (old files) or refused.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['apps/console/src', 'apps/server/src', 'packages/contract/src', 'e2e', 'docs'];
const FILE = /\.(ts|tsx|html|md)$/;

/** The glossary's word, and what must not stand in for it. */
const VARIANTS: { word: string; not: RegExp }[] = [
  { word: '2要素認証', not: /2段階認証|二段階認証|多要素認証|二要素認証|２要素認証/ },
  // 利用中 was the export's word for 有効 and パスワード再設定待ち; the parser still reads old files.
  { word: '有効 (状態)', not: /利用中/ },
  // A member without a name: 氏名未登録 stood beside it on the cabinet screens.
  { word: '氏名未設定', not: /氏名未登録/ },
];
/** Where a variant is named on purpose: the one place old files are read, and the tests of it. */
const ALLOWED = new Set([
  'packages/contract/src/member-bulk.ts',
  'apps/server/src/modules/member-bulk/member-bulk.use-state.test.ts',
  'docs/glossary.md',
  'docs/design.md',
]);

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (FILE.test(name)) yield full;
  }
}

describe('one word per idea', () => {
  it.each(VARIANTS)('$word has no variant in screens, mails, site pages or files', ({ not }) => {
    const found: string[] = [];
    for (const folder of FOLDERS) {
      for (const file of files(path.join(root, folder))) {
        const rel = path.relative(root, file);
        if (ALLOWED.has(rel) || rel === 'tooling/lint/glossary-terms.test.ts') continue;
        readFileSync(file, 'utf8')
          .split('\n')
          .forEach((line, i) => {
            if (not.test(line)) found.push(`${rel}:${i + 1}: ${line.trim()}`);
          });
      }
    }
    expect(found).toEqual([]);
  });
});
