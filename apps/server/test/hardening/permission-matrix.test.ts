/**
 * Issue 8 suite 1: every route of the API's own OpenAPI document, called as each kind of caller, must
 * answer the status class of PERMISSION_MATRIX; company A's ids answer company B exactly like ids that
 * do not exist, in body and in timing class.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp, type ApiApp } from '../../src/api-app.ts';
import { createTestDeps, type TestDeps } from '../support/test-deps.ts';
import { ROLES, buildWorld, companyAIds, type World } from './hardening.world.ts';
import { PERMISSION_MATRIX, type Call } from './permission-matrix.table.ts';

let deps: TestDeps;
let app: ApiApp;
let w: World;

beforeAll(async () => {
  deps = await createTestDeps();
  // As deployed with a scraper: /metrics exists, and no member's token (nor none) opens it.
  app = await buildApiApp({
    ...deps,
    env: { ...deps.env, METRICS_TOKEN: 'matrix-metrics-token-0123456789abcdef' },
  });
  await app.ready();
  w = await buildWorld(deps);
});

afterAll(async () => {
  await app?.close();
  await deps?.cleanup();
});

const inject = (call: Call, headers: Record<string, string>) =>
  app.inject({
    method: call.method,
    url: call.url,
    headers: { ...headers, ...call.headers },
    ...(call.payload === undefined ? {} : { payload: call.payload as string }),
  });

const classOf = (status: number): number | '2xx' =>
  status >= 200 && status < 300 ? '2xx' : status;

async function openApiRoutes(): Promise<string[]> {
  const res = await inject({ method: 'GET', url: '/openapi.json' }, {});
  expect(res.statusCode).toBe(200);
  const doc = res.json<{ paths: Record<string, Record<string, unknown>> }>();
  return Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
  );
}

// Every route × every caller, and five timed rounds of the 404 comparison: a few hundred requests per test,
// which grows with each route and takes over 30 s on a loaded two-core machine.
describe('permission matrix', { timeout: 180_000 }, () => {
  it('lists every route of the OpenAPI document, and only routes the API serves', async () => {
    const documented = await openApiRoutes();
    expect(documented.length).toBeGreaterThan(50);
    const missing = documented.filter((r) => !PERMISSION_MATRIX[r]);
    expect(missing, 'routes in /openapi.json without a row in permission-matrix.table.ts').toEqual(
      [],
    );
    const stale = Object.entries(PERMISSION_MATRIX)
      .filter(([r, e]) => !e.hidden && !documented.includes(r))
      .map(([r]) => r);
    expect(stale, 'rows for routes that /openapi.json does not list').toEqual([]);
    const shown = Object.entries(PERMISSION_MATRIX)
      .filter(([r, e]) => e.hidden && documented.includes(r))
      .map(([r]) => r);
    expect(shown, 'rows marked hidden that /openapi.json lists').toEqual([]);
  });

  it('answers every route, for every caller, with the status class of the table', async () => {
    const wrong: string[] = [];
    let cases = 0;
    const aIds = companyAIds(w);
    for (const [route, entry] of Object.entries(PERMISSION_MATRIX)) {
      for (const role of ROLES) {
        const call = await entry.call(w);
        const res = await inject(call, w.headers[role]);
        cases += 1;
        const got = classOf(res.statusCode);
        if (got !== entry.expect[role])
          wrong.push(
            `${route} as ${role}: expected ${entry.expect[role]}, got ${res.statusCode} ${res.body.slice(0, 160)}`,
          );
        if (res.statusCode >= 500)
          wrong.push(`${route} as ${role}: server error ${res.body.slice(0, 160)}`);
        // Company B's successful answers are about company B only.
        if (role === 'otherCompany' && got === '2xx') {
          const leaked = aIds.filter((id) => res.body.includes(id));
          if (leaked.length > 0)
            wrong.push(
              `${route} as otherCompany: answer holds company A's ids ${leaked.join(', ')}`,
            );
        }
      }
    }
    console.info(
      `permission matrix: ${Object.keys(PERMISSION_MATRIX).length} routes × ${ROLES.length} callers = ${cases} cases`,
    );
    expect(wrong).toEqual([]);
    expect(cases).toBe(Object.keys(PERMISSION_MATRIX).length * ROLES.length);
  });

  it("answers company B for company A's ids exactly as for ids that do not exist, in body and timing class", async () => {
    const aIds = companyAIds(w);
    const ROUNDS = 5;
    const median = (xs: number[]) => [...xs].sort((p, q) => p - q)[Math.floor(xs.length / 2)]!;
    const strip = (body: string) => {
      const parsed = JSON.parse(body) as { error?: { requestId?: string } };
      delete parsed.error?.requestId;
      return parsed;
    };
    const differences: string[] = [];
    const timings: { route: string; foreign: number; missing: number }[] = [];
    for (const [route, entry] of Object.entries(PERMISSION_MATRIX)) {
      if (entry.expect.otherCompany !== 404) continue;
      const foreign: number[] = [];
      const missing: number[] = [];
      for (let round = 0; round < ROUNDS; round += 1) {
        const call = await entry.call(w);
        // Every id in a path is company A's (fresh rows included).
        const ids =
          call.url.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? [];
        // Ids named only in the body (the import's cabinetId) are swapped there.
        const payload =
          typeof call.payload === 'string' || Buffer.isBuffer(call.payload)
            ? call.payload.toString('latin1')
            : undefined;
        const bodyIds =
          ids.length === 0 && payload ? aIds.filter((id) => payload.includes(id)) : [];
        if (ids.length === 0 && bodyIds.length === 0) {
          differences.push(`${route}: its call names no id of company A`);
          break;
        }
        const swap = (s: string, list: string[]) =>
          list.reduce((acc, id) => acc.replaceAll(id, randomUUID()), s);
        const nowhere: Call = {
          ...call,
          url: swap(call.url, ids),
          ...(bodyIds.length > 0
            ? { payload: Buffer.from(swap(payload!, bodyIds), 'latin1') }
            : {}),
        };
        // Alternate which goes first, so warm-up and caching favour neither.
        const pair = round % 2 === 0 ? [call, nowhere] : [nowhere, call];
        const answers = [];
        for (const c of pair) {
          const started = process.hrtime.bigint();
          const res = await inject(c, w.headers.otherCompany);
          const ms = Number(process.hrtime.bigint() - started) / 1e6;
          (c === call ? foreign : missing).push(ms);
          answers.push({ isForeign: c === call, res });
        }
        const f = answers.find((a) => a.isForeign)!.res;
        const m = answers.find((a) => !a.isForeign)!.res;
        if (round === 0) {
          if (f.statusCode !== 404 || m.statusCode !== 404)
            differences.push(`${route}: statuses ${f.statusCode} / ${m.statusCode}`);
          else if (JSON.stringify(strip(f.body)) !== JSON.stringify(strip(m.body)))
            differences.push(`${route}: bodies differ ${f.body} / ${m.body}`);
          else if (f.headers['content-type'] !== m.headers['content-type'])
            differences.push(`${route}: content types differ`);
        }
      }
      if (foreign.length === ROUNDS)
        timings.push({ route, foreign: median(foreign), missing: median(missing) });
    }
    expect(differences).toEqual([]);
    expect(timings.length).toBeGreaterThan(30);
    // Same order of magnitude per route (a single pause of the machine cannot move a median of 5)…
    // A gap of a few milliseconds is the machine's scheduling, not a lookup that one kind of id skips: on a
    // loaded machine a 0.4 ms answer sometimes takes 5 ms. A lookup that leaks costs at least one more query in every round.
    const apart = timings
      .filter(
        (t) =>
          Math.max(t.foreign, t.missing) > 10 * Math.min(t.foreign, t.missing) &&
          Math.abs(t.foreign - t.missing) > 5,
      )
      .map(
        (t) => `${t.route}: foreign ${t.foreign.toFixed(1)} ms, missing ${t.missing.toFixed(1)} ms`,
      );
    expect(apart, 'routes whose 404 takes 10× longer for one kind of id').toEqual([]);
    // …and over all routes together no systematic gap.
    const sum = (k: 'foreign' | 'missing') => timings.reduce((s, t) => s + t[k], 0);
    const ratio = sum('foreign') / sum('missing');
    console.info(
      `404 comparison: ${timings.length} routes × ${ROUNDS} rounds; median sum foreign ${sum('foreign').toFixed(1)} ms, missing ${sum('missing').toFixed(1)} ms, ratio ${ratio.toFixed(2)}`,
    );
    expect(ratio).toBeGreaterThan(1 / 3);
    expect(ratio).toBeLessThan(3);
  });

  it("answers 404 when company A's ids are named in the query or body of company B's own calls", async () => {
    const b = w.b;
    /** `id`: the id of company A the call names; the same call with a random id must answer the same. */
    type Case = {
      name: string;
      id: string;
      call: (id: string) => Call;
      headers?: Record<string, string>;
    };
    const cases: Case[] = [
      {
        name: 'GET /members?cabinetId',
        id: w.cabinet.id,
        call: (id) => ({ method: 'GET', url: `/members?cabinetId=${id}` }),
      },
      {
        name: 'GET /members?cabinetId (cabinet admin)',
        id: w.cabinet.id,
        call: (id) => ({ method: 'GET', url: `/members?cabinetId=${id}` }),
        headers: b.cabinetAdminHeaders,
      },
      {
        name: 'GET /members?groupId',
        id: w.group.id,
        call: (id) => ({ method: 'GET', url: `/members?groupId=${id}` }),
      },
      {
        name: 'GET /documents?cabinetId',
        id: w.cabinet.id,
        call: (id) => ({ method: 'GET', url: `/documents?cabinetId=${id}` }),
      },
      {
        name: 'GET /documents?cabinetId (cabinet admin)',
        id: w.cabinet.id,
        call: (id) => ({ method: 'GET', url: `/documents?cabinetId=${id}` }),
        headers: b.cabinetAdminHeaders,
      },
      {
        name: 'PUT /cabinets/{B}/member_groups',
        id: w.group.id,
        call: (id) => ({
          method: 'PUT',
          url: `/cabinets/${b.cabinet.id}/member_groups`,
          payload: { memberGroupIds: [id] },
        }),
      },
      {
        name: 'DELETE /cabinets/{B}/member_groups',
        id: w.group.id,
        call: (id) => ({
          method: 'DELETE',
          url: `/cabinets/${b.cabinet.id}/member_groups`,
          payload: { memberGroupId: id },
        }),
      },
      {
        name: 'POST /cabinets/{B}/admins',
        id: w.users.memberA.id,
        call: (id) => ({
          method: 'POST',
          url: `/cabinets/${b.cabinet.id}/admins`,
          payload: { userIds: [id] },
        }),
      },
      {
        name: 'DELETE /cabinets/{B}/admins',
        id: w.users.memberA.id,
        call: (id) => ({
          method: 'DELETE',
          url: `/cabinets/${b.cabinet.id}/admins`,
          payload: { userIds: [id] },
        }),
      },
      {
        name: 'POST /cabinets/{B}/documents',
        id: w.document.id,
        call: (id) => ({
          method: 'POST',
          url: `/cabinets/${b.cabinet.id}/documents`,
          payload: { documentIds: [id] },
        }),
      },
      {
        name: 'DELETE /cabinets/{B}/documents',
        id: w.document.id,
        call: (id) => ({
          method: 'DELETE',
          url: `/cabinets/${b.cabinet.id}/documents`,
          payload: { documentIds: [id] },
        }),
      },
      {
        name: 'POST /cabinets/{B}/documents fromCabinetId',
        id: w.cabinet.id,
        call: (id) => ({
          method: 'POST',
          url: `/cabinets/${b.cabinet.id}/documents`,
          payload: { documentIds: [b.document.id], fromCabinetId: id },
        }),
      },
      {
        name: 'POST /cabinets/{B}/classification_rules',
        id: w.group.id,
        call: (id) => ({
          method: 'POST',
          url: `/cabinets/${b.cabinet.id}/classification_rules`,
          payload: { memberGroupIds: [id], backfill: false },
        }),
      },
      {
        name: 'POST /cabinets/{B}/classification_rules/dry_run',
        id: w.group.id,
        call: (id) => ({
          method: 'POST',
          url: `/cabinets/${b.cabinet.id}/classification_rules/dry_run`,
          payload: { memberGroupIds: [id] },
        }),
      },
      {
        name: 'POST /member_groups/{B}/users',
        id: w.users.memberA.id,
        call: (id) => ({
          method: 'POST',
          url: `/member_groups/${b.group.id}/users`,
          payload: { userIds: [id] },
        }),
      },
      {
        name: 'DELETE /member_groups/{B}/users',
        id: w.users.memberA.id,
        call: (id) => ({
          method: 'DELETE',
          url: `/member_groups/${b.group.id}/users`,
          payload: { userIds: [id] },
        }),
      },
      {
        name: 'POST /documents/attributes/bulk_edit/csv cabinetId',
        id: w.cabinet.id,
        call: (id) => ({
          method: 'POST',
          url: '/documents/attributes/bulk_edit/csv',
          payload: { conditions: { cabinetId: id } },
        }),
      },
    ];
    const wrong: string[] = [];
    for (const c of cases) {
      const headers = c.headers ?? w.headers.otherCompany;
      const foreign = await inject(c.call(c.id), headers);
      const missing = await inject(c.call(randomUUID()), headers);
      if (foreign.statusCode !== 404)
        wrong.push(
          `${c.name}: company A's id answered ${foreign.statusCode} ${foreign.body.slice(0, 160)}`,
        );
      const strip = (body: string) => body.replace(/"requestId":"[^"]*"/, '');
      if (
        strip(foreign.body) !== strip(missing.body) ||
        foreign.statusCode !== missing.statusCode
      ) {
        wrong.push(
          `${c.name}: differs from a missing id: ${foreign.statusCode} ${foreign.body} / ${missing.statusCode} ${missing.body}`,
        );
      }
    }
    console.info(`ids of company A inside company B's calls: ${cases.length} cases`);
    expect(wrong).toEqual([]);
  });

  it('answers 403 before looking at the request to callers the route is closed to by privilege', async () => {
    // A malformed body or query must not teach a member the route's schema (or that an id exists).
    const wrong: string[] = [];
    let n = 0;
    for (const [route, entry] of Object.entries(PERMISSION_MATRIX)) {
      if (entry.expect.member !== 403 || entry.expect.cabinetAdmin !== 403) continue;
      const call = await entry.call(w);
      const malformed: Call =
        call.method === 'GET' || call.method === 'DELETE'
          ? {
              method: call.method,
              url: `${call.url}?page=abc&perPage=-1&encoding=bogus&type=0`,
              ...(call.method === 'DELETE'
                ? { payload: { memberGroupIds: 'x', userIds: 'x' } }
                : {}),
            }
          : {
              method: call.method,
              url: call.url,
              payload: {
                action: 'bogus',
                name: '',
                email: 'x',
                documentAttributeOptions: 'x',
                encoding: 'bogus',
                userIds: 'x',
              },
            };
      const res = await inject(malformed, w.headers.member);
      n += 1;
      if (res.statusCode !== 403)
        wrong.push(`${route}: ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    console.info(`privilege before validation: ${n} cases`);
    expect(wrong).toEqual([]);
  });
});
