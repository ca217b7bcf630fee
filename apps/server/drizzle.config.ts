import { defineConfig } from 'drizzle-kit';

// Migrations are generated from src/db/schema.ts (npm run db:generate) and run at start on PGlite or pg.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/server/src/db/schema.ts',
  out: './apps/server/drizzle',
});
