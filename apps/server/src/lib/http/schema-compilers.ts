/**
 * The schema compilers of both Fastify apps: zod's, through fastify-type-provider-zod. Given to Fastify as its
 * schema controller (instead of set on the app after it is made), so Fastify never loads its default ones,
 * Ajv and fast-json-stringify (about 100 modules, a tenth of a start's module loading), which neither app
 * uses: the API's routes declare zod schemas and the site's routes declare none.
 */
import type { FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';

type SchemaController = NonNullable<FastifyServerOptions['schemaController']>;
type CompilersFactory = NonNullable<SchemaController['compilersFactory']>;

export const zodSchemaController: SchemaController = {
  compilersFactory: {
    // Fastify types these factories for Ajv's schemas; the compilers they return take each route's schema as
    // the route declared it, which is zod here.
    buildValidator: (() => validatorCompiler) as unknown as CompilersFactory['buildValidator'],
    buildSerializer: (() => serializerCompiler) as unknown as CompilersFactory['buildSerializer'],
  },
};
