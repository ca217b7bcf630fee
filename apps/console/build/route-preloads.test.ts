import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Rollup } from 'vite';
import { ROUTES } from '../src/app/route-table.ts';
import { routeModulesOf, routePreloads, ROUTE_PRELOADS_FILE } from './route-preloads.ts';

const routeTable = fileURLToPath(new URL('../src/app/route-table.ts', import.meta.url));
const routesDir = fileURLToPath(new URL('../src/app/routes/', import.meta.url));

describe('route preloads', () => {
  it('reads every route of the route table with its page module, in order', () => {
    const read = routeModulesOf(readFileSync(routeTable, 'utf8'));
    expect(read.map((r) => r.path)).toEqual(ROUTES.map((r) => r.path));
    expect(read.find((r) => r.path === '/company/members')?.module).toBe('routes/members-page.tsx');
  });

  it('refuses a route table entry it cannot read, instead of dropping its preload', () => {
    const source = `export const ROUTES = [\n  {\n    path: '/a',\n    module: m(() => load('./x')),\n  },\n];`;
    expect(() => routeModulesOf(source)).toThrow(/path と import の組が読めません/);
  });

  it("lists a page's chunks without those the entry already loads", () => {
    const chunk = (fileName: string, imports: string[], extra: Partial<Rollup.OutputChunk> = {}) =>
      ({
        type: 'chunk',
        fileName,
        imports,
        isEntry: false,
        isDynamicEntry: false,
        ...extra,
      }) as Rollup.OutputChunk;
    const bundle: Record<string, Rollup.OutputChunk> = {
      'assets/index.js': chunk('assets/index.js', ['assets/react.js'], { isEntry: true }),
      'assets/react.js': chunk('assets/react.js', []),
      'assets/members-page.js': chunk(
        'assets/members-page.js',
        ['assets/react.js', 'assets/list.js'],
        {
          isDynamicEntry: true,
          facadeModuleId: `${routesDir}members-page.tsx`,
        },
      ),
      'assets/list.js': chunk('assets/list.js', ['assets/react.js']),
    };
    for (const route of routeModulesOf(readFileSync(routeTable, 'utf8')))
      if (route.path !== '/company/members') {
        const fileName = `assets/${route.module}.js`;
        bundle[fileName] = chunk(fileName, [], {
          isDynamicEntry: true,
          facadeModuleId: `${routesDir}${route.module.replace('routes/', '')}`,
        });
      }
    const emitted: { fileName: string; source: string }[] = [];
    const hook = routePreloads(routeTable).generateBundle as (
      this: unknown,
      options: unknown,
      bundle: unknown,
    ) => void;
    hook.call(
      { emitFile: (f: { fileName: string; source: string }) => emitted.push(f) },
      {},
      bundle,
    );
    expect(emitted.map((f) => f.fileName)).toEqual([ROUTE_PRELOADS_FILE]);
    const preloads = JSON.parse(emitted[0]!.source) as { path: string; files: string[] }[];
    expect(preloads.find((p) => p.path === '/company/members')).toEqual({
      path: '/company/members',
      files: ['assets/members-page.js', 'assets/list.js'],
    });
    expect(preloads).toHaveLength(ROUTES.length);
  });
});
