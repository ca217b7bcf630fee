/**
 * 利用停止 of a listed set (issue 32: from 「90日以上ログインしていない」 the admin stops that set): the edit
 * template asked for as a deactivation file writes 利用停止 for the members a file may stop, and 一括編集 starts
 * from it without a download — checked, shown, executed and audited like any edit upload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { BulkKind, BulkStatus, type TBulkManipulation } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { auditEvents, users } from '../../db/schema.ts';
import { execute, settle, type Headers } from '../../../test/support/member-bulk.world.ts';

let deps: TestDeps;
let app: ApiApp;

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const DAY = 24 * 60 * 60 * 1000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);

/** A company whose members signed in long ago, lately, never, or are already stopped. */
async function world() {
  const companyId = (await makeCompany(deps)).id;
  const admin = await makeUser(deps, companyId, { roles: ['CompanyAdmin'], passwordHash: 'x' });
  const old = { createdAt: daysAgo(400), passwordHash: 'x' };
  const m = {
    longAgo: await makeUser(deps, companyId, { ...old, lastSignInAt: daysAgo(200) }),
    lately: await makeUser(deps, companyId, { ...old, lastSignInAt: daysAgo(10) }),
    invited: await makeUser(deps, companyId, { createdAt: daysAgo(200), status: 0 }),
    stopped: await makeUser(deps, companyId, { ...old, status: 3, lastSignInAt: daysAgo(300) }),
    resetting: await makeUser(deps, companyId, { ...old, status: 2, lastSignInAt: daysAgo(150) }),
    otherAdmin: await makeUser(deps, companyId, {
      ...old,
      roles: ['CompanyAdmin'],
      lastSignInAt: daysAgo(120),
    }),
  };
  const headers: Headers = (await signIn(deps, admin)).headers;
  return { companyId, admin, m, headers };
}

async function deactivationFile(headers: Headers, payload: Record<string, unknown>) {
  const res = await app.inject({
    method: 'POST',
    url: '/members/bulk_edit/csv_template',
    headers,
    payload,
  });
  expect(res.statusCode, res.body).toBe(202);
  const { id } = res.json<{ manipulation: TBulkManipulation }>().manipulation;
  return settle(app, headers, id, `/members/bulk_edit/csv_template/${id}`);
}

const startEdit = (headers: Headers, id: string) =>
  app.inject({ method: 'POST', url: `/members/bulk_edit/csv_template/${id}/edit`, headers });

const statusOf = async (id: string) =>
  (await deps.database.db.select().from(users).where(eq(users.id, id)))[0]!.status;

describe('利用停止 of the 90日以上ログインしていない set', () => {
  it('writes 利用停止 for the members a file may stop, and the run it starts stops exactly them', async () => {
    const { companyId, m, headers } = await world();
    const file = await deactivationFile(headers, {
      filters: { signIn: 'inactive90' },
      encoding: 'utf8bom',
      deactivate: true,
    });
    expect(file.status).toBe(BulkStatus.Succeeded);
    // In the set: longAgo, invited (never, invited long ago), stopped, resetting, otherAdmin — not lately.
    expect(file.counts).toEqual({ exported: 5, toDeactivate: 3 });

    const csv = await app.inject({
      method: 'GET',
      url: `/members/bulk_edit/csv_template/${file.id}/csv`,
      headers,
    });
    const lines = csv.rawPayload.subarray(3).toString('utf8').trimEnd().split('\r\n');
    const header = lines[0]!.split(',');
    const useState = header.indexOf('利用状態');
    const stateOf = (id: string) => lines.find((l) => l.startsWith(id))?.split(',')[useState];
    expect(stateOf(m.longAgo.id)).toBe('利用停止');
    expect(stateOf(m.resetting.id)).toBe('利用停止');
    expect(stateOf(m.otherAdmin.id)).toBe('利用停止');
    expect(stateOf(m.invited.id)).toBe('招待中');
    expect(stateOf(m.stopped.id)).toBe('利用停止');
    expect(stateOf(m.lately.id)).toBeUndefined();

    const started = await startEdit(headers, file.id);
    expect(started.statusCode, started.body).toBe(201);
    const run = started.json<{ manipulation: TBulkManipulation }>().manipulation;
    expect(run.kind).toBe(BulkKind.Edit);
    const checked = await settle(app, headers, run.id);
    expect(checked.status).toBe(BulkStatus.Ready);
    expect(checked.counts.update).toBe(3);

    expect((await execute(app, headers, run.id)).statusCode).toBe(200);
    expect((await settle(app, headers, run.id)).status).toBe(BulkStatus.Succeeded);
    expect(await statusOf(m.longAgo.id)).toBe(3);
    expect(await statusOf(m.resetting.id)).toBe(3);
    expect(await statusOf(m.otherAdmin.id)).toBe(3);
    expect(await statusOf(m.lately.id)).toBe(1);
    expect(await statusOf(m.invited.id)).toBe(0);

    // The run says where its file came from: traceable to the file the admin asked for.
    const [uploaded] = await deps.database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.companyId, companyId),
          eq(auditEvents.action, 'bulk.uploaded'),
          eq(auditEvents.targetId, run.id),
        ),
      );
    expect(uploaded?.details).toMatchObject({ generatedFrom: file.id });
  });

  it('leaves a member the IdP provisions as he is: the IdP owns his 利用状態', async () => {
    const { m, headers } = await world();
    await deps.database.db.update(users).set({ source: 'scim' }).where(eq(users.id, m.longAgo.id));
    const file = await deactivationFile(headers, {
      filters: { signIn: 'inactive90' },
      encoding: 'utf8bom',
      deactivate: true,
    });
    expect(file.counts).toEqual({ exported: 5, toDeactivate: 2 });
    const started = await startEdit(headers, file.id);
    expect(started.statusCode, started.body).toBe(201);
    const run = started.json<{ manipulation: TBulkManipulation }>().manipulation;
    const checked = await settle(app, headers, run.id);
    expect(checked.status).toBe(BulkStatus.Ready);
    expect(checked.counts.update).toBe(2);
  });

  it('never writes the requester as 利用停止, even in his own set', async () => {
    const { admin, headers } = await world();
    const file = await deactivationFile(headers, {
      filters: { keyword: admin.email },
      encoding: 'utf8bom',
      deactivate: true,
    });
    expect(file.counts).toEqual({ exported: 1, toDeactivate: 0 });
  });

  it('refuses 利用停止 on the export, another company and a file of another kind', async () => {
    const { headers } = await world();
    const exportRes = await app.inject({
      method: 'POST',
      url: '/members/export/csv',
      headers,
      payload: { filters: {}, encoding: 'utf8bom', deactivate: true },
    });
    expect(exportRes.statusCode).toBe(400);
    expect(exportRes.body).toContain('指定できない項目が含まれています: deactivate');

    const file = await deactivationFile(headers, {
      filters: {},
      encoding: 'sjis',
      deactivate: true,
    });
    const other = await world();
    expect((await startEdit(other.headers, file.id)).statusCode).toBe(404);

    const exported = await app.inject({
      method: 'POST',
      url: '/members/export/csv',
      headers,
      payload: { filters: {}, encoding: 'sjis' },
    });
    const exportId = exported.json<{ manipulation: TBulkManipulation }>().manipulation.id;
    await settle(app, headers, exportId, `/members/export/${exportId}`);
    expect((await startEdit(headers, exportId)).statusCode).toBe(404);
  });
});
