/**
 * A PGlite folder holding one seeded company (5,000 members and 20,000 documents × scale) and its signed-in
 * members, for the benchmarks that hand the folder to a server in its own process (the server opens PGlite in
 * DATA_DIR/pglite, so the seed writes there first, then closes it).
 */
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { runMigrations } from '../../apps/server/src/db/migrate.ts';
import { seedLargeCompany } from '../../apps/server/src/seed/large-seed.ts';
import type { LoadUser } from './load-mix.ts';
import { prepareUsers } from './signed-in-users.ts';
import type { BenchContext } from './types.ts';

export async function seedPgliteCompany(
  ctx: BenchContext,
  dataDir: string,
  opts: { name: string; users: number },
): Promise<LoadUser[]> {
  const database = await openDatabase({ dataDir });
  try {
    await runMigrations(database);
    ctx.log(`${opts.name}（PGlite）: 会社を作成中`);
    const company = await seedLargeCompany(database, {
      name: opts.name,
      members: ctx.size(5_000),
      documents: ctx.size(20_000),
    });
    const users = await prepareUsers(database, company.companyId, opts.users);
    // The server's own maintenance analyses what changed; start from there, as a running server would.
    await database.raw.exec('analyze');
    return users;
  } finally {
    await database.close();
  }
}
