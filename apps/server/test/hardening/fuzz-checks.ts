/**
 * What every API answer must look like to a client, whatever it was sent (suites 3 and 6):
 * never a 5xx, the product's one error body with a Japanese message, a charset on text, and nothing of
 * the server's insides (stack, SQL, file paths, runtime error text) in an error body.
 */
import { ERROR_CODES, ZErrorBody } from '@cloudsign/contract';
import { validate, type JsonSchema } from './fuzz-schema.ts';

export type Answer = { statusCode: number; headers: Record<string, unknown>; body: string };

export const JAPANESE = /[\u3040-\u30ff\u3400-\u9fff\uff00-\uffef]/;

/** Patterns of server internals; checked on error bodies after the request's own text is taken out. */
export const LEAKS: { name: string; pattern: RegExp }[] = [
  { name: 'stack frame', pattern: /\bat [\w$.<>[\] ]+ \(|\.(?:ts|js|mjs|cjs):\d+(?::\d+)?/ },
  {
    name: 'file-system path',
    pattern:
      /(?:^|[\s"'(=:])\/(?:home|work|tmp|usr|var|etc|root|app|srv|opt|proc|data)\/|node_modules|[A-Za-z]:\\\\|cloudsign-test-/,
  },
  {
    name: 'SQL statement',
    pattern:
      /\b(?:select|insert|update|delete)\b[\s\S]{0,120}\b(?:from|into|set|where|returning)\b/i,
  },
  {
    name: 'database error',
    pattern:
      /syntax error|relation "|column "|duplicate key|violates|constraint|sqlstate|invalid input syntax|invalid byte sequence|pglite|postgres|drizzle|pg-boss|\bquery failed/i,
  },
  {
    name: 'runtime error text',
    pattern:
      /\b(?:TypeError|ReferenceError|RangeError|SyntaxError|AssertionError)\b|undefined is not|Cannot read prop|is not a function|\bE(?:CONN\w+|NOENT|ACCES|PIPE)\b|Unexpected token|JSON at position|\bFST_\w+|\bERR_[A-Z_]+/,
  },
];

/** Takes the request's own strings out of a body, so an echoed value is not mistaken for a leak. */
export function withoutEchoes(body: string, echoed: readonly string[]): string {
  let out = body;
  for (const s of [...echoed].sort((a, b) => b.length - a.length)) {
    if (s.length < 3) continue;
    for (const form of [s, JSON.stringify(s).slice(1, -1)]) out = out.split(form).join('');
  }
  return out;
}

export function leaksIn(body: string, echoed: readonly string[] = []): string[] {
  const text = withoutEchoes(body, echoed);
  return LEAKS.filter((l) => l.pattern.test(text)).map(
    (l) => `${l.name}: ${text.match(l.pattern)![0].slice(0, 80)}`,
  );
}

const header = (a: Answer, name: string) => {
  const v = a.headers[name];
  if (v === undefined) return undefined;
  return Array.isArray(v) ? v.join(', ') : typeof v === 'string' ? v : JSON.stringify(v);
};

/** A text or JSON body must say its charset, or Japanese text may be mis-decoded. */
export function charsetProblem(a: Answer): string | null {
  if (a.body.length === 0) return null;
  const type = header(a, 'content-type');
  if (!type) return 'a body without Content-Type';
  const textual = /^(?:text\/|application\/(?:[\w.+-]*\+)?(?:json|xml|javascript|csv))/i.test(type);
  return textual && !/;\s*charset=/i.test(type) ? `Content-Type without charset: ${type}` : null;
}

/** The product's one error body: a known code with its status, a Japanese message, Japanese detail messages. */
export function errorShapeProblems(a: Answer): string[] {
  let json: unknown;
  try {
    json = JSON.parse(a.body);
  } catch {
    return [`error body is not JSON: ${a.body.slice(0, 120)}`];
  }
  const parsed = ZErrorBody.strict().safeParse(json);
  if (!parsed.success) return [`error body is not the error shape: ${a.body.slice(0, 200)}`];
  const { code, message, details } = parsed.data.error;
  const problems: string[] = [];
  if (ERROR_CODES[code].status !== a.statusCode)
    problems.push(`code ${code} answered with HTTP ${a.statusCode}`);
  if (!JAPANESE.test(message)) problems.push(`message not in Japanese: ${message}`);
  for (const d of details ?? [])
    if (!JAPANESE.test(d.message))
      problems.push(`detail message not in Japanese: ${d.path}: ${d.message}`);
  return problems;
}

/**
 * Every problem of one answer. `declared` is the OpenAPI response schema for its status (when there is a
 * JSON one); `echoed` the strings the request carried.
 */
export function answerProblems(
  a: Answer,
  declared: JsonSchema | undefined,
  echoed: readonly string[],
): string[] {
  const problems: string[] = [];
  if (a.statusCode >= 500) problems.push(`HTTP ${a.statusCode}`);
  const charset = charsetProblem(a);
  if (charset) problems.push(charset);
  const type = header(a, 'content-type') ?? '';
  if (a.statusCode >= 400) {
    problems.push(...errorShapeProblems(a));
    problems.push(...leaksIn(a.body, echoed).map((l) => `leak (${l})`));
  } else if (declared && a.statusCode !== 204) {
    if (!type.startsWith('application/json')) problems.push(`declared JSON answered as ${type}`);
    else
      problems.push(
        ...validate(declared, JSON.parse(a.body))
          .slice(0, 5)
          .map((p) => `response schema: ${p}`),
      );
  }
  return problems;
}
