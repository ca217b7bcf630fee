/**
 * The OpenAPI (JSON Schema) side of the fuzz suite: a validator for the subset the contract's zod schemas
 * produce, and fast-check arbitraries of valid, boundary and invalid values for a schema. Any keyword this
 * file does not know fails loudly, so a new kind of schema cannot be validated or generated half-way.
 */
import fc from 'fast-check';

export type JsonSchema = {
  type?: 'object' | 'array' | 'string' | 'number' | 'integer' | 'boolean';
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  const?: unknown;
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
  description?: string;
};

const KNOWN = new Set([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'enum',
  'anyOf',
  'oneOf',
  'const',
  'nullable',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'minItems',
  'maxItems',
  'default',
  'description',
]);

function assertKnown(schema: JsonSchema) {
  for (const key of Object.keys(schema))
    if (!KNOWN.has(key)) throw new Error(`fuzz-schema: unsupported keyword "${key}"`);
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/** Problems of `value` against `schema`, each with its JSON path; [] when it conforms. */
export function validate(schema: JsonSchema, value: unknown, path = '$'): string[] {
  assertKnown(schema);
  if (value === null && schema.nullable) return [];
  if (schema.anyOf) {
    const branches = schema.anyOf.map((s) => validate(s, value, path));
    return branches.some((b) => b.length === 0)
      ? []
      : [`${path}: matches no anyOf branch (${branches.map((b) => b[0]).join(' | ')})`];
  }
  if (schema.oneOf) {
    const matching = schema.oneOf.filter((s) => validate(s, value, path).length === 0).length;
    return matching === 1 ? [] : [`${path}: matches ${matching} oneOf branches`];
  }
  if ('const' in schema && !Object.is(schema.const, value))
    return [`${path}: ${JSON.stringify(value)} is not ${JSON.stringify(schema.const)}`];
  if (schema.enum && !schema.enum.some((e) => Object.is(e, value)))
    return [`${path}: ${JSON.stringify(value)} not in enum`];
  switch (schema.type) {
    case undefined:
      return [];
    case 'object': {
      if (!isPlainObject(value)) return [`${path}: expected object`];
      const errors: string[] = [];
      for (const key of schema.required ?? [])
        if (!(key in value)) errors.push(`${path}.${key}: required`);
      for (const [key, v] of Object.entries(value)) {
        const sub = schema.properties?.[key];
        if (sub) errors.push(...validate(sub, v, `${path}.${key}`));
        else if (schema.additionalProperties === false) errors.push(`${path}.${key}: not declared`);
        else if (isPlainObject(schema.additionalProperties))
          errors.push(...validate(schema.additionalProperties, v, `${path}.${key}`));
      }
      return errors;
    }
    case 'array': {
      if (!Array.isArray(value)) return [`${path}: expected array`];
      const errors: string[] = [];
      if (schema.minItems !== undefined && value.length < schema.minItems)
        errors.push(`${path}: fewer than ${schema.minItems} items`);
      if (schema.maxItems !== undefined && value.length > schema.maxItems)
        errors.push(`${path}: more than ${schema.maxItems} items`);
      if (schema.items)
        value.forEach((v, i) => errors.push(...validate(schema.items!, v, `${path}[${i}]`)));
      return errors;
    }
    case 'string': {
      if (typeof value !== 'string') return [`${path}: expected string`];
      const errors: string[] = [];
      if (schema.minLength !== undefined && value.length < schema.minLength)
        errors.push(`${path}: shorter than ${schema.minLength}`);
      if (schema.maxLength !== undefined && value.length > schema.maxLength)
        errors.push(`${path}: longer than ${schema.maxLength}`);
      if (schema.pattern && !new RegExp(schema.pattern).test(value))
        errors.push(`${path}: does not match ${schema.pattern}`);
      if (schema.format === 'date-time' && !DATE_TIME.test(value))
        errors.push(`${path}: not a date-time`);
      return errors;
    }
    case 'number':
    case 'integer': {
      if (typeof value !== 'number' || !Number.isFinite(value)) return [`${path}: expected number`];
      const errors: string[] = [];
      if (schema.type === 'integer' && !Number.isInteger(value))
        errors.push(`${path}: expected integer`);
      if (schema.minimum !== undefined && value < schema.minimum)
        errors.push(`${path}: below ${schema.minimum}`);
      if (schema.maximum !== undefined && value > schema.maximum)
        errors.push(`${path}: above ${schema.maximum}`);
      return errors;
    }
    case 'boolean':
      return typeof value === 'boolean' ? [] : [`${path}: expected boolean`];
    default:
      throw new Error(`fuzz-schema: unsupported type ${String(schema.type)}`);
  }
}

/** Text that tends to break things downstream: quotes, LIKE wildcards, SQL, paths, control and astral characters. */
export const HOSTILE_STRINGS = [
  "'",
  '"',
  '\\',
  '%',
  '_',
  "' OR '1'='1",
  "'); DROP TABLE users; --",
  '../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '\u0000',
  'a\u0000b',
  '\u202e\u200b\ufeff',
  '𠮷野家🍣',
  '\ud800',
  '${jndi:ldap://x}',
  '<script>alert(1)</script>',
  '=cmd|" /C calc"!A0',
  '\r\n\t',
  'ｱｲｳｴｵ①㈱髙',
  ' ',
];

/** One UTF-16 code unit per character (zod's min/max count code units): ASCII, kana, kanji, or one of the hostile ones. */
const unit = fc.oneof(
  { weight: 5, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c)) },
  {
    weight: 3,
    arbitrary: fc.integer({ min: 0x3041, max: 0x30fa }).map((c) => String.fromCharCode(c)),
  },
  {
    weight: 2,
    arbitrary: fc.integer({ min: 0x4e00, max: 0x9fa5 }).map((c) => String.fromCharCode(c)),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      "'",
      '"',
      '\\',
      '%',
      '_',
      '\u0000',
      '\u0007',
      '\n',
      '\r',
      '\t',
      '\u200b',
      '\ufeff',
      '\u202e',
    ),
  },
);

