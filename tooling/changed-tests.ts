/**
 * The tests `npm run check` runs: those of the files changed since the last commit, not everything they reach.
 * Vitest's `--changed` follows the whole import graph, and since `api-app.ts` composes every module, a change
 * to one service reached most of the API's test files (178 of them, 5 minutes on two cores). Here a changed
 * file's tests are the test files beside it and those that import it, directly or through an `index.ts`
 * barrel; a changed test file is its own test. `npm test` still runs every file.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';

const isTest = (f: string) => /\.test\.tsx?$/.test(f);
const isBarrel = (f: string) => /(^|\/)index\.tsx?$/.test(f);
/** Files a Vitest project runs (e2e/ is Playwright's). */
const isVitest = (f: string) => isTest(f) && !f.startsWith('e2e/');

/** The repository files `file` imports by a relative path, with TypeScript's own reading of the imports. */
export function relativeImports(file: string, text: string): string[] {
  const { importedFiles } = ts.preProcessFile(text, true, true);
  return importedFiles
    .map((i) => i.fileName)
    .filter((spec) => spec.startsWith('./') || spec.startsWith('../'))
    .map((spec) => path.posix.join(path.posix.dirname(file), spec));
}

/**
 * The test files of the `changed` files. `files` is every file of the repository that may import one;
 * `importsOf` reads one's relative imports (repository paths).
 */
export function testsOf(
  changed: readonly string[],
  files: readonly string[],
  importsOf: (file: string) => string[],
): string[] {
  const tests = files.filter(isVitest);
  // A change reaches the barrels that re-export it (and theirs), as a test importing the barrel sees it.
  const reached = new Set(changed);
  const barrels = files.filter(isBarrel);
  for (let grew = true; grew;) {
    grew = false;
    for (const barrel of barrels) {
      if (reached.has(barrel) || !importsOf(barrel).some((f) => reached.has(f))) continue;
      reached.add(barrel);
      grew = true;
    }
  }
  const folders = new Set(changed.filter((f) => !isTest(f)).map((f) => path.posix.dirname(f)));
  return tests.filter(
    (t) =>
      reached.has(t) ||
      folders.has(path.posix.dirname(t)) ||
      importsOf(t).some((f) => reached.has(f)),
  );
}

const git = (...args: string[]) =>
  execFileSync('git', args, { encoding: 'utf8' }).split('\n').filter(Boolean);

/** A change to what every test runs under: all of them run, as `vitest --changed` did. */
const isTestSetting = (f: string) =>
  ['package.json', 'package-lock.json', 'vitest.config.ts'].includes(f) ||
  f.startsWith('apps/server/test/support/');

function main() {
  const untracked = git('ls-files', '--others', '--exclude-standard');
  const edited = [...git('diff', '--name-only', '--diff-filter=d', 'HEAD'), ...untracked];
  if (edited.some(isTestSetting)) {
    console.log('check: the test settings changed, every test file runs');
    return runVitest([]);
  }
  const changed = edited.filter((f) => /\.tsx?$/.test(f));
  const files = [...git('ls-files'), ...untracked].filter((f) => /\.tsx?$/.test(f));
  const imports = new Map<string, string[]>();
  const importsOf = (f: string) => {
    let found = imports.get(f);
    if (!found) imports.set(f, (found = relativeImports(f, readFileSync(f, 'utf8'))));
    return found;
  };
  const tests = testsOf(changed, files, importsOf);
  console.log(
    tests.length === 0
      ? `check: no test file belongs to the ${changed.length} changed files`
      : `check: ${tests.length} test files of the ${changed.length} changed files`,
  );
  if (tests.length > 0) runVitest(tests);
}

function runVitest(files: string[]) {
  // Vitest's own command, by this Node, whether or not node_modules/.bin is on the PATH.
  const vitest = path.join(
    path.dirname(createRequire(import.meta.url).resolve('vitest/package.json')),
    'vitest.mjs',
  );
  const run = spawnSync(process.execPath, [vitest, 'run', ...files], { stdio: 'inherit' });
  if (run.error) throw run.error;
  process.exitCode = run.status ?? 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
