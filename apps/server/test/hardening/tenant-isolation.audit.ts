/**
 * After a sequence: everything one company can read — lists, keyword searches with the other company's tag,
 * counts and totals, details, bulk history with rows and every CSV (templates, results, errors, uploads,
 * exports) — is read back, compared with the model, and searched for the other company's tag and ids.
 */
import { expect } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import {
  BulkStatus,
  type TBulkManipulation,
  type TFindAuditEventsResponse,
} from '@cloudsign/contract';
import {
  bulkManipulations,
  cabinets,
  documentFiles,
  documents,
  memberGroups,
  users,
} from '../../src/db/schema.ts';
import { call, decodeCsv, generatedCsv, type Real, type Side } from './tenant-isolation.world.ts';

/** `echoes`: other-company ids this page may show because this company uploaded them itself. */
type Read = { label: string; text: string; echoes?: string[] };

/** Every id the other company owns, read from the database (so rows made by jobs are included too). */
async function idsOf(r: Real, companyId: string): Promise<string[]> {
  const db = r.deps.database.db;
  const col = async <T extends { id: string }>(rows: Promise<T[]>) => (await rows).map((x) => x.id);
  const docIds = await col(
    db.select({ id: documents.id }).from(documents).where(eq(documents.companyId, companyId)),
  );
  return [
    companyId,
    ...(await col(db.select({ id: users.id }).from(users).where(eq(users.companyId, companyId)))),
    ...(await col(
      db
        .select({ id: memberGroups.id })
        .from(memberGroups)
        .where(eq(memberGroups.companyId, companyId)),
    )),
    ...(await col(
      db.select({ id: cabinets.id }).from(cabinets).where(eq(cabinets.companyId, companyId)),
    )),
    ...(await col(
      db
        .select({ id: bulkManipulations.id })
        .from(bulkManipulations)
        .where(eq(bulkManipulations.companyId, companyId)),
    )),
    ...docIds,
    ...(docIds.length
      ? await col(
          db
            .select({ id: documentFiles.id })
            .from(documentFiles)
            .where(inArray(documentFiles.documentId, docIds)),
        )
      : []),
  ];
}

const sameSet = (label: string, actual: string[], expected: Iterable<string>) =>
  expect([...actual].sort(), label).toEqual([...expected].sort());