const text = (minLength: number, maxLength: number) => fc.string({ unit, minLength, maxLength });

export type ArbContext = {
  /** Ids of rows that exist (of the caller's company and of another), so valid bodies reach the services. */
  ids: readonly string[];
  /** The ids by kind of row (world.pools), for path parameters. */
  pools?: Readonly<Record<string, readonly string[]>>;
  /** The pool kind of the path parameter being generated. */
  kindOf?: (param: string) => string;
};

const idArb = (ctx: ArbContext) =>
  ctx.ids.length > 0
    ? fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...ctx.ids) },
        { weight: 1, arbitrary: fc.uuid() },
      )
    : fc.uuid();

const isUuidSchema = (s: JsonSchema) => s.format === 'uuid';

function stringArb(s: JsonSchema, ctx: ArbContext, boundary: boolean): fc.Arbitrary<string> {
  if (isUuidSchema(s)) return idArb(ctx);
  if (s.format === 'date-time')
    return fc
      .date({ min: new Date('1900-01-01'), max: new Date('2999-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (s.pattern)
    return fc
      .stringMatching(new RegExp(s.pattern), { maxLength: s.maxLength ?? 40 })
      .filter((v) => v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity));
  const min = s.minLength ?? 0;
  const max = s.maxLength ?? Math.max(min, 60);
  if (boundary)
    return fc.oneof(
      text(min, min),
      text(max, max),
      fc.constant(' '.repeat(Math.max(min, 1)).slice(0, max)),
    );
  return fc.oneof(
    { weight: 4, arbitrary: text(min, Math.min(max, min + 30)) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(...HOSTILE_STRINGS)
        .filter((v) => v.length >= min && v.length <= max),
    },
  );
}

function numberArb(s: JsonSchema, boundary: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? -1e9;
  const max = s.maximum ?? 1e9;
  if (boundary)
    return fc.constantFrom(
      ...new Set([min, max, Math.min(Math.max(0, min), max), Math.min(Math.max(1, min), max)]),
    );
  // Small values are the interesting ones (page 1, -1, 0); the far ends come from the boundary mode.
  const near = fc.integer({ min: Math.max(min, -5), max: Math.min(max, 1000) });
  const whole = fc.integer({
    min: Math.max(min, Number.MIN_SAFE_INTEGER),
    max: Math.min(max, Number.MAX_SAFE_INTEGER),
  });
  if (s.type === 'integer') return fc.oneof(near, whole);
  return fc.oneof(near, fc.double({ min, max, noNaN: true, noDefaultInfinity: true }));
}

/** A value that conforms to `schema`; `boundary` prefers the edges (min/max lengths, sizes, numbers; optional parts all or none). */
export function conformingArb(
  schema: JsonSchema,
  ctx: ArbContext,
  boundary = false,
): fc.Arbitrary<unknown> {
  assertKnown(schema);
  const core = ((): fc.Arbitrary<unknown> => {
    if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => conformingArb(s, ctx, boundary)));
    if (schema.oneOf) return fc.oneof(...schema.oneOf.map((s) => conformingArb(s, ctx, boundary)));
    if ('const' in schema) return fc.constant(schema.const);
    if (schema.enum)
      return boundary
        ? fc.constantFrom(schema.enum[0], schema.enum.at(-1))
        : fc.constantFrom(...schema.enum);
    switch (schema.type) {
      case 'object': {
        const props = schema.properties ?? {};
        const required = schema.required ?? [];
        const model = Object.fromEntries(
          Object.entries(props).map(([k, v]) => [k, conformingArb(v, ctx, boundary)]),
        );
        if (!boundary) return fc.record(model, { requiredKeys: required });
        return fc.oneof(
          fc.record(model),
          fc.record(Object.fromEntries(required.map((k) => [k, model[k]!]))),
        );
      }
      case 'array': {
        const min = schema.minItems ?? 0;
        const max = schema.maxItems ?? 20;
        const item = schema.items ? conformingArb(schema.items, ctx, boundary) : fc.jsonValue();
        if (boundary)
          return fc.oneof(
            fc.array(item, { minLength: min, maxLength: min }),
            fc.array(item, { minLength: max, maxLength: max }),
          );
        return fc.array(item, { minLength: min, maxLength: Math.min(max, min + 5) });
      }
      case 'string':
        return stringArb(schema, ctx, boundary);
      case 'number':
      case 'integer':
        return numberArb(schema, boundary);
      case 'boolean':
        return fc.boolean();
      case undefined:
        return fc.jsonValue({ maxDepth: 2 });
      default:
        throw new Error(`fuzz-schema: unsupported type ${String(schema.type)}`);
    }
  })();
  return schema.nullable
    ? fc.oneof({ weight: 5, arbitrary: core }, { weight: 1, arbitrary: fc.constant(null) })
    : core;
}

