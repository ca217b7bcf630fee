/**
 * The work of the scale-out script, each piece in its own company and started over HTTP through one of the two
 * APIs: a member bulk execution (upload through api 1, checked by a worker, executed through api 2), a member
 * export (api 1) and a classification backfill (api 2). Described as the crash script's `Prepared`, so its
 * exactly-once checks apply.
 */
import { BulkStatus } from '@cloudsign/contract';
import type { AppDeps } from '../../src/deps.ts';
import type { Prepared } from '../crash/crash-scenarios.ts';
import { makeCompany, makeUser, signIn } from '../support/fixtures.ts';

// Large enough that the work outlasts the start of the kill on a quiet machine too (at 4,000 / 10,000 / 40,000
// everything was done within 1.5 s when nothing else ran).
const SIZES = { executeRows: 12_000, exportMembers: 40_000, backfillDocuments: 200_000 };

const one = async <T>(deps: AppDeps, text: string, values: unknown[]) =>
  (await deps.database.raw.query<T>(text, values)).rows[0]!;

export async function call(url: string, init: RequestInit & { token: string }, expected: number) {
  const res = await fetch(url, {
    ...init,
    headers: {
      authorization: `Bearer ${init.token}`,
      ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
      // These checks are about caches, not versions: a save goes over whatever is stored.
      ...(init.method === 'PUT' ? { 'if-match': '*' } : {}),
    },
  });
  const body = await res.text();
  if (res.status !== expected)
    throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${body}`);
  return JSON.parse(body) as Record<string, Record<string, string>>;
}

export async function companyWithAdmin(deps: AppDeps, label: string) {
  const company = await makeCompany(deps, { name: `スケールアウト ${label}` });
  const admin = await makeUser(deps, company.id, {
    roles: ['CompanyAdmin'],
    email: `admin-${label}-${company.id}@example.test`,
  });
  const { jwt } = await signIn(deps, admin);
  return { company, admin, token: jwt };
}

async function bulkExecution(deps: AppDeps, api1: string, api2: string): Promise<Prepared> {
  const { company, token } = await companyWithAdmin(deps, 'execute');
  const lines = ['メールアドレス,氏名'];
  for (let i = 0; i < SIZES.executeRows; i++)
    lines.push(`crash-${company.id}-${i}@example.test,スケール ${i}`);
  const form = new FormData();
  form.append('filename', new Blob([`${lines.join('\r\n')}\r\n`], { type: 'text/csv' }), 'm.csv');
  const res = await fetch(`${api1}/members/bulk_add`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
  const { manipulation } = (await res.json()) as { manipulation: { id: string } };
  // The check runs on a worker; the execution may start once it is ready.
  for (let at = Date.now(); ;) {
    const m = await one<{ status: number }>(
      deps,
      'select status from bulk_manipulations where id = $1',
      [manipulation.id],
    );
    if (m.status === BulkStatus.Ready) break;
    if (m.status !== BulkStatus.Uploaded && m.status !== BulkStatus.Checking)
      throw new Error(`check ended in status ${m.status}`);
    if (Date.now() - at > 120_000) throw new Error('check not done within 120 s');
    await new Promise((r) => setTimeout(r, 200));
  }
  await call(
    `${api2}/members/bulk_manipulations/${manipulation.id}`,
    { method: 'PUT', token, body: JSON.stringify({ action: 'execute' }) },
    200,
  );
  return {
    kind: 'member-execute',
    arg: manipulation.id,
    companyId: company.id,
    size: SIZES.executeRows,
  };
}

async function memberExport(deps: AppDeps, api1: string): Promise<Prepared> {
  const { company, token } = await companyWithAdmin(deps, 'export');
  await deps.database.raw.query(
    `insert into users (company_id, email, name, status, search_text)
     select $1, $2 || i || '@example.test', 'メンバー ' || i, 1, 'member ' || i
       from generate_series(1, $3::int) i`,
    [company.id, `export-${company.id}-`, SIZES.exportMembers],
  );
  const body = await call(
    `${api1}/members/export/csv`,
    { method: 'POST', token, body: JSON.stringify({ filters: {}, encoding: 'utf8bom' }) },
    202,
  );
  return {
    kind: 'member-export',
    arg: body.manipulation!.id!,
    companyId: company.id,
    size: SIZES.exportMembers + 1,
  };
}

async function backfill(deps: AppDeps, api2: string): Promise<Prepared> {
  const { company, admin, token } = await companyWithAdmin(deps, 'backfill');
  const cabinet = await one<{ id: string }>(
    deps,
    `insert into cabinets (company_id, name) values ($1, 'スケールアウト') returning id`,
    [company.id],
  );
  await deps.database.raw.query(
    `insert into documents (company_id, status, title, sender_id, sender_name, sender_email, search_text)
     select $1, 2, '契約書 ' || i, $2, '管理者', $3, 'doc ' || i from generate_series(1, $4::int) i`,
    [company.id, admin.id, admin.email, SIZES.backfillDocuments],
  );
  const everyone = await one<{ id: string }>(
    deps,
    'select id from member_groups where company_id = $1 and type = 1',
    [company.id],
  );
  const body = await call(
    `${api2}/cabinets/${cabinet.id}/classification_rules`,
    {
      method: 'POST',
      token,
      body: JSON.stringify({ memberGroupIds: [everyone.id], backfill: true }),
    },
    200,
  );
  return {
    kind: 'backfill',
    arg: body.backfill!.id!,
    companyId: company.id,
    size: SIZES.backfillDocuments,
  };
}

export async function startWork(deps: AppDeps, api1: string, api2: string) {
  // The export and backfill go first: they run while the execution's check does.
  const exported = await memberExport(deps, api1);
  const backfilled = await backfill(deps, api2);
  return [exported, backfilled, await bulkExecution(deps, api1, api2)];
}

/** Waits up to `withinMs` for every piece to reach its end; answers what is still unfinished. */
export async function waitUntilDone(deps: AppDeps, work: Prepared[], withinMs: number) {
  const until = Date.now() + withinMs;
  for (;;) {
    const unfinished: string[] = [];
    for (const p of work) {
      const state =
        p.kind === 'backfill'
          ? (
              await one<{ s: string }>(
                deps,
                'select state as s from cabinet_backfills where id = $1',
                [p.arg],
              )
            ).s
          : String(
              (
                await one<{ s: number }>(
                  deps,
                  'select status as s from bulk_manipulations where id = $1',
                  [p.arg],
                )
              ).s,
            );
      const isDone =
        p.kind === 'backfill' ? state === 'succeeded' || state === 'failed' : Number(state) >= 6;
      if (!isDone) unfinished.push(`${p.kind} (${state})`);
    }
    if (unfinished.length === 0 || Date.now() >= until) {
      if (withinMs > 0 && unfinished.length > 0)
        throw new Error(`not finished within ${withinMs} ms: ${unfinished.join(', ')}`);
      return unfinished.join(', ') || 'none';
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}
