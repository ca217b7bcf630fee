/** Writes the migrated template a new embedded database starts from (see pglite-template.ts); run by the build. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPgliteAt } from './client.ts';
import { runMigrations } from './migrate.ts';
import { migrationsHash, PGLITE_TEMPLATE, stampOf } from './pglite-template.ts';

/** Makes the template: a cluster in a scratch folder, migrated, packed, then the folder removed. */
export async function writeTemplate(template = PGLITE_TEMPLATE): Promise<void> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'cloudsign-pglite-template-'));
  try {
    const { database, client } = await openPgliteAt(scratch);
    await runMigrations(database);
    const packed = await client.dumpDataDir('gzip');
    await database.close();
    writeFileSync(template, Buffer.from(await packed.arrayBuffer()));
    writeFileSync(stampOf(template), migrationsHash());
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
