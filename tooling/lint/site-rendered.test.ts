/**
 * The zone of eslint.config.js for the console code the site renders (siteRendered()), proven: a module that
 * reads a browser-only global when it loads, or keeps state at module level, fails; the same reads inside a
 * function, the render's `typeof window` guard and a constant lookup table pass; the browser's own entry is
 * outside the zone. Linted in memory at paths inside the real folders, without type information.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({
  cwd: root,
  overrideConfigFile: path.join(root, 'eslint.config.js'),
  overrideConfig: { languageOptions: { parserOptions: { projectService: false, project: null } } },
  ruleFilter: ({ ruleId }) => ruleId === 'no-restricted-syntax',
});

async function lint(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => `${m.line}: ${m.message}`);
}

const GLOBAL =
  'The site renders this module too: read browser-only globals inside a function (an effect, a handler), not when the module loads.';
const STATE =
  'The site renders this module for every member in one process: keep state in a component, a hook or the query client, not in the module.';
const inFeature = 'apps/console/src/features/members/components/probe.tsx';

describe('console code the site renders: no browser-only globals or state at module level', () => {
  it('a browser global read when the module loads fails, whether read, called or passed on', async () => {
    const code = [
      'export const width = window.innerWidth;',
      "export const saved = localStorage.getItem('members');",
      'const doc = document;',
      'export { doc };',
      'export const lang = navigator.language;',
    ].join('\n');
    expect(await lint(inFeature, code)).toEqual([
      `1: ${GLOBAL}`,
      `2: ${GLOBAL}`,
      `3: ${GLOBAL}`,
      `5: ${GLOBAL}`,
    ]);
  });

  it('a module-level variable or an empty collection to fill fails, in features, lib/ and app/ alike', async () => {
    const code = [
      'let count = 0;',
      'export let last: string | null = null;',
      'const seen = new Map<string, number>();',
      'const queue: string[] = [];',
      'export const note = (id: string) => { count++; last = id; seen.set(id, count); queue.push(id); };',
    ].join('\n');
    const expected = [`1: ${STATE}`, `2: ${STATE}`, `3: ${STATE}`, `4: ${STATE}`];
    expect(await lint(inFeature, code)).toEqual(expected);
    expect(await lint('apps/console/src/lib/probe.ts', code)).toEqual(expected);
    expect(await lint('apps/console/src/app/probe.ts', code)).toEqual(expected);
  });

  it('passes: globals inside effects and handlers, the typeof guard, constants and lookup tables', async () => {
    const code = [
      "import { useEffect } from 'react';",
      "export const isBrowser = typeof window !== 'undefined';",
      'const RETRYABLE = new Set([408, 429, 503]);',
      "const LABELS = new Map([['a', 'エー']]);",
      'export const isRetryable = (s: number) => RETRYABLE.has(s) || LABELS.size === 0;',
      'export function useTitle(title: string) {',
      '  const seen = new Set<string>();',
      '  let count = 0;',
      '  useEffect(() => { document.title = title; count++; seen.add(title); }, [title]);',
      "  return () => window.localStorage.getItem('x') ?? String(count);",
      '}',
      'export const open = (location: string) => location.length;',
      'export const currentDocument = () => document;',
    ].join('\n');
    expect(await lint(inFeature, code)).toEqual([]);
  });

  it("the browser's own entry (main.tsx) is outside the zone", async () => {
    const code =
      "let started = false;\nexport const root = document.getElementById('root');\nstarted = true;";
    expect(await lint('apps/console/src/main.tsx', code)).toEqual([]);
  });
});
