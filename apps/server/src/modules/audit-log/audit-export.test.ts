import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { parse } from 'csv-parse/sync';
import type {
  TAuditChainHead,
  TBulkManipulation,
  TFindAuditEventsResponse,
} from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { expectError } from '../../../test/support/error-body.ts';
import { and, eq } from 'drizzle-orm';
import { auditEvents } from '../../db/schema.ts';
import { jstDateTime } from '../../lib/time/jst.ts';
import { createCsvWriter } from '../../lib/csv/stringify.ts';
import { recordAuditEvent } from './audit-log.record.ts';
import { writeAuditCsv } from './audit-export.ts';
import { findAnchors, parseAnchor } from './audit-anchor.ts';
import { verifyChain } from './audit-verify.ts';

let deps: TestDeps;
let app: ApiApp;
let auditor: { id: string; name: string; email: string; companyId: string };
let actor: { id: string; name: string; email: string; companyId: string };
let auditorHeaders: Record<string, string>;
let adminHeaders: Record<string, string>;
let otherAuditorHeaders: Record<string, string>;

const HEADER =
  '日時（JST）,番号,操作者,操作者のメールアドレス,操作者のID,IPアドレス,ユーザーエージェント,リクエストID,操作の種類,操作,対象の種類,対象のID,対象,詳細,詳細（JSON）';

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
  const company = await makeCompany(deps, { name: '株式会社書き出し' });
  const admin = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
  auditor = await makeUser(deps, company.id, { roles: ['CompanyAuditor'], name: '監査 役' });
  actor = await makeUser(deps, company.id, { name: '操作 する人', email: 'actor@example.com' });
  auditorHeaders = (await signIn(deps, auditor)).headers;
  adminHeaders = (await signIn(deps, admin)).headers;
  const other = await makeCompany(deps);
  const otherAuditor = await makeUser(deps, other.id, { roles: ['CompanyAuditor'] });
  otherAuditorHeaders = (await signIn(deps, otherAuditor)).headers;
  // Two events of one member, with the cells a spreadsheet must not run or split.
  const base = {
    companyId: company.id,
    actor: { id: actor.id, name: actor.name, email: actor.email },
    origin: { ip: '192.0.2.1', userAgent: 'UA/1', requestId: 'req-1' },
  };
  await recordAuditEvent(deps.database.db, {
    ...base,
    action: 'memberGroup.created',
    target: { type: 'memberGroup', id: 'g-1', name: '=HYPERLINK("x")' },
    occurredAt: new Date('2026-11-01T00:00:00Z'),
  });
  await recordAuditEvent(deps.database.db, {
    ...base,
    action: 'memberGroup.updated',
    target: { type: 'memberGroup', id: 'g-1', name: '経理\r\n部' },
    details: { name: { before: '経理\n部', after: '経理部' } },
    occurredAt: new Date('2026-11-02T15:30:05Z'),
  });
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const get = (url: string, headers = auditorHeaders) => app.inject({ method: 'GET', url, headers });

async function exportAndDownload(payload: Record<string, unknown>) {
  const res = await app.inject({
    method: 'POST',
    url: '/audit_events/exports',
    headers: auditorHeaders,
    payload,
  });
  expect(res.statusCode, res.body).toBe(202);
  const { id } = res.json<{ manipulation: TBulkManipulation }>().manipulation;
  const deadline = Date.now() + 60_000;
  let status = (await get(`/audit_events/exports/${id}`)).json<{ status: number }>();
  while (status.status !== 6 && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
    status = (await get(`/audit_events/exports/${id}`)).json();
  }
  expect(status).toEqual({ id, status: 6, processedRows: 2, totalRows: 2 });
  const file = await get(`/audit_events/exports/${id}/csv`);
  expect(file.statusCode).toBe(200);
  return { id, file };
}

