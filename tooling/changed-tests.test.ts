import { describe, expect, it } from 'vitest';
import { relativeImports, testsOf } from './changed-tests.ts';

// A small repository: a module with its service, routes and tests, a component behind a barrel, and an
// api test that reaches the service only through the app that composes every module.
const IMPORTS: Record<string, string[]> = {
  'apps/server/src/modules/members/members.service.ts': [],
  'apps/server/src/modules/members/members.routes.ts': [
    'apps/server/src/modules/members/members.service.ts',
  ],
  'apps/server/src/modules/members/members.test.ts': ['apps/server/src/api-app.ts'],
  'apps/server/src/api-app.ts': ['apps/server/src/modules/members/members.routes.ts'],
  'apps/server/src/modules/cabinets/cabinets.test.ts': ['apps/server/src/api-app.ts'],
  'apps/server/test/service-direct.test.ts': ['apps/server/src/modules/members/members.service.ts'],
  'apps/console/src/components/alerts/use-alert.ts': [],
  'apps/console/src/components/alerts/index.ts': [
    'apps/console/src/components/alerts/use-alert.ts',
  ],
  'apps/console/src/components/index.ts': ['apps/console/src/components/alerts/index.ts'],
  'apps/console/src/features/members/drawer.test.tsx': [
    'apps/console/src/components/alerts/index.ts',
  ],
  'apps/console/src/features/groups/list.test.tsx': ['apps/console/src/components/index.ts'],
  'e2e/members.spec.test.ts': ['apps/server/src/modules/members/members.service.ts'],
};
const files = Object.keys(IMPORTS);
const select = (...changed: string[]) => testsOf(changed, files, (f) => IMPORTS[f] ?? []).sort();

describe('the tests npm run check runs for a change', () => {
  it('a service: the tests beside it and those importing it, not every test the app reaches', () => {
    expect(select('apps/server/src/modules/members/members.service.ts')).toEqual([
      'apps/server/src/modules/members/members.test.ts',
      'apps/server/test/service-direct.test.ts',
    ]);
  });

  it('a component behind barrels: the tests importing either barrel', () => {
    expect(select('apps/console/src/components/alerts/use-alert.ts')).toEqual([
      'apps/console/src/features/groups/list.test.tsx',
      'apps/console/src/features/members/drawer.test.tsx',
    ]);
  });

  it('a changed test file is its own test, and brings no neighbour', () => {
    expect(select('apps/server/src/modules/cabinets/cabinets.test.ts')).toEqual([
      'apps/server/src/modules/cabinets/cabinets.test.ts',
    ]);
  });

  it('nothing for a file no test is near', () => {
    expect(select('docs/design.md')).toEqual([]);
  });
});

describe('relativeImports', () => {
  it('reads imports, re-exports and dynamic imports as repository paths, not packages', () => {
    const text = [
      "import { a } from './a.ts';",
      "export * from '../lib/b.ts';",
      "import type { C } from '@cloudsign/contract';",
      "const d = await import('./d/index.ts');",
      "// import { e } from './commented.ts';",
    ].join('\n');
    expect(relativeImports('apps/server/src/x/y.ts', text).sort()).toEqual([
      'apps/server/src/lib/b.ts',
      'apps/server/src/x/a.ts',
      'apps/server/src/x/d/index.ts',
    ]);
  });
});
