/**
 * What must hold after every restart, whatever was killed: no job of the product left
 * waiting or running, and every stored file belongs to a row (no temp file, no orphan), every document
 * file row has its file.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps } from '../../src/deps.ts';
import { STAGING_DIR } from '../../src/lib/storage.ts';
import { verifyChain } from '../../src/modules/audit-log/audit-verify.ts';

/** Job queues the crash rounds start; follow-up mail jobs are left out (the child does not wait for them). */
export const CHECKED_QUEUES = [
  'member-bulk.execute',
  'member-bulk.export',
  'cabinets.classification-backfill',
];

async function filesUnder(dir: string, prefix = ''): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const e of entries) {
    const rel = prefix ? `${prefix}/${e.name}` : e.name;
    if (e.isDirectory()) out.push(...(await filesUnder(path.join(dir, e.name), rel)));
    else out.push(rel);
  }
  return out;
}

/** Jobs of the checked queues still waiting, waiting to retry or running. */
export async function pendingJobs(deps: Pick<AppDeps, 'database'>) {
  // The job's output names the error of a job waiting to retry.
  const { rows } = await deps.database.raw.query<{
    name: string;
    state: string;
    retryCount: number;
    output: unknown;
  }>(
    `select name, state, retry_count as "retryCount", output from pgboss.job
      where name = any($1::text[]) and state in ('created', 'retry', 'active')`,
    [CHECKED_QUEUES],
  );
  return rows;
}

export async function checkInvariants(deps: AppDeps, dataDir: string): Promise<void> {
  const problems: string[] = [];
  const jobs = await pendingJobs(deps);
  if (jobs.length > 0) problems.push(`jobs not finished: ${JSON.stringify(jobs)}`);

  const base = path.resolve(dataDir, 'files');
  const files = await filesUnder(base);
  const temp = files.filter((f) => f.startsWith(`${STAGING_DIR}/`));
  if (temp.length > 0) problems.push(`temp or staged files left: ${temp.join(', ')}`);
  const { rows: keys } = await deps.database.raw.query<{ key: string }>(
    `select storage_key as key from document_files
     union all select input_file_key from bulk_manipulations where input_file_key is not null
     union all select output_file_key from bulk_manipulations where output_file_key is not null`,
  );
  const known = new Set(keys.map((k) => k.key));
  const orphans = files.filter((f) => !f.startsWith(`${STAGING_DIR}/`) && !known.has(f));
  if (orphans.length > 0) problems.push(`files without a row: ${orphans.join(', ')}`);
  const present = new Set(files);
  const { rows: docFiles } = await deps.database.raw.query<{ key: string }>(
    'select storage_key as key from document_files',
  );
  const missing = docFiles.filter((f) => !present.has(f.key));
  if (missing.length > 0)
    problems.push(`document files missing on disk: ${missing.map((m) => m.key).join(', ')}`);
  // Every company's audit chain, whatever the kill interrupted: no event half-written, no link lost.
  const { rows: companies } = await deps.database.raw.query<{ id: string }>(
    'select distinct company_id as id from audit_events',
  );
  for (const c of companies) {
    const chain = await verifyChain(deps.database.db, c.id);
    if (!chain.ok) problems.push(`audit chain of company ${c.id}: ${chain.message}`);
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
}
