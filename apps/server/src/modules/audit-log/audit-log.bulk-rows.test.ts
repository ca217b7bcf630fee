/**
 * Every person and document traceable through bulk runs (issue 33): a member added, edited or deleted by a
 * CSV run and a document whose 書類情報 an attribute run changed are found by the auditor's search (name,
 * address, title, 管理番号) and in their own history, with before → after, the run and its row; the chain
 * verifies with the per-row events in it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { parse } from 'csv-parse/sync';
import type { TAuditEvent, TBulkManipulation, TFindAuditEventsResponse } from '@cloudsign/contract';
import { auditDetailsText } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeDocument, makeUser, signIn } from '../../../test/support/fixtures.ts';
import {
  ADD_HEADER,
  execute,
  multipart,
  settle,
  uploadAndCheck,
  utf8,
  type Headers,
} from '../../../test/support/member-bulk.world.ts';
import { documents, users } from '../../db/schema.ts';
import { versionCell } from '../../bulk/version-cell.ts';
import { verifyChain } from './audit-verify.ts';
import { sqlRows, withoutChainTriggers } from '../../../test/support/audit-chain.ts';

let deps: TestDeps;
let app: ApiApp;
let companyId: string;
let admin: { id: string; name: string; email: string; companyId: string };
let headers: Headers;
let auditor: Headers;
/** Unique per run of the file (the names are searched by substring). */
const tag = crypto.randomUUID().slice(0, 8);

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
  companyId = (await makeCompany(deps)).id;
  admin = await makeUser(deps, companyId, { name: '管理 花子', roles: ['CompanyAdmin'] });
  headers = (await signIn(deps, admin)).headers;
  const reader = await makeUser(deps, companyId, { roles: ['CompanyAuditor'] });
  auditor = (await signIn(deps, reader)).headers;
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

