import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The SQL migrations drizzle-kit writes, beside the server's sources. */
export const MIGRATIONS_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../drizzle',
);
