/** The SQL migrations drizzle-kit writes, beside the server's sources (or beside its bundle: lib/app-files.ts). */
export { MIGRATIONS_DIR } from '../lib/app-files.ts';
