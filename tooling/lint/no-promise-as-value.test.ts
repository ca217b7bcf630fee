/**
 * The rule that catches a promise used as a value (tooling/lint/no-promise-as-value.js), proven on a small
 * in-memory TypeScript program: the SP metadata mistake is reported, the awaited and returned forms are not.
 */
import { Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import rule from './no-promise-as-value.js';

const FILE = '/virtual/probe.ts';
const PRELUDE = `
declare function load(id: string): Promise<string | null>;
declare const reply: { send(body: unknown): void };
declare const id: string;
`;

function lint(code: string) {
  const text = `${PRELUDE}${code}`;
  const options: ts.CompilerOptions = {
    strict: true,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts'],
    noEmit: true,
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.getSourceFile.bind(host);
  host.getSourceFile = (name, version) =>
    name === FILE ? ts.createSourceFile(FILE, text, version) : readFile(name, version);
  host.fileExists = (
    (exists) => (name: string) =>
      name === FILE || exists(name)
  )(host.fileExists);
  const program = ts.createProgram([FILE], options, host);
  const linter = new Linter({ configType: 'flat', cwd: '/virtual' });
  return linter
    .verify(
      text,
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tsParser, parserOptions: { programs: [program] } },
        plugins: { local: { rules: { 'no-promise-as-value': rule } } },
        rules: { 'local/no-promise-as-value': 'error' },
      },
      FILE,
    )
    .map((m) => m.message);
}

describe('local/no-promise-as-value', () => {
  it('reports the SP metadata mistake: a promise kept by && and sent as the body', () => {
    const messages = lint(`
async function metadata() {
  const xml = id && load(id);
  if (!xml) return;
  reply.send(xml);
}`);
    expect(messages).toEqual([
      'A promise is used as a value here (&&): await it first (`a && (await load())`).',
      'A promise is sent as the reply body: await it first.',
    ]);
  });

  it('reports a promise passed on by ?? or || as an argument', () => {
    const messages = lint(`
declare const cached: Promise<string> | undefined;
function use(value: unknown) { return value; }
use(cached ?? 'none');
use(id || load(id));`);
    expect(messages).toHaveLength(2);
  });

  it('leaves the awaited, returned and voided forms alone', () => {
    expect(
      lint(`
async function ok() {
  const xml = id && (await load(id));
  reply.send(xml);
  const again = await (id && load(id));
  void (id && load(id));
  return id && load(id);
}
const later = () => id && load(id);
`),
    ).toEqual([]);
  });
});