describe('audit log export: the filtered events as a CSV, made by a job, each step recorded', () => {
  it('UTF-8 with BOM: newest first, JST times, formula-safe, CR/LF kept inside a quoted cell', async () => {
    const { id, file } = await exportAndDownload({
      filters: { actorId: actor.id },
      encoding: 'utf8bom',
    });
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toContain('audit_log_');
    expect([...file.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const who = `操作 する人,actor@example.com,${actor.id},192.0.2.1,UA/1,req-1`;
    const [row] = await deps.database.db
      .select({ hash: auditEvents.hash, occurredAt: auditEvents.occurredAt })
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, actor.companyId), eq(auditEvents.seq, 3)));
    const head = row!;
    const anchor = `${actor.companyId}:3:${head.hash}`;
    expect(file.rawPayload.subarray(3).toString('utf8')).toBe(
      [
        HEADER,
        `2026/11/03 00:30:05,2,${who},メンバーグループ,グループの変更,メンバーグループ,g-1,"経理\r\n部",` +
          // 詳細 in the viewer's words; 詳細（JSON） as recorded (jsonb keeps keys shorter-first).
          `"名前: 経理\n部 → 経理部","{""name"":{""after"":""経理部"",""before"":""経理\\n部""}}"`,
        `2026/11/01 09:00:00,1,${who},メンバーグループ,グループの作成,メンバーグループ,g-1,` +
          `"'=HYPERLINK(""x"")",,`,
        // The anchor: the company's head as the file was written (the request's own event, 3), whatever the
        // filter; it verifies the chain.
        `${jstDateTime(head.occurredAt)},3,,,,,,,,チェーンの先頭（検証用アンカー）,,,,,${anchor}`,
        '',
      ].join('\r\n'),
    );
    expect(findAnchors(anchor)).toEqual([{ companyId: actor.companyId, seq: 3, hash: head.hash }]);
    const kept = findAnchors(file.rawPayload.toString('latin1')).at(-1)!;
    expect(await verifyChain(deps.database.db, kept.companyId, kept)).toEqual({
      ok: true,
      events: 4,
    });

    const { events } = (
      await get('/audit_events?category=auditLog')
    ).json<TFindAuditEventsResponse>();
    expect(
      events.map((e) => [e.action, e.actor.id, e.target.type, e.target.name, e.details]),
    ).toEqual([
      [
        'auditLog.exportDownloaded',
        auditor.id,
        'company',
        '株式会社書き出し',
        { exportId: id, events: 2 },
      ],
      [
        'auditLog.exported',
        auditor.id,
        'company',
        '株式会社書き出し',
        { exportId: id, encoding: 'utf8bom', filters: { actorId: actor.id } },
      ],
    ]);
  });

  it('Shift_JIS (CP932) when asked, the default', async () => {
    const { file } = await exportAndDownload({ filters: { actorEmail: 'ACTOR@example.com' } });
    expect(file.headers['content-type']).toBe('text/csv; charset=Shift_JIS');
    const text = iconv.decode(file.rawPayload, 'cp932');
    expect(text.split('\r\n')[0]).toBe(HEADER);
    expect(text).toContain('グループの変更');
    // 詳細 reads as the viewer does, one item per line; the JSON is in its own column only.
    const rows: string[][] = parse(text, { relax_column_count: true });
    const col = rows[0]!.indexOf('詳細');
    const details = rows.slice(1, -1).map((r) => r[col]!);
    expect(details).toEqual(['名前: 経理\n部 → 経理部', '']);
    expect(details.join('')).not.toMatch(/[{}"]/);
    expect(text.split('\r\n').at(-2)).toMatch(
      new RegExp(`,チェーンの先頭（検証用アンカー）,,,,,${actor.companyId}:\\d+:[0-9a-f]{64}$`),
    );
  });

  it('bad conditions answer 400 in words; nothing is queued or recorded', async () => {
    const before = (await get('/audit_events')).json<TFindAuditEventsResponse>().events[0];
    const res = await app.inject({
      method: 'POST',
      url: '/audit_events/exports',
      headers: auditorHeaders,
      payload: { filters: { from: '2026-13-01' }, encoding: 'latin1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('文字コードは sjis または utf8bom を指定してください。');
    expect(res.body).toContain('期間（開始）の日付が正しくありません。');
    expect((await get('/audit_events')).json<TFindAuditEventsResponse>().events[0]).toEqual(before);
  });

  it('a company admin without 監査ログ閲覧権限 gets 403; another company answers 404', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/audit_events/exports',
      headers: adminHeaders,
      payload: {},
    });
    expect(res.statusCode).toBe(403);
    expect(res.json<{ error: { message: string } }>().error.message).toBe(
      '監査ログを閲覧する権限がありません。監査ログは監査ログ閲覧権限を持つメンバー（現在1名）だけが閲覧できます。この権限は組織管理者も自分自身には付けられないため、別の組織管理者に付けてもらってください。',
    );
    const { id } = (
      await app.inject({
        method: 'POST',
        url: '/audit_events/exports',
        headers: auditorHeaders,
        payload: {},
      })
    ).json<{ manipulation: TBulkManipulation }>().manipulation;
    expectError(await get(`/audit_events/exports/${id}`, otherAuditorHeaders), 'not_found');
    expectError(await get(`/audit_events/exports/${id}/csv`, otherAuditorHeaders), 'not_found');
  });

  it('the viewer’s チェーンの先頭 is the company’s newest event, as the anchor verify takes', async () => {
    const res = await get('/audit_events/head');
    expect(res.statusCode, res.body).toBe(200);
    const { head } = res.json<{ head: TAuditChainHead }>();
    const [newest] = (await get('/audit_events')).json<TFindAuditEventsResponse>().events;
    expect(head.seq).toBe(newest!.seq);
    expect(head.occurredAt).toBe(newest!.occurredAt);
    expect(head.anchor).toBe(`${actor.companyId}:${head.seq}:${head.hash}`);
    const anchor = parseAnchor(head.anchor)!;
    expect(await verifyChain(deps.database.db, anchor.companyId, anchor)).toMatchObject({
      ok: true,
    });
    expect((await get('/audit_events/head', adminHeaders)).statusCode).toBe(403);
    // Another company's auditor reads their own company's head: none yet.
    expect((await get('/audit_events/head', otherAuditorHeaders)).json()).toEqual({ head: null });
  });

  it('the anchor names the chain the rows come from, even when events are recorded meanwhile', async () => {
    const company = await makeCompany(deps);
    const base = { companyId: company.id, actor: null, action: 'auditLog.pruned' } as const;
    await recordAuditEvent(deps.database.db, base);
    await recordAuditEvent(deps.database.db, base);
    const writer = createCsvWriter('utf8bom');
    const chunks: Buffer[] = [];
    writer.output.on('data', (c: Buffer) => chunks.push(c));
    // The company keeps working while the file is written: an event lands after the first page.
    const written = await writeAuditCsv(deps.database.db, { companyId: company.id }, writer, () =>
      recordAuditEvent(deps.database.db, base),
    );
    const lines = Buffer.concat(chunks).toString('utf8').split('\r\n');
    expect(written).toBe(2);
    expect(lines.slice(1, 3).map((l) => l.split(',')[1])).toEqual(['2', '1']);
    const [anchor] = findAnchors(lines.at(-2)!);
    expect(anchor).toMatchObject({ companyId: company.id, seq: 2 });
    expect(await verifyChain(deps.database.db, company.id, anchor)).toEqual({
      ok: true,
      events: 3,
    });
  });
});