/** Reads everything `s` can see and checks it against the model; returns the reads and how many there were. */
export async function audit(s: Side, other: Side, r: Real): Promise<number> {
  const tStart = Date.now();
  const reads: Read[] = [];
  const get = async <T = unknown>(url: string, echoes?: string[]): Promise<T> => {
    const res = await call(r.app, s.headers, 'GET', url);
    expect(res.statusCode, `GET ${url}: ${res.body}`).toBe(200);
    const isCsv = String(res.headers['content-type']).startsWith('text/csv');
    reads.push({ label: `GET ${url}`, text: isCsv ? decodeCsv(res.rawPayload) : res.body, echoes });
    return (isCsv ? undefined : res.json()) as T;
  };
  const q = encodeURIComponent;
  const memberIds = [...s.members.keys()];

  // Lists and totals match the model exactly: nothing of the other company is listed or counted.
  const all = await get<{ members: { id: string }[]; total: number }>('/members?page=-1');
  sameSet(
    'members',
    all.members.map((m) => m.id),
    memberIds,
  );
  expect(all.total, 'member total').toBe(memberIds.length);
  expect(
    (await get<{ total: number }>(`/members?keyword=${q(s.tag)}`)).total,
    'own tag finds every member',
  ).toBe(memberIds.length);
  for (const kw of [other.tag, other.admin.email, `株式会社${other.tag}`]) {
    expect(
      (await get<{ total: number }>(`/members?keyword=${q(kw)}`)).total,
      `member search ${kw}`,
    ).toBe(0);
  }
  const groups = await get<{ memberGroups: { id: string; memberCount: number }[]; total: number }>(
    '/member_groups',
  );
  sameSet(
    'groups',
    groups.memberGroups.map((g) => g.id),
    [s.systemGroupId, ...s.groups.keys()],
  );
  expect(groups.total).toBe(s.groups.size + 1);
  for (const g of groups.memberGroups) {
    const expected = g.id === s.systemGroupId ? memberIds.length : s.groups.get(g.id)!.users.size;
    expect(g.memberCount, `memberCount of ${g.id}`).toBe(expected);
    await get(`/member_groups/${g.id}`);
    await get(`/members?groupId=${g.id}`);
  }

  const cabs = await get<{ cabinets: { id: string; documentCount: number }[] }>('/cabinets');
  sameSet(
    'cabinets',
    cabs.cabinets.map((c) => c.id),
    [s.systemCabinetId, ...s.cabinets.keys()],
  );
  for (const c of cabs.cabinets) {
    const expected = c.id === s.systemCabinetId ? s.docs.size : s.cabinets.get(c.id)!.docs.size;
    expect(c.documentCount, `documentCount of ${c.id}`).toBe(expected);
    const listed = await get<{ documents: { id: string }[]; total: number }>(
      `/documents?cabinetId=${c.id}&perPage=100`,
    );
    sameSet(
      `documents of cabinet ${c.id}`,
      listed.documents.map((d) => d.id),
      c.id === s.systemCabinetId ? s.docs.keys() : s.cabinets.get(c.id)!.docs,
    );
    await get(`/cabinets/${c.id}`);
    await get(`/cabinets/${c.id}/access`);
    await get(`/cabinets/${c.id}/group_candidates`);
    await get(`/cabinets/${c.id}/classification_rules/backfills`);
    await get(`/cabinets/${c.id}/member_candidates`);
    expect(
      (await get<{ total: number }>(`/cabinets/${c.id}/member_candidates?keyword=${q(other.tag)}`))
        .total,
    ).toBe(0);
    expect(
      (await get<{ total: number }>(`/cabinets/${c.id}/access?keyword=${q(other.tag)}`)).total,
    ).toBe(0);
    await get(`/members?cabinetId=${c.id}`);
  }

  const docs = await get<{ documents: { id: string }[]; total: number }>('/documents?perPage=100');
  sameSet(
    'documents',
    docs.documents.map((d) => d.id),
    s.docs.keys(),
  );
  expect(docs.total, 'document total').toBe(s.docs.size);
  expect(
    (await get<{ total: number }>(`/documents?keyword=${q(s.tag)}`)).total,
    'own tag finds every document',
  ).toBe(s.docs.size);
  for (const kw of [other.tag, `株式会社${other.tag}相手`, ...[...other.docs.keys()].slice(0, 2)]) {
    expect(
      (await get<{ total: number }>(`/documents?keyword=${q(kw)}`)).total,
      `document search ${kw}`,
    ).toBe(0);
  }
  for (const id of s.docs.keys()) await get(`/documents/${id}`);
  for (const id of memberIds) {
    await get(`/users/${id}`);
    await get(`/cabinets_read_document/${id}`);
  }
  await get('/me');
  await get('/document_attribute_options');

  // Bulk history, every row, and every CSV this company ever produced or uploaded.
  for (const base of ['/members', '/documents/attributes'] as const) {
    const hist = await get<{ manipulations: TBulkManipulation[]; total: number }>(
      `${base}/bulk_manipulations?perPage=100`,
    );
    // The member history lists uploads and generated files alike; the attribute history lists uploads.
    const mine = s.artefacts.filter(
      (a) => a.base === base && (base === '/members' || a.kind === 'run'),
    );
    sameSet(
      `${base} bulk history`,
      hist.manipulations.map((m) => m.id),
      mine.map((a) => a.id),
    );
    expect(hist.total, `${base} bulk history total`).toBe(mine.length);
    for (const run of mine.filter((a) => a.kind === 'run')) {
      for (const tail of ['', '/rows?perPage=500', '/result.csv', '/errors.csv', '/file'])
        await get(`${base}/bulk_manipulations/${run.id}${tail}`, run.echoes);
    }
  }
  for (const a of s.artefacts) if (a.url) await get(a.url);
  for (const t of [
    '/members/bulk_add/csv_template?encoding=utf8bom',
    '/members/bulk_delete/csv_template?encoding=sjis',
  ])
    await get(t);

  const tReads = Date.now();
  // Fresh exports, requested together so their jobs overlap.
  const fresh = await Promise.all([
    generatedCsv(r.app, s.headers, '/members/export/csv', '/members/export', {
      filters: {},
      encoding: 'sjis',
    }),
    generatedCsv(
      r.app,
      s.headers,
      '/members/bulk_edit/csv_template',
      '/members/bulk_edit/csv_template',
      { filters: {}, encoding: 'utf8bom' },
    ),
    generatedCsv(
      r.app,
      s.headers,
      '/documents/attributes/bulk_edit/csv',
      '/documents/attributes/bulk_edit/csv',
      { conditions: {}, encoding: 'utf8bom' },
    ),
  ]);
  if (process.env.FC_TRACE)
    console.log(`audit reads ${tReads - tStart} ms, exports ${Date.now() - tReads} ms`);
  const rowsOf = (text: string) => text.trimEnd().split('\r\n').length - 1;
  expect(rowsOf(fresh[0].text), 'export rows').toBe(memberIds.length);
  expect(rowsOf(fresh[1].text), 'edit template rows').toBe(memberIds.length);
  expect(rowsOf(fresh[2].text), 'attribute CSV rows').toBe(s.docs.size);
  reads.push(...fresh.map((f) => ({ label: f.url, text: f.text })));
  // Last, so no read above adds an event while the log is counted (CSV downloads are audited themselves).
  await readAuditLog(s, other, r, get, reads);

  // The needle search: the other company's tag (in every name, email, title, counterparty) and ids.
  const needles = [other.tag, ...(await idsOf(r, other.companyId))];
  for (const { label, text, echoes } of reads) {
    const found = needles.filter((n) => text.includes(n) && !echoes?.includes(n));
    expect(found, `${label} shows the other company's data`).toEqual([]);
  }
  // The needle search can fail: this company's own tag is in what it reads.
  expect(reads.filter((x) => x.text.includes(s.tag)).length).toBeGreaterThan(3);
  return reads.length;
}

