/**
 * One fuzz case per call: path parameters, query and body for an OpenAPI operation, generated valid,
 * at the boundaries, or broken in one place (the others valid, so the broken part is what gets judged).
 */
import fc from 'fast-check';
import {
  conformingArb,
  HOSTILE_STRINGS,
  invalidArb,
  wrongValueArb,
  type ArbContext,
  type JsonSchema,
} from './fuzz-schema.ts';

export type Operation = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  parameters: { in: 'path' | 'query'; name: string; required?: boolean; schema: JsonSchema }[];
  body: JsonSchema | undefined;
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
};

export type Mode = 'valid' | 'boundary' | 'invalid';
export type Body = { contentType: string; payload: string | Buffer } | undefined;
export type FuzzCase = {
  mode: Mode;
  /** Raw (already percent-encoded) path segments by parameter name. */
  params: Record<string, string>;
  /** Raw (already percent-encoded) query pairs; a key may repeat. */
  query: [string, string][];
  body: Body;
};

type OpenApiDoc = {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Operation['parameters'];
        requestBody?: { content: Record<string, { schema: JsonSchema }> };
        responses?: Operation['responses'];
      }
    >
  >;
};

const ORDER = { GET: 0, POST: 1, PUT: 2, DELETE: 3 } as const;

/** Every operation of the document, reads first and deletions last, so deletions do not starve the rest. */
export function operationsOf(doc: OpenApiDoc): Operation[] {
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const m = method.toUpperCase() as Operation['method'];
      if (!(m in ORDER)) throw new Error(`fuzz: unexpected method ${method} ${path}`);
      ops.push({
        method: m,
        path,
        parameters: op.parameters ?? [],
        body: op.requestBody?.content['application/json']?.schema,
        responses: op.responses ?? {},
      });
    }
  }
  return ops.sort((a, b) => ORDER[a.method] - ORDER[b.method] || a.path.localeCompare(b.path));
}

const BAD_SEGMENTS = [
  '0',
  '-1',
  'null',
  'undefined',
  '..',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '..%5c..%5cwindows',
  '%00',
  'a%00b',
  "'%20OR%20'1'%3D'1",
  '1%3B%20DROP%20TABLE%20users',
  '%E3%81%82',
  '%',
  '%ZZ',
  '%E0%A4%A',
  '1e9',
  '%7B00000000-0000-4000-8000-000000000000%7D',
  '00000000-0000-4000-8000-000000000000%20',
  '00000000-0000-4000-8000-000000000000.json',
  'x'.repeat(5000),
];

/** Percent-encodes any value; a lone surrogate (not encodable) goes as its UTF-8 replacement bytes. */
const encodeText = (s: string) =>
  [...Buffer.from(s, 'utf8')]
    .map((b) => `%${b.toString(16).padStart(2, '0').toUpperCase()}`)
    .join('');
const enc = (v: unknown) =>
  encodeText(typeof v === 'string' ? v : (JSON.stringify(v) ?? 'undefined'));

function paramArb(name: string, ctx: ArbContext, mode: Mode): fc.Arbitrary<string> {
  // Mostly the right kind of row (a cabinet id for /cabinets/{id}), sometimes any row at all.
  const own = ctx.pools?.[ctx.kindOf?.(name) ?? 'any'] ?? [];
  const ids = own.length > 0 ? own : ctx.ids;
  const pool =
    ids.length > 0
      ? fc.oneof(
          { weight: 5, arbitrary: fc.constantFrom(...ids) },
          { weight: 1, arbitrary: fc.constantFrom(...(ctx.ids.length > 0 ? ctx.ids : ids)) },
        )
      : fc.uuid();
  if (mode === 'valid')
    return fc.oneof({ weight: 4, arbitrary: pool }, { weight: 1, arbitrary: fc.uuid() });
  if (mode === 'boundary') {
    return fc.oneof(
      pool.map((id) => id.toUpperCase()),
      fc.constantFrom(
        '00000000-0000-0000-0000-000000000000',
        'ffffffff-ffff-ffff-ffff-ffffffffffff',
      ),
    );
  }
  return fc.oneof(
    fc.constantFrom(...BAD_SEGMENTS),
    fc
      .string({ maxLength: 40 })
      .map(encodeText)
      .filter((s) => s.length > 0),
  );
}

