/**
 * 書類情報の設定 (the item list) as two admins save it (issue 30): a replacement names the list's version it
 * was based on; a stale or version-less one is refused and changes nothing; the same list saved again writes
 * nothing and records nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ifMatchOf } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { expectError } from '../../../test/support/error-body.ts';
import { findEventPage } from '../audit-log/audit-log.repository.ts';

let deps: TestDeps;
let app: ApiApp;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

type Item = { id?: string; name: string; isEnabled: boolean; isRequired: boolean };
type List = { documentAttributeOptions: (Item & { id: string })[]; version: string };

async function world() {
  const company = await makeCompany(deps);
  const admin = (await signIn(deps, await makeUser(deps, company.id, { roles: ['CompanyAdmin'] })))
    .headers;
  const other = (await signIn(deps, await makeUser(deps, company.id, { roles: ['CompanyAdmin'] })))
    .headers;
  return { companyId: company.id, admin, other };
}
const read = async (headers: Record<string, string>) =>
  (await app.inject({ method: 'GET', url: '/document_attribute_options', headers })).json<List>();
const put = (headers: Record<string, string>, version: string | null, items: Item[]) =>
  app.inject({
    method: 'PUT',
    url: '/document_attribute_options',
    headers: version === null ? headers : { ...headers, 'if-match': ifMatchOf(version) },
    payload: { documentAttributeOptions: items },
  });
const events = async (companyId: string) =>
  (await findEventPage(deps.database.db, { companyId, category: 'document' }, 50)).length;
const asSent = (l: List): Item[] =>
  l.documentAttributeOptions.map(({ id, name, isEnabled, isRequired }) => ({
    id,
    name,
    isEnabled,
    isRequired,
  }));

describe('PUT /document_attribute_options versions', () => {
  it('the second of two admins who read the same list is refused with 409; nothing of his is written', async () => {
    const w = await world();
    const start = await read(w.admin);
    const first = await put(w.admin, start.version, [
      { name: '部署', isEnabled: true, isRequired: false },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    const saved = first.json<List>();
    expect(saved.version).not.toBe(start.version);
    const count = await events(w.companyId);

    const second = await put(w.other, start.version, [
      { name: '案件番号', isEnabled: true, isRequired: false },
    ]);
    expectError(second, 'stale_version');
    expect(await read(w.admin)).toEqual(saved);
    expect(await events(w.companyId)).toBe(count);

    // On the version just read, his item is added beside the other admin's.
    const again = await put(w.other, saved.version, [
      ...asSent(saved),
      { name: '案件番号', isEnabled: true, isRequired: false },
    ]);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<List>().documentAttributeOptions.map((o) => o.name)).toEqual([
      '部署',
      '案件番号',
    ]);
  });

  it('a replacement without If-Match is refused with 428 and changes nothing', async () => {
    const w = await world();
    const res = await put(w.admin, null, [{ name: '部署', isEnabled: true, isRequired: false }]);
    expectError(res, 'version_required');
    expect((await read(w.admin)).documentAttributeOptions).toEqual([]);
  });

  it('the same list saved again keeps its version and records nothing', async () => {
    const w = await world();
    const start = await read(w.admin);
    const saved = (
      await put(w.admin, start.version, [
        { name: '部署', isEnabled: true, isRequired: true },
        { name: '案件番号', isEnabled: false, isRequired: false },
      ])
    ).json<List>();
    const count = await events(w.companyId);
    const same = await put(w.admin, saved.version, asSent(saved));
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json<List>()).toEqual(saved);
    expect(await events(w.companyId)).toBe(count);
    // Another admin who read the list before that save can still save on it.
    const other = await put(w.other, saved.version, asSent(saved).slice(0, 1));
    expect(other.statusCode, other.body).toBe(200);
  });

  it('two replacements sent at once on the same version: exactly one is written', async () => {
    const w = await world();
    const { version } = await read(w.admin);
    const answers = await Promise.all([
      put(w.admin, version, [{ name: 'A項目', isEnabled: true, isRequired: false }]),
      put(w.other, version, [{ name: 'B項目', isEnabled: true, isRequired: false }]),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect((await read(w.admin)).documentAttributeOptions).toHaveLength(1);
  });
});
