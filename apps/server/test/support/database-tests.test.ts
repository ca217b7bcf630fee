import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { testsThatMockModules, testsThatOpenADatabase } from './database-tests.ts';

const root = mkdtempSync(path.join(os.tmpdir(), 'database-tests-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function write(file: string, text: string) {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), text);
}

/** Spelt apart, so that this file's own text imports nothing and it runs on one database only. */
const TEST_DEPS = ['test', 'deps'].join('-');

describe('the test files that run again on PostgreSQL', () => {
  it('are those that reach test-deps, through any number of modules; the others run once', () => {
    write(`apps/server/test/support/${TEST_DEPS}.ts`, 'export const createTestDeps = 1;');
    write(
      'apps/server/test/support/a.world.ts',
      `import { createTestDeps } from './${TEST_DEPS}.ts';`,
    );
    write('apps/server/test/hardening/b.world.ts', "import { x } from '../support/a.world.ts';");
    write('apps/server/test/hardening/c.test.ts', "import { y } from './b.world.ts';");
    write(
      'apps/server/src/modules/m/m.test.ts',
      `import { z } from '../../../test/support/${TEST_DEPS}';`,
    );
    write(
      'apps/server/src/modules/m/later.test.ts',
      "const w = await import('../../../test/support/a.world.ts');",
    );
    write('apps/server/src/modules/m/rules.test.ts', "import { r } from './rules.ts';");
    write('apps/server/src/modules/m/rules.ts', 'export const r = 1;');
    write('apps/server/test/support/error-body.ts', 'export const failure = 1;');
    write(
      'apps/server/src/modules/m/cells.test.ts',
      "import { failure } from '../../../test/support/error-body.ts';",
    );

    expect(testsThatOpenADatabase(root, ['apps/server/src', 'apps/server/test'])).toEqual([
      'apps/server/src/modules/m/later.test.ts',
      'apps/server/src/modules/m/m.test.ts',
      'apps/server/test/hardening/c.test.ts',
    ]);
  });
});

/** Spelt apart, so that this file's own text mocks nothing and it shares its worker like the others. */
const MOCK = ['vi', 'mock'].join('.');
const DO_MOCK = ['vi', 'doMock'].join('.');

describe('the test files that run isolated', () => {
  it('are those that replace a module; a name that only contains the word is not one', () => {
    write('apps/server/src/modules/n/mocks.test.ts', `${MOCK}('./audit.ts', () => ({}));`);
    write('apps/server/src/modules/n/later.test.ts', `${DO_MOCK}('./audit.ts', () => ({}));`);
    write('apps/server/src/modules/n/plain.test.ts', `// replaces nothing: my${MOCK}er is a name`);
    write('apps/server/src/modules/n/helper.ts', `${MOCK}('./audit.ts');`);

    expect(testsThatMockModules(root, ['apps/server/src/modules/n'])).toEqual([
      'apps/server/src/modules/n/later.test.ts',
      'apps/server/src/modules/n/mocks.test.ts',
    ]);
  });
});
