/**
 * The kinds of work the crash script kills: each sets up one run in a fresh company
 * and, after the kill and the restart, checks that the run finished with every row applied exactly once.
 * A failed check throws with what was found.
 */
import { BulkStatus } from '@cloudsign/contract';
import type { AppDeps } from '../../src/deps.ts';
import { buildApiApp } from '../../src/api-app.ts';
import { runCheck } from '../../src/bulk/check-runner.ts';
import { createMemberChecker } from '../../src/modules/member-bulk/member-checker.ts';
import { makeCompany, makeUser, signIn } from '../support/fixtures.ts';
import { readManifest, readZip } from '../support/zip-archive.ts';
import {
  prepareReadyRuns,
  REQUESTS_PER_ITERATION,
  runsNeeded,
  verifyAuditedWrites,
  type AuditedWritesJob,
} from './crash-audited-writes.ts';

export const KINDS = [
  'member-execute',
  'member-export',
  'import',
  'backfill',
  'audited-writes',
  'document-download',
  'tax-audit-pack',
] as const;
export type Kind = (typeof KINDS)[number];
export type Sizes = {
  executeRows: number;
  exportMembers: number;
  importFiles: number;
  backfillDocuments: number;
  auditedIterations: number;
  downloadDocuments: number;
};
export type Prepared = { kind: Kind; arg: string; companyId: string; size: number };

const fail = (what: string, found: unknown) => {
  throw new Error(`${what}: ${JSON.stringify(found)}`);
};
const one = async <T>(deps: AppDeps, text: string, values: unknown[]) =>
  (await deps.database.raw.query<T>(text, values)).rows[0]!;

