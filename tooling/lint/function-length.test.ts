/**
 * eslint.config.js limits functions of production code to 120 lines (blank lines and comments aside), proven
 * on deliberate probes linted in memory at real paths: a long function fails in the server, the console and
 * the contract; the same function in a test file does not.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: path.join(root, 'eslint.config.js'),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => ruleId === 'max-lines-per-function',
});

/** A function of `statements` lines, with a comment and a blank line between each (neither counts). */
const probe = (statements: number) =>
  [
    'export function probe(): number {',
    '  let n = 0;',
    ...Array.from({ length: statements }, (_, i) => `  // step ${i}\n\n  n += ${i};`),
    '  return n;',
    '}',
    '',
  ].join('\n');

async function lengthErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'max-lines-per-function');
}

describe('function length in production code', () => {
  it.each([
    'apps/server/src/modules/members/probe.ts',
    'apps/console/src/features/members/components/probe.tsx',
    'packages/contract/src/probe.ts',
  ])('a function of 121 lines fails in %s; one of 120 passes', async (file) => {
    // 4 lines around the statements: 117 statements make 121 lines, 116 make 120.
    expect(await lengthErrors(file, probe(117))).toHaveLength(1);
    expect(await lengthErrors(file, probe(116))).toEqual([]);
  });

  it('tests are not production code', async () => {
    expect(await lengthErrors('apps/server/src/modules/members/probe.test.ts', probe(200))).toEqual(
      [],
    );
  });
});