/** Values of the wrong kind for `schema` (or out of its bounds); may occasionally still conform, which the assertions allow. */
export function wrongValueArb(schema: JsonSchema): fc.Arbitrary<unknown> {
  const wrongType = fc.oneof(
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.double(),
    fc.constant(Number.MAX_VALUE),
    fc.constantFrom(...HOSTILE_STRINGS),
    fc.string({ minLength: 10_000, maxLength: 10_000 }).map((s) => s || 'x'.repeat(10_000)),
    fc.constant('x'.repeat(100_000)),
    fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
    fc.constant(
      JSON.parse(
        '{"__proto__":{"isAdmin":true},"constructor":{"prototype":{"polluted":true}}}',
      ) as unknown,
    ),
    fc.constant(Array.from({ length: 100 }, () => [[[[{}]]]])),
  );
  const outOfBounds: fc.Arbitrary<unknown>[] = [];
  if (schema.type === 'string') {
    if (schema.maxLength !== undefined)
      outOfBounds.push(fc.constant('あ'.repeat(schema.maxLength + 1)));
    if (schema.minLength !== undefined && schema.minLength > 0) outOfBounds.push(fc.constant(''));
    if (schema.format === 'uuid')
      outOfBounds.push(
        fc.constantFrom(
          'not-a-uuid',
          '00000000-0000-0000-0000-00000000000g',
          `{${crypto.randomUUID()}}`,
        ),
      );
    if (schema.format === 'date-time')
      outOfBounds.push(
        fc.constantFrom('2024-02-30T00:00:00Z', '9999-99-99', 'yesterday', '2024-01-01T25:61:00Z'),
      );
    if (schema.enum)
      outOfBounds.push(fc.constantFrom('__nope__', String(schema.enum[0]).toUpperCase() + 'X'));
  }
  if (schema.type === 'integer' || schema.type === 'number') {
    if (schema.maximum !== undefined) outOfBounds.push(fc.constant(schema.maximum + 1));
    if (schema.minimum !== undefined) outOfBounds.push(fc.constant(schema.minimum - 1));
    outOfBounds.push(fc.constantFrom(0.5, -0, 1e21, Number.MAX_SAFE_INTEGER + 2, '12', '1e3'));
  }
  if (schema.type === 'array') {
    if (schema.maxItems !== undefined && schema.maxItems <= 5000)
      outOfBounds.push(
        fc.constant(Array.from({ length: schema.maxItems + 1 }, () => crypto.randomUUID())),
      );
    if (schema.minItems !== undefined && schema.minItems > 0) outOfBounds.push(fc.constant([]));
    outOfBounds.push(fc.constant([null, 1, 'x', {}]));
  }
  return outOfBounds.length > 0 ? fc.oneof(wrongType, fc.oneof(...outOfBounds)) : wrongType;
}

/** An object body that breaks `schema` in one place: a wrong property, a missing required one, or an unknown one. */
export function invalidArb(schema: JsonSchema, ctx: ArbContext): fc.Arbitrary<unknown> {
  const props = Object.entries(schema.properties ?? {});
  const base = conformingArb(schema, ctx);
  const variants: fc.Arbitrary<unknown>[] = [wrongValueArb(schema)];
  if (schema.type === 'object' && props.length > 0) {
    variants.push(
      fc
        .tuple(base, fc.constantFrom(...props), fc.nat())
        .chain(([obj, [key, sub]]) =>
          wrongValueArb(sub).map((wrong) => ({ ...(obj as object), [key]: wrong })),
        ),
      fc
        .tuple(
          base,
          fc.constantFrom(
            'companyId',
            'id',
            'roles',
            'status',
            'createdAt',
            '__proto__',
            'constructor',
            'x'.repeat(300),
          ),
          fc.jsonValue({ maxDepth: 1 }),
        )
        .map(
          ([obj, key, v]) =>
            JSON.parse(JSON.stringify({ ...(obj as object), [key]: v })) as unknown,
        ),
    );
    const required = schema.required ?? [];
    if (required.length > 0) {
      variants.push(
        fc.tuple(base, fc.constantFrom(...required)).map(([obj, key]) => {
          const copy = { ...(obj as Record<string, unknown>) };
          delete copy[key];
          return copy;
        }),
      );
    }
  }
  return fc.oneof(...variants);
}
