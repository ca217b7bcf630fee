/**
 * The schema compilers of both Fastify apps: zod's, through fastify-type-provider-zod. Given to Fastify as its
 * schema controller (instead of set on the app after it is made), so Fastify never loads its default ones,
 * Ajv and fast-json-stringify (about 100 modules, a tenth of a start's module loading), which neither app
 * uses: the API's routes declare zod schemas and the site's routes declare none.
 */
import type { FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { $ZodType, compile } from 'zod/v4/core';

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
type CompilersFactory = NonNullable<SchemaController['compilersFactory']>;

/**
 * Every answer is still parsed with its zod schema before it is written (undeclared fields stripped, a wrong
 * answer a 500), but with the schema compiled once per route by zod itself (`compile`: a generated parser for
 * the schema, zod's own runtime for whatever it cannot generate and for any answer the generated parser
 * refuses, so the result and the errors are zod's). The runtime parse was a share of every request's CPU
 * (issue 36); `schema-compilers.test.ts` holds the two equal over the contract's answers.
 */
export const compiledSerializerCompiler: typeof serializerCompiler = (route) =>
  serializerCompiler({
    ...route,
    schema: route.schema instanceof $ZodType ? compile(route.schema) : route.schema,
  });

export const zodSchemaController: SchemaController = {
  compilersFactory: {
    // Fastify types these factories for Ajv's schemas; the compilers they return take each route's schema as
    // the route declared it, which is zod here.
    buildValidator: (() => validatorCompiler) as unknown as CompilersFactory['buildValidator'],
    buildSerializer: (() =>
      compiledSerializerCompiler) as unknown as CompilersFactory['buildSerializer'],
  },
};