/** Query values are text: numbers and booleans as the console writes them; date ranges as dates. */
function queryValueArb(
  name: string,
  schema: JsonSchema,
  ctx: ArbContext,
  mode: Mode,
): fc.Arbitrary<string> {
  if (mode === 'invalid') {
    return fc.oneof(
      wrongValueArb(schema).map(enc),
      fc.constantFrom(
        '%',
        '%E0%A4%A',
        '%00',
        '',
        '+',
        '[]',
        '{}',
        'NaN',
        'Infinity',
        '-0',
        '0x10',
        '1e309',
        '9'.repeat(400),
      ),
    );
  }
  if (/At(?:From|To)$/.test(name) && schema.type === 'string' && !schema.format) {
    return fc
      .date({ min: new Date('1900-01-01'), max: new Date('2999-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  }
  return conformingArb(schema, ctx, mode === 'boundary').map(enc);
}

function queryArb(op: Operation, ctx: ArbContext, mode: Mode): fc.Arbitrary<[string, string][]> {
  const params = op.parameters.filter((p) => p.in === 'query');
  const valid = fc
    .tuple(
      ...params.map((p) =>
        // Each optional parameter is usually left out, so a valid query mostly sets one to three of them.
        fc
          .oneof(
            {
              weight: p.required ? 0 : Math.max(1, Math.ceil(params.length / 3)),
              arbitrary: fc.constant(undefined),
            },
            {
              weight: 1,
              arbitrary: queryValueArb(p.name, p.schema, ctx, mode === 'invalid' ? 'valid' : mode),
            },
          )
          .map((v) => [p.name, v] as const),
      ),
    )
    .map((pairs) =>
      pairs
        .filter((p): p is readonly [string, string] => p[1] !== undefined)
        .map(([k, v]) => [k, v] as [string, string]),
    );
  if (mode !== 'invalid') return valid;
  const broken: fc.Arbitrary<[string, string][]>[] = [
    fc
      .tuple(
        valid,
        fc.constantFrom(
          'companyId',
          'userId',
          '__proto__',
          'constructor[prototype][x]',
          'sort[]',
          'a'.repeat(2000),
        ),
        fc.constantFrom(...HOSTILE_STRINGS),
      )
      .map(([q, k, v]) => [...q, [k, enc(v)]]),
  ];
  if (params.length > 0) {
    broken.push(
      fc
        .tuple(valid, fc.constantFrom(...params))
        .chain(([q, p]) =>
          queryValueArb(p.name, p.schema, ctx, 'invalid').map(
            (bad) => [...q.filter(([k]) => k !== p.name), [p.name, bad]] as [string, string][],
          ),
        ),
      // The same key twice arrives as an array.
      fc
        .tuple(valid, fc.constantFrom(...params))
        .chain(([q, p]) =>
          queryValueArb(p.name, p.schema, ctx, 'valid').map(
            (v) => [...q, [p.name, v], [p.name, v]] as [string, string][],
          ),
        ),
    );
  }
  return fc.oneof(...broken);
}

const json = (v: unknown): Body => ({
  contentType: 'application/json',
  payload: JSON.stringify(v) ?? 'null',
});

const RAW_BODIES: Body[] = [
  { contentType: 'application/json', payload: '{"name":' },
  { contentType: 'application/json', payload: '' },
  { contentType: 'application/json', payload: 'null' },
  { contentType: 'application/json', payload: '"text"' },
  { contentType: 'application/json', payload: '{"__proto__":{"isAdmin":true,"companyId":"x"}}' },
  // Nested far deeper than any recursive walk of the body can go.
  { contentType: 'application/json', payload: `${'['.repeat(100_000)}${']'.repeat(100_000)}` },
  {
    contentType: 'application/json',
    payload: `${'{"a":'.repeat(50_000)}"\u0000"${'}'.repeat(50_000)}`,
  },
  {
    contentType: 'application/json',
    payload: Buffer.from([0x7b, 0x22, 0x6e, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  },
  { contentType: 'application/json', payload: `{"name":"${'あ'.repeat(400_000)}"}` },
  { contentType: 'application/json; charset=shift_jis', payload: Buffer.from([0x7b, 0x7d]) },
  { contentType: 'text/plain', payload: 'name=x' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'name=x&note=y' },
  { contentType: 'multipart/form-data', payload: '--x\r\n' },
  {
    contentType: 'application/xml',
    payload:
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]><x>&e;</x>',
  },
];

function bodyArb(op: Operation, ctx: ArbContext, mode: Mode): fc.Arbitrary<Body> {
  if (!op.body) {
    // Routes without a JSON body (reads, deletions by id, multipart uploads) get a stray body when broken.
    if (mode !== 'invalid' || op.method === 'GET') return fc.constant(undefined);
    return fc.oneof(
      fc.constant(undefined),
      fc.jsonValue({ maxDepth: 2 }).map(json),
      fc.constantFrom(...RAW_BODIES),
    );
  }
  if (mode === 'valid') return conformingArb(op.body, ctx).map(json);
  if (mode === 'boundary') return conformingArb(op.body, ctx, true).map(json);
  return fc.oneof(
    { weight: 4, arbitrary: invalidArb(op.body, ctx).map(json) },
    { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
  );
}

function caseArb(
  op: Operation,
  ctx: ArbContext,
  mode: Mode,
  broken?: 'params' | 'query' | 'body',
): fc.Arbitrary<FuzzCase> {
  const pathParams = op.parameters.filter((p) => p.in === 'path');
  const partMode = (part: 'params' | 'query' | 'body'): Mode =>
    mode !== 'invalid' ? mode : broken === part ? 'invalid' : 'valid';
  return fc.record({
    mode: fc.constant(mode),
    params: fc.record(
      Object.fromEntries(
        pathParams.map((p) => [p.name, paramArb(p.name, ctx, partMode('params'))]),
      ),
    ),
    query: queryArb(op, ctx, partMode('query')),
    body: bodyArb(op, ctx, partMode('body')),
  });
}

/** Valid 40 %, boundary 20 %, broken in one part 40 %. */
export function fuzzCaseArb(op: Operation, ctx: ArbContext): fc.Arbitrary<FuzzCase> {
  const parts: ('params' | 'query' | 'body')[] = ['query', 'body'];
  if (op.parameters.some((p) => p.in === 'path')) parts.push('params');
  return fc.oneof(
    { weight: 4, arbitrary: caseArb(op, ctx, 'valid') },
    { weight: 2, arbitrary: caseArb(op, ctx, 'boundary') },
    {
      weight: 4,
      arbitrary: fc.constantFrom(...parts).chain((part) => caseArb(op, ctx, 'invalid', part)),
    },
  );
}

export function urlOf(op: Operation, c: FuzzCase): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) => c.params[name] ?? '');
  return c.query.length === 0
    ? path
    : `${path}?${c.query.map(([k, v]) => `${encodeText(k)}=${v}`).join('&')}`;
}

const safeDecode = (s: string) => {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
};

/** Every string the request carried (decoded), so an answer that repeats one is not taken for a leak. */
export function echoesOf(c: FuzzCase): string[] {
  const out = [
    ...Object.values(c.params).map(safeDecode),
    ...c.query.flatMap(([k, v]) => [k, safeDecode(v)]),
  ];
  const walk = (v: unknown) => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        out.push(k);
        walk(x);
      }
  };
  if (c.body) {
    const text = Buffer.isBuffer(c.body.payload) ? c.body.payload.toString('utf8') : c.body.payload;
    out.push(text);
    try {
      walk(JSON.parse(text));
    } catch {
      // not JSON: the raw text above is all there is
    }
  }
  return out;
}
