/**
 * Offboarding by delete CSV: 移管先メールアドレス names who takes over each deleted member's cabinets and
 * documents. The check says per row what moves where and refuses a successor who cannot take over; the run
 * moves everything with the deletion, and re-checks the successor under locks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeDocument, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { cabinetAdmins, cabinets, documents, users } from '../../db/schema.ts';
import {
  execute,
  rowsOf,
  settle,
  uploadAndCheck,
  utf8,
  type Headers,
} from '../../../test/support/member-bulk.world.ts';

let deps: TestDeps;
let app: ApiApp;
let headers: Headers;
let companyId: string;
let otherCompanyId: string;

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
  companyId = (await makeCompany(deps)).id;
  otherCompanyId = (await makeCompany(deps, { name: '他社' })).id;
  const admin = await makeUser(deps, companyId, { roles: ['CompanyAdmin'] });
  ({ headers } = await signIn(deps, admin));
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const db = () => deps.database.db;
let n = 0;
/** A member administering one cabinet and the sender of one document. */
async function holder() {
  n += 1;
  const member = await makeUser(deps, companyId, { name: `退職 ${n}` });
  const [cabinet] = await db()
    .insert(cabinets)
    .values({ companyId, name: `キャビネット${n}` })
    .returning();
  await db().insert(cabinetAdmins).values({ cabinetId: cabinet!.id, userId: member.id });
  const doc = await makeDocument(deps, companyId, { senderId: member.id });
  return { member, cabinet: cabinet!, doc };
}
const adminsOf = async (cabinetId: string) =>
  (
    await db()
      .select({ userId: cabinetAdmins.userId })
      .from(cabinetAdmins)
      .where(eq(cabinetAdmins.cabinetId, cabinetId))
  ).map((r) => r.userId);
const senderOf = async (id: string) =>
  (await db().select({ s: documents.senderId }).from(documents).where(eq(documents.id, id)))[0]!.s;
const exists = async (id: string) =>
  (await db().select({ id: users.id }).from(users).where(eq(users.id, id))).length === 1;

const HEADER = ['メールアドレス', '移管先メールアドレス'];
const COLUMN = '移管先メールアドレス';

describe('bulk delete with 移管先メールアドレス', () => {
  it('the check refuses each successor that cannot take over, saying why on its row and column', async () => {
    const [a, b, c, d, e] = [
      await holder(),
      await holder(),
      await holder(),
      await holder(),
      await holder(),
    ];
    const stranger = await makeUser(deps, otherCompanyId);
    const stopped = await makeUser(deps, companyId, { status: 3 });
    const leaving = await makeUser(deps, companyId);
    const m = await uploadAndCheck(
      app,
      headers,
      'bulk_delete',
      utf8([
        HEADER,
        [a.member.email, ''],
        [b.member.email, 'nobody@example.test'],
        [c.member.email, stranger.email],
        [d.member.email, stopped.email],
        [e.member.email, leaving.email],
        [leaving.email, ''],
        [a.member.email.replace('@', '2@'), 'not an address'],
      ]),
    );
    const notFound = '移管先のメンバーが見つかりません。同じ会社のメンバーを指定してください。';
    const { rows } = await rowsOf(app, headers, m.id);
    expect(rows.map((r) => [r.rowNumber, r.action, r.errors])).toEqual([
      [
        2,
        'error',
        [
          {
            column: COLUMN,
            message:
              'このメンバーはキャビネット1件の管理者、書類1件の送信者です。移管先を指定してください。',
          },
        ],
      ],
      [3, 'error', [{ column: COLUMN, message: notFound }]],
      [4, 'error', [{ column: COLUMN, message: notFound }]],
      [5, 'error', [{ column: COLUMN, message: '利用停止中のメンバーは移管先にできません。' }]],
      [6, 'error', [{ column: COLUMN, message: '移管先のメンバーは7行目で削除されます。' }]],
      [7, 'delete', []],
      [8, 'error', [{ column: COLUMN, message: 'メールアドレスの形式が正しくありません。' }]],
    ]);
    expect(await exists(a.member.id)).toBe(true);
  });

  it('the check shows what moves where; the run moves it with the deletion', async () => {
    const h = await holder();
    const successor = await makeUser(deps, companyId, { name: '後任 花子' });
    const idle = await makeUser(deps, companyId);
    const m = await uploadAndCheck(
      app,
      headers,
      'bulk_delete',
      utf8([HEADER, [h.member.email, successor.email.toUpperCase()], [idle.email, '']]),
    );
    expect(m.counts).toEqual({ delete: 2 });
    const { rows } = await rowsOf(app, headers, m.id);
    expect(rows.map((r) => (r.before as { transfer?: unknown }).transfer)).toEqual([
      {
        to: { id: successor.id, email: successor.email, name: '後任 花子' },
        cabinets: 1,
        documents: 1,
      },
      { to: null, cabinets: 0, documents: 0 },
    ]);
    await execute(app, headers, m.id);
    expect((await settle(app, headers, m.id)).status).toBe(6);
    expect([await exists(h.member.id), await exists(idle.id)]).toEqual([false, false]);
    expect(await adminsOf(h.cabinet.id)).toEqual([successor.id]);
    expect(await senderOf(h.doc.id)).toBe(successor.id);
  });

  it('a successor deactivated after the check fails the row; nothing moves, the member stays', async () => {
    const h = await holder();
    const successor = await makeUser(deps, companyId);
    const m = await uploadAndCheck(
      app,
      headers,
      'bulk_delete',
      utf8([HEADER, [h.member.email, successor.email]]),
    );
    expect(m.counts).toEqual({ delete: 1 });
    await db().update(users).set({ status: 3 }).where(eq(users.id, successor.id));
    await execute(app, headers, m.id);
    expect((await settle(app, headers, m.id)).status).toBe(7);
    const failed = await rowsOf(app, headers, m.id, '&outcome=failed');
    expect(failed.rows.map((r) => [r.rowNumber, r.outcomeMessage])).toEqual([
      [
        2,
        '移管先のメンバーがチェックの後に削除または利用停止されたため、削除しませんでした。移管先を見直してもう一度アップロードしてください。',
      ],
    ]);
    expect(await exists(h.member.id)).toBe(true);
    expect(await adminsOf(h.cabinet.id)).toEqual([h.member.id]);
    expect(await senderOf(h.doc.id)).toBe(h.member.id);
  });

  it('a member who came to hold a cabinet after the check, without a successor, is not deleted', async () => {
    const member = await makeUser(deps, companyId);
    const m = await uploadAndCheck(app, headers, 'bulk_delete', utf8([HEADER, [member.email, '']]));
    expect(m.counts).toEqual({ delete: 1 });
    const [cabinet] = await db()
      .insert(cabinets)
      .values({ companyId, name: '後から任された' })
      .returning();
    await db().insert(cabinetAdmins).values({ cabinetId: cabinet!.id, userId: member.id });
    await execute(app, headers, m.id);
    expect((await settle(app, headers, m.id)).status).toBe(7);
    const failed = await rowsOf(app, headers, m.id, '&outcome=failed');
    expect(failed.rows.map((r) => r.outcomeMessage)).toEqual([
      'チェックの後にこのメンバーがキャビネットの管理者または書類の送信者になったため、削除しませんでした。移管先を指定してもう一度アップロードしてください。',
    ]);
    expect(await adminsOf(cabinet!.id)).toEqual([member.id]);
  });
});
