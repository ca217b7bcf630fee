/**
 * The audited-writes crash kind: a member admin's session creating and renaming members and cabinets through
 * the API, and executing bulk runs, killed at random. Every change commits with its audit event in one
 * transaction, so after the restart each change has its event and each event its change:
 * - every member created by the session ⇔ one member.created event; a renamed member ⇔ one member.updated;
 * - every cabinet created ⇔ one cabinet.created event; a renamed cabinet ⇔ one cabinet.updated;
 * - a bulk run whose execution started ⇔ one bulk.executed event, a run still ready ⇔ none;
 * and the company's hash chain verifies.
 */
import { BulkStatus, hasBulkExecutionStarted } from '@cloudsign/contract';
import type { AppDeps } from '../../src/deps.ts';
import type { buildApiApp } from '../../src/api-app.ts';
import { runCheck } from '../../src/bulk/check-runner.ts';
import { createMemberChecker } from '../../src/modules/member-bulk/member-checker.ts';
import { verifyChain } from '../../src/modules/audit-log/audit-verify.ts';

type App = Awaited<ReturnType<typeof buildApiApp>>;
type Headers = Record<string, string>;

/** What the child needs: the company, the admin it signs in as, the ready bulk runs and how many writes. */
export type AuditedWritesJob = {
  companyId: string;
  userId: string;
  runIds: string[];
  iterations: number;
};
/** Requests per iteration: create and rename a member, create and rename a cabinet. */
export const REQUESTS_PER_ITERATION = 4;
/** Which iterations execute the next bulk run (so executions are spread over the session). */
const EXECUTE_EVERY = 2;
const RENAMED = ' 改';

const fail = (what: string, found: unknown) => {
  throw new Error(`${what}: ${JSON.stringify(found)}`);
};

export const memberEmail = (companyId: string, i: number) => `w-${i}-${companyId}@example.test`;

/** Small member CSVs uploaded and checked, left ready for the session to execute. */
export async function prepareReadyRuns(
  deps: AppDeps,
  app: App,
  headers: Headers,
  companyId: string,
  count: number,
  upload: (rows: string[][]) => { payload: Buffer; headers: Headers },
): Promise<string[]> {
  const ids: string[] = [];
  for (let r = 0; r < count; r += 1) {
    const mp = upload([
      ['メールアドレス', '氏名'],
      ...Array.from({ length: 3 }, (_, i) => [
        `run-${r}-${i}-${companyId}@example.test`,
        `一括 ${i}`,
      ]),
    ]);
    const up = await app.inject({
      method: 'POST',
      url: '/members/bulk_add',
      headers: { ...headers, ...mp.headers },
      payload: mp.payload,
    });
    if (up.statusCode !== 201) fail('upload', up.body);
    const id = up.json<{ manipulation: { id: string } }>().manipulation.id;
    await runCheck(deps, id, (m, h) => createMemberChecker(deps.database.db, m, h));
    ids.push(id);
  }
  return ids;
}

/**
 * The session, resumed where the last killed one stopped (the next member index is the number of members it
 * created). `onRequest` counts each answered request for the kill points.
 */
export async function runAuditedWrites(
  deps: AppDeps,
  app: App,
  headers: Headers,
  job: AuditedWritesJob,
  onRequest: (done: number) => void,
) {
  const { rows } = await deps.database.raw.query<{ n: number }>(
    `select count(*)::int as n from users where company_id = $1 and email like 'w-%'`,
    [job.companyId],
  );
  const start = rows[0]!.n;
  let done = start * REQUESTS_PER_ITERATION;
  const call = async (method: 'POST' | 'PUT', url: string, payload: object, status: number) => {
    // About crashes, not versions: a save goes over whatever is stored (If-Match: *).
    const sent = method === 'PUT' ? { 'if-match': '*', ...headers } : headers;
    const res = await app.inject({ method, url, headers: sent, payload });
    if (res.statusCode !== status) fail(`${method} ${url} answered ${res.statusCode}`, res.body);
    onRequest((done += 1));
    return res;
  };
  for (let i = start; i < job.iterations; i += 1) {
    const name = `書き込み ${i}`;
    const user = await call('POST', '/users', { email: memberEmail(job.companyId, i), name }, 201);
    const userId = user.json<{ user: { id: string } }>().user.id;
    await call('PUT', `/users/${userId}`, { name: name + RENAMED }, 200);
    const cabinet = await call('POST', '/cabinets', { name: `棚 ${i}` }, 201);
    const cabinetId = cabinet.json<{ cabinet: { id: string } }>().cabinet.id;
    await call('PUT', `/cabinets/${cabinetId}`, { name: `棚 ${i}${RENAMED}` }, 200);
    const runId = i % EXECUTE_EVERY === 0 ? job.runIds[i / EXECUTE_EVERY] : undefined;
    // Executing twice answers the run as it is (200): a resumed session may repeat the killed request.
    if (runId)
      await call('PUT', `/members/bulk_manipulations/${runId}`, { action: 'execute' }, 200);
  }
}