/**
 * The audit log as this company's auditor reads it: every page holds exactly the company's own events, the
 * other company's tag, member and address find nothing, its events answer 404 by id, and an export of the
 * whole log holds the same events (plus the export's own). The needle search then reads all of it.
 */
async function readAuditLog(
  s: Side,
  other: Side,
  r: Real,
  get: <T = unknown>(url: string) => Promise<T>,
  reads: Read[],
) {
  const count = async (companyId: string) => {
    const { rows } = await r.deps.database.raw.query<{ n: number | string }>(
      // The viewer lists events and bulk runs' per-row records (audit-log/row-records.ts).
      `select (select count(*) from audit_events where company_id = $1)
         + (select count(*) from audit_row_records where company_id = $1) as n`,
      [companyId],
    );
    return Number(rows[0]!.n);
  };
  let seen = 0;
  let after: string | null = null;
  do {
    const page: TFindAuditEventsResponse = await get(
      `/audit_events${after ? `?after=${after}` : ''}`,
    );
    seen += page.events.length;
    after = page.next;
  } while (after);
  expect(seen, 'audit events listed').toBe(await count(s.companyId));
  // The chain holds the events; bulk runs' row records hang from their batch's event beside it.
  const { rows: chain } = await r.deps.database.raw.query<{ n: number | string }>(
    'select count(*) as n from audit_events where company_id = $1',
    [s.companyId],
  );
  const chained = Number(chain[0]!.n);
  expect(seen, 'the sequence left events to read').toBeGreaterThan(0);
  const q = encodeURIComponent;
  for (const filter of [
    `keyword=${q(other.tag)}`,
    `targetId=${other.admin.id}`,
    `actorEmail=${q(other.admin.email)}`,
  ]) {
    const page = await get<TFindAuditEventsResponse>(`/audit_events?${filter}`);
    expect(page.events, `audit events by ${filter}`).toEqual([]);
  }
  const { rows: foreign } = await r.deps.database.raw.query<{ id: string }>(
    'select id::text from audit_events where company_id = $1 order by seq desc limit 3',
    [other.companyId],
  );
  for (const { id } of foreign) {
    const res = await call(r.app, s.headers, 'GET', `/audit_events/${id}`);
    expect(res.statusCode, `GET /audit_events/${id} of the other company`).toBe(404);
  }
  const res = await call(r.app, s.headers, 'POST', '/audit_events/exports', {
    filters: {},
    encoding: 'sjis',
  });
  expect(res.statusCode, res.body).toBe(202);
  const { id } = res.json<{ manipulation: { id: string } }>().manipulation;
  const started = Date.now();
  for (;;) {
    const status = await get<{ status: number }>(`/audit_events/exports/${id}`);
    if (status.status !== BulkStatus.Processing) {
      expect(status.status, 'audit export').toBe(BulkStatus.Succeeded);
      break;
    }
    if (Date.now() - started > 60_000) throw new Error(`audit export ${id} did not finish`);
    await new Promise((done) => setTimeout(done, 100));
  }
  await get(`/audit_events/exports/${id}/csv`);
  const exported = reads[reads.length - 1]!.text;
  // The export's own request (auditLog.exported) is the one event more than the pages listed; the last line
  // is the chain's anchor, which names this company's head and never the other's.
  const lines = exported.trimEnd().split('\r\n');
  expect(lines.length - 2, 'audit export rows').toBe(seen + 1);
  expect(lines[lines.length - 1], 'the export’s anchor line').toContain(
    `${s.companyId}:${chained + 1}:`,
  );
}