function csvUpload(rows: string[][]) {
  const bytes = Buffer.from(rows.map((r) => r.join(',')).join('\r\n') + '\r\n', 'utf8');
  const boundary = `----crash${crypto.randomUUID()}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="filename"; filename="members.csv"\r\nContent-Type: text/csv\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** Many members or documents at once, by SQL: the setup is not what is measured. */
async function insertMembers(deps: AppDeps, companyId: string, n: number, tag: string) {
  await deps.database.raw.query(
    `insert into users (company_id, email, name, status, search_text)
     select $1, $2 || i || '@example.test', 'メンバー ' || i, 1, 'member ' || i from generate_series(1, $3::int) i`,
    [companyId, `${tag}-`, n],
  );
}

export async function prepare(
  deps: AppDeps,
  kind: Kind,
  round: number,
  sizes: Sizes,
): Promise<Prepared> {
  const company = await makeCompany(deps, { name: `クラッシュ ${round}` });
  const admin = await makeUser(deps, company.id, {
    roles: ['CompanyAdmin'],
    email: `admin-${round}-${company.id}@example.test`,
  });
  const { headers } = await signIn(deps, admin);
  const app = await buildApiApp(deps);
  try {
    if (kind === 'member-execute') {
      const rows = [
        ['メールアドレス', '氏名'],
        ...Array.from({ length: sizes.executeRows }, (_, i) => [
          `crash-${company.id}-${i}@example.test`,
          `クラッシュ ${i}`,
        ]),
      ];
      const mp = csvUpload(rows);
      const up = await app.inject({
        method: 'POST',
        url: '/members/bulk_add',
        headers: { ...headers, ...mp.headers },
        payload: mp.payload,
      });
      if (up.statusCode !== 201) fail('upload', up.body);
      const id = up.json<{ manipulation: { id: string } }>().manipulation.id;
      await runCheck(deps, id, (m, h) => createMemberChecker(deps.database.db, m, h));
      const run = await app.inject({
        method: 'PUT',
        url: `/members/bulk_manipulations/${id}`,
        headers,
        payload: { action: 'execute' },
      });
      if (run.statusCode !== 200) fail('execute', run.body);
      return { kind, arg: id, companyId: company.id, size: sizes.executeRows };
    }
    if (kind === 'audited-writes') {
      const job: AuditedWritesJob = {
        companyId: company.id,
        userId: admin.id,
        iterations: sizes.auditedIterations,
        runIds: await prepareReadyRuns(
          deps,
          app,
          headers,
          company.id,
          runsNeeded(sizes.auditedIterations),
          csvUpload,
        ),
      };
      const size = job.iterations * REQUESTS_PER_ITERATION + job.runIds.length;
      return { kind, arg: JSON.stringify(job), companyId: company.id, size };
    }
    if (kind === 'document-download' || kind === 'tax-audit-pack') {
      // Documents sharing one stored PDF, all in the pack's 課税期間: the archive still holds one entry each.
      const key = `documents/crash-${company.id}.pdf`;
      await deps.storage.write(
        key,
        Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n'),
      );
      await deps.database.raw.query(
        `with d as (
           insert into documents (company_id, status, title, search_text, contract_at)
           select $1, 2, '契約書 ' || i, 'doc ' || i, '2025-06-01' from generate_series(1, $2::int) i
           returning id)
         insert into document_files (document_id, name, size, storage_key)
         select id, 'a.pdf', 40, $3 from d`,
        [company.id, sizes.downloadDocuments, key],
      );
      const res = await app.inject(
        kind === 'document-download'
          ? {
              method: 'POST',
              url: '/documents/downloads',
              headers,
              payload: { encoding: 'utf8bom', nameRule: 'id_title' },
            }
          : {
              method: 'POST',
              url: '/tax_audit_packs',
              headers,
              payload: {
                period: { from: '2025-04-01', to: '2026-03-31' },
                encoding: 'utf8bom',
                nameRule: 'id_title',
              },
            },
      );
      if (res.statusCode !== 202) fail(kind, res.body);
      return {
        kind,
        arg: res.json<{ manipulation: { id: string } }>().manipulation.id,
        companyId: company.id,
        size: sizes.downloadDocuments,
      };
    }
    if (kind === 'member-export') {
      await insertMembers(deps, company.id, sizes.exportMembers, `crash-${company.id}`);
      const res = await app.inject({
        method: 'POST',
        url: '/members/export/csv',
        headers,
        payload: { filters: {}, encoding: 'utf8bom' },
      });
      if (res.statusCode !== 202) fail('export', res.body);
      return {
        kind,
        arg: res.json<{ manipulation: { id: string } }>().manipulation.id,
        companyId: company.id,
        size: sizes.exportMembers + 1,
      };
    }
    const [cabinet] = (
      await deps.database.raw.query<{ id: string }>(
        `insert into cabinets (company_id, name) values ($1, 'クラッシュ') returning id`,
        [company.id],
      )
    ).rows;
    if (kind === 'import') {
      return {
        kind,
        arg: JSON.stringify({
          companyId: company.id,
          cabinetId: cabinet!.id,
          userId: admin.id,
          files: sizes.importFiles,
        }),
        companyId: company.id,
        size: sizes.importFiles,
      };
    }
    // Backfill: documents sent by the admin; the rule files everything sent by the system group (everyone).
    await deps.database.raw.query(
      `insert into documents (company_id, status, title, sender_id, sender_name, sender_email, search_text)
       select $1, 2, '契約書 ' || i, $2, '管理者', $3, 'doc ' || i from generate_series(1, $4::int) i`,
      [company.id, admin.id, admin.email, sizes.backfillDocuments],
    );
    const everyone = await one<{ id: string }>(
      deps,
      'select id from member_groups where company_id = $1 and type = 1',
      [company.id],
    );
    const res = await app.inject({
      method: 'POST',
      url: `/cabinets/${cabinet!.id}/classification_rules`,
      headers,
      payload: { memberGroupIds: [everyone.id], backfill: true },
    });
    if (res.statusCode !== 200) fail('classification rule', res.body);
    return {
      kind,
      arg: res.json<{ backfill: { id: string } }>().backfill.id,
      companyId: company.id,
      size: sizes.backfillDocuments,
    };
  } finally {
    await app.close();
  }
}

/** After the restart: the run finished, every row once. Answers a one-line summary. */
export async function verify(deps: AppDeps, p: Prepared): Promise<string> {
  if (p.kind === 'audited-writes')
    return verifyAuditedWrites(deps, JSON.parse(p.arg) as AuditedWritesJob);
  if (p.kind === 'member-execute') {
    const users = await one<{ n: number; d: number }>(
      deps,
      `select count(*)::int as n, count(distinct email)::int as d from users where company_id = $1 and email like 'crash-%'`,
      [p.companyId],
    );
    const m = await one<{ status: number; processed_rows: number }>(
      deps,
      'select status, processed_rows from bulk_manipulations where id = $1',
      [p.arg],
    );
    const rows = await one<{ ok: number; all: number }>(
      deps,
      `select count(*) filter (where outcome = 'succeeded')::int as ok, count(*)::int as "all" from bulk_manipulation_rows where manipulation_id = $1`,
      [p.arg],
    );
    if (users.n !== p.size || users.d !== p.size) fail('members added (each once)', users);
    if (rows.ok !== p.size || rows.all !== p.size) fail('row outcomes', rows);
    if (m.status !== BulkStatus.Succeeded || m.processed_rows !== p.size) fail('manipulation', m);
    // One run, one event (recorded with the execution's start; the killed worker's rows add none).
    const events = await one<{ n: number }>(
      deps,
      `select count(*)::int as n from audit_events where company_id = $1 and action = 'bulk.executed' and target_id = $2`,
      [p.companyId, p.arg],
    );
    if (events.n !== 1) fail('bulk.executed events of the run', events);
    return `${users.n} members added once each`;
  }
  if (p.kind === 'document-download' || p.kind === 'tax-audit-pack') {
    const m = await one<{ status: number; output_file_key: string | null; total_rows: number }>(
      deps,
      'select status, output_file_key, total_rows from bulk_manipulations where id = $1',
      [p.arg],
    );
    if (m.status !== BulkStatus.Succeeded || !m.output_file_key) fail(p.kind, m);
    const chunks: Buffer[] = [];
    for await (const c of deps.storage.read(m.output_file_key!)) chunks.push(c as Buffer);
    const entries = await readZip(Buffer.concat(chunks));
    // The pack ends with 訂正削除履歴.csv after the manifest (none recorded here: its header alone).
    const extras = p.kind === 'tax-audit-pack' ? ['訂正削除履歴.csv'] : [];
    const tail = entries.slice(entries.length - extras.length).map((e) => e.name);
    if (JSON.stringify(tail) !== JSON.stringify(extras)) fail('pack entries', tail);
    const listed = entries.slice(0, entries.length - extras.length);
    const rows = readManifest(listed.at(-1)!.bytes, 'utf8bom');
    const ids = new Set(rows.map((r) => r['書類ID']));
    const shaOk = listed.slice(0, -1).every((e, i) => rows[i]?.['SHA-256'] === e.sha256);
    // Every document of the company once, in the manifest and as an entry, each hash matching its entry.
    if (rows.length !== p.size || ids.size !== p.size || listed.length !== p.size + 1 || !shaOk)
      fail('archive', { rows: rows.length, ids: ids.size, entries: listed.length, shaOk });
    return `${p.size} documents archived once each${extras.length ? ', with 訂正削除履歴.csv' : ''}`;
  }
  if (p.kind === 'member-export') {
    const m = await one<{ status: number; output_file_key: string | null; total_rows: number }>(
      deps,
      'select status, output_file_key, total_rows from bulk_manipulations where id = $1',
      [p.arg],
    );
    if (m.status !== BulkStatus.Succeeded || !m.output_file_key) fail('export', m);
    const text = await new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      deps.storage
        .read(m.output_file_key!)
        .on('data', (c: Buffer) => chunks.push(c))
        .on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
        .on('error', reject);
    });
    const lines = text.split('\r\n').filter((l) => l !== '');
    const distinct = new Set(lines.slice(1));
    // Header + every member of the company (the admin and the inserted ones), each once.
    if (lines.length !== p.size + 1 || distinct.size !== p.size || m.total_rows !== p.size) {
      fail('export rows', { lines: lines.length, distinct: distinct.size, total: m.total_rows });
    }
    return `${p.size} members exported once each`;
  }
  if (p.kind === 'import') {
    const docs = await one<{ n: number; files: number }>(
      deps,
      `select count(distinct d.id)::int as n, count(f.id)::int as files from documents d left join document_files f on f.document_id = d.id where d.company_id = $1`,
      [p.companyId],
    );
    const links = await one<{ n: number }>(
      deps,
      `select count(*)::int as n from document_cabinets dc join documents d on d.id = dc.document_id where d.company_id = $1`,
      [p.companyId],
    );
    // All or nothing per attempt (each killed attempt is a user's retry): the import commits in one transaction.
    if (docs.n % p.size !== 0 || docs.files !== docs.n)
      fail('imported documents (all or none of each attempt)', docs);
    if (links.n !== docs.n) fail('cabinet links of imported documents', links);
    return `${docs.n / p.size} of the killed imports committed, all files in place`;
  }
  const b = await one<{ state: string; processed: number; linked: number }>(
    deps,
    'select state, processed, linked from cabinet_backfills where id = $1',
    [p.arg],
  );
  const links = await one<{ n: number; counter: number }>(
    deps,
    `select count(*)::int as n, (select document_count::int from cabinet_document_stats s where s.cabinet_id = c.id) as counter
       from cabinets c join document_cabinets dc on dc.cabinet_id = c.id where c.company_id = $1 and c.type = 0 group by c.id`,
    [p.companyId],
  );
  if (b.state !== 'succeeded' || b.processed !== p.size || b.linked !== p.size) fail('backfill', b);
  if (links.n !== p.size || links.counter !== p.size) fail('links and counter', links);
  return `${links.n} documents filed once each`;
}
