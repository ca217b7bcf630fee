import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/**
 * The server's test files that open a test database: those that reach `test/support/test-deps.ts` (the only
 * reader of TEST_DB_KIND), directly or through modules that do (worlds, fixtures). Only they run a second time
 * on PostgreSQL: a file that opens none (rules, CSV cells, HTTP headers, PGlite's own template) would run the
 * same twice. Modules are matched by file name, so a name two folders share can only add a file, never drop one.
 */
export function testsThatOpenADatabase(repoRoot: string, roots: string[]): string[] {
  const sources = sourcesUnder(repoRoot, roots);
  // The modules that lead to test-deps, followed until no new one is found.
  const leading = new Set(['test-deps']);
  for (let grew = true; grew;) {
    grew = false;
    for (const { file, text } of sources) {
      const name = path.basename(file, '.ts');
      if (isTest(file) || leading.has(name)) continue;
      if ([...leading].some((l) => importsModule(text, l))) {
        leading.add(name);
        grew = true;
      }
    }
  }
  return sources
    .filter(({ file, text }) => isTest(file) && [...leading].some((l) => importsModule(text, l)))
    .map(({ file }) => file)
    .sort();
}

/**
 * The test files that replace a module with `vi.mock`. The server's suite shares one module graph across the files
 * a worker runs (`isolate: false` in vitest.config.ts), so a module replaced in one file would stay replaced, or
 * stay real, in the next: these files run isolated, each in a fresh worker.
 */
export function testsThatMockModules(repoRoot: string, roots: string[]): string[] {
  return sourcesUnder(repoRoot, roots)
    .filter(({ file, text }) => isTest(file) && /\bvi\.(mock|doMock)\(/.test(text))
    .map(({ file }) => file)
    .sort();
}

const isTest = (file: string) => file.endsWith('.test.ts');

/** Every TypeScript file under `roots` (relative to the repository), with its text. */
function sourcesUnder(repoRoot: string, roots: string[]) {
  return roots.flatMap((root) =>
    readdirSync(path.join(repoRoot, root), { recursive: true, encoding: 'utf8' })
      .filter((rel) => rel.endsWith('.ts'))
      .map((rel) => {
        const file = path.join(root, rel).split(path.sep).join('/');
        return { file, text: readFileSync(path.join(repoRoot, file), 'utf8') };
      }),
  );
}

/** An import (static or dynamic) of a module by its file name: `…/test-deps.ts` for `test-deps`. */
const importsModule = (text: string, name: string) =>
  new RegExp(`['"][^'"]*/${name.replaceAll('.', '\\.')}(\\.ts)?['"]`).test(text);
