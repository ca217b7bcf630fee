/**
 * Writes the demo companies: every row in one transaction, every PDF written before
 * the commit and removed again if the transaction fails, so a crash leaves either the whole demo or nothing.
 */
import { sql } from 'drizzle-orm';
import type { FileStorage } from '../lib/storage.ts';
import { hashPassword } from '../auth/passwords.ts';
import type { Db, Tx } from '../db/client.ts';
import * as s from '../db/schema.ts';
import { insertBatches } from './insert-batches.ts';
import { createRand, type Rand } from './prng.ts';
import { drawDemoPdfs } from './demo-pdfs.ts';
import { DEMO_PASSWORD } from './demo-logins.ts';
import { buildAuditHistory } from './demo-audit-events.ts';
import type { DemoCompany } from './demo-companies.ts';
import { buildCompanyA } from './demo-company-a.ts';
import { buildCompanyB } from './demo-company-b.ts';

/** Fixed so every machine gets the same demo. */
export const DEMO_SEED = 20240401;
/** Serialises concurrent first starts of several processes on one PostgreSQL. */
const SEED_LOCK = 724_100_201;

export type SeedSummary = {
  companies: {
    name: string;
    members: number;
    groups: number;
    cabinets: number;
    documents: number;
    files: number;
  }[];
  ms: number;
  /** CPU time of this process: on a busy machine wall time says little. */
  cpuMs: number;
};

export type DemoSeedDeps = { db: Db; storage: FileStorage; now: Date };

/** Seeds the demo when no company exists yet; answers null when there was something already. */
export async function seedDemoIfEmpty(deps: DemoSeedDeps): Promise<SeedSummary | null> {
  const started = performance.now();
  const cpu = process.cpuUsage();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const written: string[] = [];
  try {
    const built = await deps.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
      const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(s.companies);
      if ((row?.n ?? 0) > 0) return null;
      const rand = createRand(DEMO_SEED);
      const companies = [
        buildCompanyA(rand, deps.now, passwordHash),
        buildCompanyB(rand, deps.now, passwordHash),
      ];
      // PDFs are drawn on a worker thread while the database inserts rows (the embedded database holds the
      // main thread for each statement). allSettled is attached at once, so a failed write is never an unhandled rejection, and is awaited on every path, so
      // no write lands after the clean-up.
      const files = Promise.allSettled(
        companies.map((c, i) =>
          writeFiles(deps.storage, c, written, createRand(DEMO_SEED + 1 + i)),
        ),
      );
      try {
        for (const c of companies) await insertCompany(tx, c);
        // Its own generator, so the history never shifts the ids and names drawn above.
        for (const [i, c] of companies.entries())
          if (c.company.auditLog)
            await insertBatches(
              tx,
              s.auditEvents,
              buildAuditHistory(createRand(DEMO_SEED + 100 + i), c, deps.now),
            );
      } finally {
        await files;
      }
      for (const r of await files) {
        if (r.status === 'rejected') throw r.reason;
        await insertBatches(tx, s.documentFiles, r.value);
      }
      return companies;
    });
    if (!built) return null;
    return {
      companies: built.map((c) => ({
        name: c.company.name,
        members: c.members.length,
        groups: c.groups.length,
        cabinets: c.cabinets.length,
        documents: c.docs.documents.length,
        files: c.docs.pdfs.length,
      })),
      ms: Math.round(performance.now() - started),
      cpuMs: Math.round(process.cpuUsage(cpu).user / 1000),
    };
  } catch (e) {
    // The rows were rolled back; take the files with them so nothing is left orphaned.
    await Promise.all(written.map((key) => deps.storage.remove(key).catch(() => undefined)));
    throw e;
  }
}

async function insertCompany(tx: Tx, c: DemoCompany) {
  await tx.insert(s.companies).values(c.company);
  await insertBatches(tx, s.users, c.members);
  await insertBatches(tx, s.memberGroups, c.groups);
  await insertBatches(tx, s.memberGroupUsers, c.memberships);
  await insertBatches(tx, s.cabinets, c.cabinets);
  await insertBatches(tx, s.cabinetMemberGroups, c.cabinetGroups);
  await insertBatches(tx, s.cabinetAdmins, c.cabinetAdmins);
  await insertBatches(tx, s.cabinetClassificationRules, c.rules);
  await insertBatches(tx, s.documentAttributeOptions, c.options);
  await insertBatches(tx, s.documents, c.docs.documents);
  await insertBatches(tx, s.documentParticipants, c.docs.participants);
  await insertBatches(tx, s.documentCabinets, c.docs.links);
}

/**
 * Draws one PDF per document (on a worker thread, while the rows are inserted) and stores them, several writes
 * at a time; answers the file rows. File ids come from their own seeded PRNG: a seed killed before its commit
 * (kill -9, power loss) leaves files behind, and the next start, drawing the same keys, overwrites them: no
 * orphans.
 */
async function writeFiles(
  storage: FileStorage,
  c: DemoCompany,
  written: string[],
  rand: Rand,
): Promise<(typeof s.documentFiles.$inferInsert)[]> {
  const rows: (typeof s.documentFiles.$inferInsert)[] = [];
  const CONCURRENCY = 16;
  const pdfs = c.docs.pdfs;
  const drawn = await drawDemoPdfs(pdfs);
  for (let i = 0; i < pdfs.length; i += CONCURRENCY) {
    // allSettled: on a failure, every write of the batch has finished before the caller removes the files,
    // so none lands on disk after the clean-up.
    const settled = await Promise.allSettled(
      pdfs.slice(i, i + CONCURRENCY).map(async (p, j) => {
        const fileId = rand.uuid();
        const key = `documents/${fileId}.pdf`;
        written.push(key);
        const { size } = await storage.write(key, Buffer.from(drawn[i + j]!));
        rows.push({
          id: fileId,
          documentId: p.documentId,
          name: p.fileName,
          size,
          storageKey: key,
          contentType: 'application/pdf',
        });
      }),
    );
    const failed = settled.find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  }
  return rows;
}