async function search(query: Record<string, string>): Promise<TAuditEvent[]> {
  const res = await app.inject({
    method: 'GET',
    url: `/audit_events?${new URLSearchParams(query).toString()}`,
    headers: auditor,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TFindAuditEventsResponse>().events;
}

const shape = (e: TAuditEvent) => [e.action, e.actor?.id ?? null, e.details];

async function run(path: 'bulk_add' | 'bulk_edit' | 'bulk_delete', rows: string[][]) {
  const m = await uploadAndCheck(app, headers, path, utf8(rows));
  expect(m.status, JSON.stringify(m)).toBe(4);
  expect((await execute(app, headers, m.id)).statusCode).toBe(200);
  const done = await settle(app, headers, m.id);
  expect(done).toMatchObject({ status: 6 });
  return done;
}

describe('a member changed by CSV runs is found by name and address, with before → after', () => {
  const email = `takahashi-${tag}@example.com`;
  const other = `tanaka-${tag}@example.com`;
  let add: TBulkManipulation;
  let edit: TBulkManipulation;
  let del: TBulkManipulation;
  let id: string;
  let otherId: string;

  it('add, edit and delete by CSV each leave one event per member, in the run', async () => {
    add = await run('bulk_add', [
      ADD_HEADER,
      [email, `高橋 誠${tag}`, '法務部', '', '', '', '', '', ''],
      [other, `田中 一郎${tag}`, '', '', '', '', '', '', ''],
    ]);
    const byEmail = async (e: string) =>
      (await deps.database.db.select().from(users).where(eq(users.email, e)))[0]!;
    id = (await byEmail(email)).id;
    otherId = (await byEmail(other)).id;
    edit = await run('bulk_edit', [
      ['メンバーID', '氏名', '所属', '更新日時'],
      [id, `高橋 まこと${tag}`, '経理部', ''],
    ]);
    del = await run('bulk_delete', [['メールアドレス'], [other]]);
  });

  it("finds the CSV-added member by her name and by her address, in the auditor's search", async () => {
    const byName = await search({ keyword: `高橋 誠${tag}` });
    expect(byName.map(shape)).toEqual([
      [
        'member.created',
        admin.id,
        {
          name: { before: '', after: `高橋 誠${tag}` },
          email: { before: '', after: email },
          organization: { before: '', after: '法務部' },
          bulk: { run: add.id, rowNumber: 2 },
        },
      ],
    ]);
    expect(byName[0]!.target).toMatchObject({ type: 'member', id });
    expect(auditDetailsText(byName[0]!.details)).toContain(
      `方法: 一括（処理ID: ${add.id}、2行目）`,
    );
    const byAddress = await search({ keyword: email });
    expect(byAddress.map((e) => e.action)).toEqual(['member.updated', 'member.created']);
    expect((await search({ keyword: other })).map((e) => e.action)).toEqual([
      'member.deleted',
      'member.created',
    ]);
  });

  it("her own history (the drawer's link) has the edit before → after and the add", async () => {
    const history = await search({ targetType: 'member', targetId: id });
    expect(history.map(shape)).toEqual([
      [
        'member.updated',
        admin.id,
        {
          name: { before: `高橋 誠${tag}`, after: `高橋 まこと${tag}` },
          organization: { before: '法務部', after: '経理部' },
          bulk: { run: edit.id, rowNumber: 2 },
        },
      ],
      [
        'member.created',
        admin.id,
        expect.objectContaining({ bulk: { run: add.id, rowNumber: 2 } }),
      ],
    ]);
    expect(history[0]!.target?.name).toBe(`高橋 まこと${tag} <${email}>`);
    const gone = await search({ targetType: 'member', targetId: otherId });
    expect(gone.map(shape)[0]).toEqual([
      'member.deleted',
      admin.id,
      { roles: [], bulk: { run: del.id, rowNumber: 2 } },
    ]);
  });
});

describe('a document changed by the attribute CSV is found by title and 管理番号', () => {
  let docId: string;
  let runId: string;

  it('an attribute run leaves one event per changed document, before → after', async () => {
    const doc = await makeDocument(deps, companyId, {
      title: `業務委託契約書${tag}`,
      counterparty: '株式会社アルファ',
      senderId: admin.id,
    });
    docId = doc.id;
    const [cur] = await deps.database.db.select().from(documents).where(eq(documents.id, doc.id));
    const mp = multipart(
      utf8([
        ['書類ID', '更新日時', '契約相手の名称', '管理番号'],
        [doc.id, versionCell(cur!.updatedAt), '株式会社ベータ', `K-${tag}`],
      ]),
      'attributes.csv',
    );
    const up = await app.inject({
      method: 'POST',
      url: '/documents/attributes/bulk_edit',
      headers: { ...headers, ...mp.headers },
      payload: mp.payload,
    });
    expect(up.statusCode, up.body).toBe(201);
    runId = up.json<{ manipulation: TBulkManipulation }>().manipulation.id;
    const url = `/documents/attributes/bulk_manipulations/${runId}`;
    expect((await settle(app, headers, runId, url)).status).toBe(4);
    const ex = await app.inject({
      method: 'PUT',
      url,
      headers,
      payload: { action: 'execute' },
    });
    expect(ex.statusCode, ex.body).toBe(200);
    expect((await settle(app, headers, runId, url)).status).toBe(6);
  });

  it('the viewer finds it by title and by 管理番号; its own history has before → after', async () => {
    const expected = [
      'document.attributesChanged',
      admin.id,
      {
        counterparty: { before: '株式会社アルファ', after: '株式会社ベータ' },
        localId: { before: null, after: `K-${tag}` },
        bulk: { run: runId, rowNumber: 2 },
      },
    ];
    expect((await search({ keyword: `業務委託契約書${tag}` })).map(shape)).toEqual([expected]);
    expect((await search({ keyword: `K-${tag}` })).map(shape)).toEqual([expected]);
    expect((await search({ targetType: 'document', targetId: docId })).map(shape)).toEqual([
      expected,
    ]);
  });

  it('訂正削除履歴: one line per changed item, by hand and by CSV, in CP932 and UTF-8 with BOM', async () => {
    const single = await app.inject({
      method: 'PUT',
      url: `/documents/${docId}/attribute`,
      headers: { ...headers, 'if-match': '*' },
      payload: { amount: 1200 },
    });
    expect(single.statusCode, single.body).toBe(200);
    const other = await makeCompany(deps);
    await makeDocument(deps, other.id, { title: `他社の書類${tag}` });
    const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
    const bad = await app.inject({
      method: 'POST',
      url: '/audit_events/correction_history',
      headers: auditor,
      payload: { from: today, to: '2000-01-01' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('期間の開始は終了より前の日付にしてください。');
    const refused = await app.inject({
      method: 'POST',
      url: '/audit_events/correction_history',
      headers,
      payload: { from: today, to: today },
    });
    expect(refused.statusCode).toBe(403);
    for (const encoding of ['sjis', 'utf8bom'] as const) {
      const res = await app.inject({
        method: 'POST',
        url: '/audit_events/correction_history',
        headers: auditor,
        payload: { from: today, to: today, encoding },
      });
      expect(res.statusCode, res.body).toBe(202);
      const { id } = res.json<{ manipulation: TBulkManipulation }>().manipulation;
      for (let i = 0; ; i += 1) {
        const st = await app.inject({
          method: 'GET',
          url: `/audit_events/exports/${id}`,
          headers: auditor,
        });
        const { status } = st.json<{ status: number }>();
        if (![1, 2, 5].includes(status)) {
          expect(status).toBe(6);
          break;
        }
        if (i > 600) throw new Error('correction history did not finish');
        await new Promise((r) => setTimeout(r, 100));
      }
      const file = await app.inject({
        method: 'GET',
        url: `/audit_events/exports/${id}/csv`,
        headers: auditor,
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-disposition']).toContain('correction_history');
      const bytes = file.rawPayload;
      const text =
        encoding === 'sjis'
          ? iconv.decode(bytes, 'cp932')
          : (expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf])),
            bytes.subarray(3).toString('utf8'));
      expect(text).not.toContain('{');
      expect(text).not.toContain('他社の書類');
      const rows: string[][] = parse(text, {});
      expect(rows[0]).toEqual([
        '書類ID',
        '管理番号',
        'タイトル',
        '項目',
        '変更前',
        '変更後',
        '日時（JST）',
        '変更した人',
        '方法',
      ]);
      const mine = rows
        .filter((r) => r[0] === docId)
        .map((r) => [r[1], r[2], r[3], r[4], r[5], r[7], r[8]]);
      const who = `${admin.name} <${admin.email}>`;
      const doc = [`K-${tag}`, `業務委託契約書${tag}`];
      expect(mine).toEqual([
        [
          ...doc,
          '契約相手の名称',
          '株式会社アルファ',
          '株式会社ベータ',
          who,
          `一括（処理ID: ${runId}）`,
        ],
        [...doc, '管理番号', '（未入力）', `K-${tag}`, who, `一括（処理ID: ${runId}）`],
        [...doc, '取引金額', '（未入力）', '1,200', who, '画面'],
      ]);
    }
  });

  it('the chain verifies with every per-row record in it', async () => {
    expect(await verifyChain(deps.database.db, companyId)).toMatchObject({ ok: true });
  });

  it('an edited, removed or added per-row record is found by verify, at its batch', async () => {
    type Rec = { event_seq: string; position: number };
    const [rec] = await sqlRows<Rec>(
      deps,
      `select event_seq, position from audit_row_records
       where company_id = '${companyId}' and target_id = '${docId}'`,
    );
    const seq = Number(rec!.event_seq);
    const broken = {
      ok: false,
      seq,
      reason: 'rows',
      message: `${seq}番目の記録: この記録がまとめた一括処理の行の記録が、記録時から変わっています（行の削除・変更・追加）`,
    };
    const where = `company_id = '${companyId}' and event_seq = ${seq} and position = ${rec!.position}`;
    const kept = `kept_row_${tag}`;
    const copy = `create table ${kept} as select * from audit_row_records where ${where}`;
    await withoutChainTriggers(deps, copy);
    try {
      await withoutChainTriggers(
        deps,
        `update audit_row_records set details = jsonb_set(details, '{counterparty,after}', '"株式会社ガンマ"') where ${where}`,
      );
      expect(await verifyChain(deps.database.db, companyId)).toEqual(broken);
      await withoutChainTriggers(deps, `delete from audit_row_records where ${where}`);
      expect(await verifyChain(deps.database.db, companyId)).toEqual(broken);
      await withoutChainTriggers(deps, `insert into audit_row_records select * from ${kept}`);
      expect(await verifyChain(deps.database.db, companyId)).toMatchObject({ ok: true });
      await withoutChainTriggers(
        deps,
        `insert into audit_row_records select company_id, event_seq, position + 1,
           occurred_at, actor_id, action, category, target_type, target_id, target_name, name_key,
           ident_key, details from ${kept}`,
      );
      expect(await verifyChain(deps.database.db, companyId)).toEqual(broken);
    } finally {
      await withoutChainTriggers(
        deps,
        `delete from audit_row_records where event_seq = ${seq} and position = ${rec!.position + 1}`,
        `drop table ${kept}`,
      );
    }
    expect(await verifyChain(deps.database.db, companyId)).toMatchObject({ ok: true });
    // Without the owner's way round the triggers, a row record cannot be changed or removed at all.
    for (const statement of [
      `update audit_row_records set target_name = '改ざん' where ${where}`,
      `delete from audit_row_records where ${where}`,
      'truncate audit_row_records',
    ]) {
      const refused = await sqlRows(deps, statement).then(
        () => 'accepted',
        (err: { cause?: { message?: string } }) => err.cause?.message,
      );
      expect(refused, statement).toBe('監査ログは追記のみです（変更・削除はできません）。');
    }
  });
});
