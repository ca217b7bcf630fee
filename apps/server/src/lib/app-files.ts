/**
 * The files the server reads at run time besides its code: the SQL migrations, the site's page templates, the
 * migrated template of a new embedded database and the built console. Run from the sources (tsx, tests), each is
 * where the repository keeps it. The bundle `npm start` runs (tooling/build-server.ts) has copies beside it and
 * finds them relative to itself, so its folder runs wherever it is copied (with node_modules reachable from it,
 * for the libraries kept out of the bundle):
 *   main.mjs, server.mjs, pdf-worker.mjs, drizzle/, templates/, pglite-template/, pglite-template.tgz, console/
 * (pdf-worker.mjs is code, the demo seed's worker thread, bundled apart because a worker starts from a file).
 */
import { fileURLToPath } from 'node:url';

/** In the bundle every module's `import.meta.url` is the bundle's (dist/server.mjs); from the sources, this file's. */
const isBundled = !import.meta.url.endsWith('.ts');
const at = (fromSources: string, fromBundle: string) =>
  fileURLToPath(new URL(isBundled ? fromBundle : fromSources, import.meta.url));

/** The SQL migrations drizzle-kit writes (apps/server/drizzle). */
export const MIGRATIONS_DIR = at('../../drizzle', './drizzle');
/** The site's server-rendered pages (apps/server/src/site/templates). */
export const PAGE_TEMPLATES_DIR = at('../site/templates', './templates');
/** A new embedded database's starting point, written by the build (db/pglite-template.ts): the cluster's folder. */
export const PGLITE_TEMPLATE_DIR = at('../../dist/pglite-template', './pglite-template');
/** The same cluster packed, for the databases tests keep in memory. */
export const PGLITE_TEMPLATE = at('../../dist/pglite-template.tgz', './pglite-template.tgz');
/** The demo seed's worker thread (seed/pdf-worker.ts), started from its own file. */
export const PDF_WORKER = at('../seed/pdf-worker.ts', './pdf-worker.mjs');
/** The built console (Vite's output, apps/console/dist). */
export const CONSOLE_DIST = at('../../../console/dist', './console');
