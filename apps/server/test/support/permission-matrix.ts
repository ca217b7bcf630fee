/**
 * The four callers of an area's permission test: the company's admin, the admin of one of its cabinets, a plain
 * member, and another company's admin; and the check that each route answers each of them as the matrix says.
 */
import { expect } from 'vitest';
import { buildApiApp, type ApiApp } from '../../src/api-app.ts';
import { cabinetAdmins, cabinets } from '../../src/db/schema.ts';
import { createTestDeps, type TestDeps } from './test-deps.ts';
import { makeCompany, makeUser, signIn } from './fixtures.ts';

export const CALLERS = ['member', 'cabinetAdmin', 'otherAdmin', 'admin'] as const;
export type Caller = (typeof CALLERS)[number];

export type MatrixRoute = {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** `{who}` in it is replaced by the caller's name, so creations do not collide. */
  payload?: unknown;
  expect: Record<Caller, number>;
};

/** The app, a company with a cabinet 契約書 administered by `cabinetAdmin`, and the callers' headers. */
export async function permissionWorld() {
  const deps: TestDeps = await createTestDeps();
  const app: ApiApp = await buildApiApp(deps);
  const company = await makeCompany(deps);
  const other = await makeCompany(deps, { name: '他社' });
  const admin = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
  const cabinetAdmin = await makeUser(deps, company.id);
  const member = await makeUser(deps, company.id);
  const otherAdmin = await makeUser(deps, other.id, { roles: ['CompanyAdmin'] });
  const [cabinet] = await deps.database.db
    .insert(cabinets)
    .values({ companyId: company.id, name: '契約書' })
    .returning();
  await deps.database.db
    .insert(cabinetAdmins)
    .values({ cabinetId: cabinet!.id, userId: cabinetAdmin.id });
  const as: Record<Caller, Record<string, string>> = {
    admin: (await signIn(deps, admin)).headers,
    cabinetAdmin: (await signIn(deps, cabinetAdmin)).headers,
    member: (await signIn(deps, member)).headers,
    otherAdmin: (await signIn(deps, otherAdmin)).headers,
  };
  const close = async () => {
    await app.close();
    await deps.cleanup();
  };
  return { deps, app, company, cabinetId: cabinet!.id, member, as, close };
}

/** Every route answers `who` with its expected status; a 403 or 404 with the one error code of each. */
export async function expectMatrix(
  app: ApiApp,
  headers: Record<string, string>,
  who: Caller,
  routes: readonly MatrixRoute[],
) {
  for (const r of routes) {
    const payload =
      r.payload === undefined
        ? undefined
        : (JSON.parse(JSON.stringify(r.payload).replace('{who}', who)) as unknown);
    const res = await app.inject({
      method: r.method,
      url: r.url,
      // About who reaches what, not versions: a save goes over whatever is stored (If-Match: *).
      headers: r.method === 'PUT' ? { 'if-match': '*', ...headers } : headers,
      ...(payload ? { payload } : {}),
    });
    expect(res.statusCode, `${r.name} as ${who}: ${res.body}`).toBe(r.expect[who]);
    if (res.statusCode === 403)
      expect(res.json<{ error: { code: string } }>().error.code).toBe('forbidden');
    if (res.statusCode === 404)
      expect(res.json<{ error: { code: string } }>().error.code).toBe('not_found');
  }
}
