import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contract from '@cloudsign/contract';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { compiledSerializerCompiler } from './schema-compilers.ts';
import { conformingArb, type JsonSchema } from '../../../test/hardening/fuzz-schema.ts';

/** Every answer schema of the contract's endpoints (entries are found wherever the contract exports them). */
function answerSchemas(): [string, z.ZodType][] {
  const found = new Map<string, z.ZodType>();
  const seen = new Set<unknown>();
  const walk = (v: unknown) => {
    if (typeof v !== 'object' || v === null || seen.has(v) || v instanceof z.ZodType) return;
    seen.add(v);
    const e = v as { method?: unknown; path?: unknown; response?: unknown };
    if (
      typeof e.method === 'string' &&
      typeof e.path === 'string' &&
      e.response instanceof z.ZodType
    )
      found.set(`${e.method} ${e.path}`, e.response);
    for (const child of Object.values(v)) walk(child);
  };
  for (const exported of Object.values(contract)) walk(exported);
  return [...found];
}

const serialize = (s: (data: unknown) => string, data: unknown) => {
  try {
    return { json: s(data) };
  } catch (err) {
    return { threw: (err as Error).name };
  }
};

/** The answer's JSON Schema for the fuzz generator, or null where the generator cannot describe it. */
function describe_(schema: z.ZodType): JsonSchema | null {
  try {
    const { $schema: _, ...json } = z.toJSONSchema(schema, {
      target: 'openapi-3.0',
      io: 'output',
      unrepresentable: 'any',
    });
    conformingArb(json as JsonSchema, { ids: [] });
    return json as JsonSchema;
  } catch {
    return null;
  }
}

const schemas = answerSchemas();
const described = schemas.flatMap(([name, schema]) => {
  const json = describe_(schema);
  return json ? [[name, schema, json] as const] : [];
});

describe('the compiled answer serializer', () => {
  it('finds the answers of the contract', () => {
    expect(schemas.length).toBeGreaterThan(50);
    expect(schemas.map(([name]) => name)).toContain('GET /me');
    // Those the generator cannot describe (a date, a record of unions …) are left to their route tests.
    expect(described.length).toBeGreaterThan(schemas.length * 0.8);
  });

  // Valid answers, the same with undeclared fields (to be stripped), and wrong ones (to be refused alike).
  it.each(described)('writes what the runtime parse writes: %s', (name, schema, json) => {
    const route = {
      schema,
      method: name.split(' ')[0]!,
      url: name.split(' ')[1]!,
      httpStatus: '200',
    };
    const runtime = serializerCompiler(route);
    const compiled = compiledSerializerCompiler(route);
    const valid = conformingArb(json, { ids: [] });
    const extra = fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), {
      maxKeys: 3,
    });
    const answer = fc.oneof(
      { weight: 4, arbitrary: valid },
      {
        weight: 2,
        arbitrary: fc
          .tuple(valid, extra)
          .map(([v, x]) =>
            typeof v === 'object' && v !== null && !Array.isArray(v) ? { ...x, ...v, ...x } : v,
          ),
      },
      { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) },
    );
    fc.assert(
      fc.property(answer, (data) => {
        expect(serialize(compiled, data)).toEqual(serialize(runtime, data));
      }),
      { numRuns: 60 },
    );
  });
});