export const runsNeeded = (iterations: number) => Math.ceil(iterations / EXECUTE_EVERY);

/** The company's runs whose execution started and has not finished (the restart waits for them). */
export async function unfinishedRuns(deps: AppDeps, companyId: string) {
  const { rows } = await deps.database.raw.query<{ n: number }>(
    'select count(*)::int as n from bulk_manipulations where company_id = $1 and status = $2',
    [companyId, BulkStatus.Processing],
  );
  return rows[0]!.n;
}

type Pairing = {
  target_id: string | null;
  action: string | null;
  events: number;
  renamed: boolean;
};

/** Each row of `rows` (id, renamed) outer-joined with its events of `actions`: both sides must pair. */
async function pairings(deps: AppDeps, companyId: string, rowsSql: string, actions: string[]) {
  const { rows } = await deps.database.raw.query<Pairing>(
    `with r as (${rowsSql}),
          e as (select target_id, action from audit_events where company_id = $1 and action = any($2::text[])
                union all
                select target_id, action from audit_row_records
                 where company_id = $1 and action = any($2::text[]))
     select coalesce(r.id::text, e.target_id) as target_id, e.action, count(e.action)::int as events,
            coalesce(bool_or(r.renamed), false) as renamed, bool_or(r.id is null) as orphan
       from r full join e on e.target_id = r.id::text
      group by 1, 2`,
    [companyId, actions],
  );
  return rows as (Pairing & { orphan: boolean })[];
}

export async function verifyAuditedWrites(deps: AppDeps, job: AuditedWritesJob) {
  const members = await pairings(
    deps,
    job.companyId,
    // The session's members and those its runs added: each run's row writes its own member.created record in
    // the batch's transaction (audit-log/row-records.ts), so a killed run's rows must pair exactly once too.
    `select id, name like '%${RENAMED}' as renamed from users
      where company_id = $1 and (email like 'w-%' or email like 'run-%')`,
    ['member.created', 'member.updated'],
  );
  const cabinets = await pairings(
    deps,
    job.companyId,
    `select id, name like '%${RENAMED}' as renamed from cabinets where company_id = $1 and type = 0`,
    ['cabinet.created', 'cabinet.updated'],
  );
  const problems: unknown[] = [];
  for (const [what, rows] of [
    ['member', members],
    ['cabinet', cabinets],
  ] as const) {
    const created = new Map<string, number>();
    const updated = new Map<string, number>();
    const renamed = new Map<string, boolean>();
    for (const r of rows) {
      if (r.orphan) problems.push({ eventWithoutChange: r });
      if (!r.target_id) continue;
      renamed.set(r.target_id, r.renamed || (renamed.get(r.target_id) ?? false));
      if (r.action === `${what}.created`) created.set(r.target_id, r.events);
      if (r.action === `${what}.updated`) updated.set(r.target_id, r.events);
    }
    for (const [id, isRenamed] of renamed) {
      if ((created.get(id) ?? 0) !== 1) problems.push({ what, id, created: created.get(id) ?? 0 });
      if ((updated.get(id) ?? 0) !== (isRenamed ? 1 : 0))
        problems.push({ what, id, isRenamed, updated: updated.get(id) ?? 0 });
    }
  }
  const { rows: runs } = await deps.database.raw.query<{
    id: string;
    status: number;
    events: number;
  }>(
    `select m.id, m.status, (select count(*)::int from audit_events e
        where e.company_id = $1 and e.action = 'bulk.executed' and e.target_id = m.id::text) as events
       from bulk_manipulations m where m.id = any($2::uuid[])`,
    [job.companyId, job.runIds],
  );
  for (const r of runs)
    if (r.events !== (hasBulkExecutionStarted(r.status) ? 1 : 0)) problems.push({ run: r });
  if (problems.length > 0) fail('changes and events do not pair', problems);
  const chain = await verifyChain(deps.database.db, job.companyId);
  if (!chain.ok) return fail('audit chain', chain);
  const executed = runs.filter((r) => hasBulkExecutionStarted(r.status)).length;
  const n = (what: string, rows: Pairing[]) =>
    new Set(rows.filter((r) => r.action === `${what}.created`).map((r) => r.target_id)).size;
  return (
    `${n('member', members)} members, ${n('cabinet', cabinets)} cabinets and ${executed}/${runs.length} ` +
    `runs each with its event, chain of ${chain.events} events intact`
  );
}
