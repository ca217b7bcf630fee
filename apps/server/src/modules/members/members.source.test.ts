/**
 * 作成元 (手動 / CSV / SSO / SCIM) as a member-list filter and as the export's optional read-only column: the
 * list and its totals, the export of exactly that set, and a file carrying the column re-uploading unchanged
 * as an edit file (the column is never read).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TMember } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import {
  exportMembers,
  rowsOf,
  uploadAndCheck,
  type Headers,
} from '../../../test/support/member-bulk.world.ts';
import { users } from '../../db/schema.ts';

let deps: TestDeps;
let app: ApiApp;
let headers: Headers;
const id = { admin: '', csv: '', sso: '', scim: '', scim2: '', other: '' };

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
  const companyId = (await makeCompany(deps)).id;
  const admin = await makeUser(deps, companyId, { name: '管理 一郎', roles: ['CompanyAdmin'] });
  id.admin = admin.id;
  headers = (await signIn(deps, admin)).headers;
  id.csv = (await makeUser(deps, companyId, { name: '一括 二郎', source: 'csv' })).id;
  id.sso = (await makeUser(deps, companyId, { name: '連携 三郎', source: 'sso' })).id;
  id.scim = (await makeUser(deps, companyId, { name: '自動 四郎', source: 'scim' })).id;
  id.scim2 = (await makeUser(deps, companyId, { name: '自動 五郎', source: 'scim' })).id;
  // Another company's SCIM member is never counted.
  id.other = (await makeUser(deps, (await makeCompany(deps)).id, { source: 'scim' })).id;
}, 180_000);
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const list = async (query: string) => {
  const res = await app.inject({ method: 'GET', url: `/members?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ members: TMember[]; total: number }>();
};
const ids = (body: { members: TMember[] }) => body.members.map((m) => m.id).sort();
const lines = (file: Buffer) =>
  file
    .subarray(3)
    .toString('utf8')
    .trimEnd()
    .split('\r\n')
    .map((l) => l.split(','));

describe('作成元 in the member list', { timeout: 60_000 }, () => {
  it('filters by each source, with the total of the set', async () => {
    const scim = await list('source=scim');
    expect(scim.total).toBe(2);
    expect(ids(scim)).toEqual([id.scim, id.scim2].sort());
    expect(ids(await list('source=csv'))).toEqual([id.csv]);
    expect(ids(await list('source=sso'))).toEqual([id.sso]);
    expect(ids(await list('source=manual'))).toEqual([id.admin]);
    // With the other filters and the whole list (page=-1) alike.
    expect(ids(await list('source=scim&keyword=五郎'))).toEqual([id.scim2]);
    expect((await list('source=scim&page=-1')).total).toBe(2);
  });

  it('refuses an unknown source with its message', async () => {
    const res = await app.inject({ method: 'GET', url: '/members?source=ldap', headers });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('作成元の値が正しくありません。');
  });
});

describe('作成元 in the export', { timeout: 120_000 }, () => {
  it('is written last only when asked for, and the filter exports exactly its set', async () => {
    const plain = await exportMembers(app, headers, { filters: {}, encoding: 'utf8bom' });
    expect(lines(plain.file)[0]!.at(-1)).toBe('最終ログイン日時');

    const { file } = await exportMembers(app, headers, {
      filters: { source: 'scim' },
      encoding: 'utf8bom',
      withSource: true,
    });
    const [header, ...rows] = lines(file);
    expect(header!.slice(-2)).toEqual(['最終ログイン日時', '作成元']);
    expect(rows.map((r) => r[0]).sort()).toEqual([id.scim, id.scim2].sort());
    expect(rows.map((r) => r.at(-1))).toEqual(['SCIM', 'SCIM']);
  });

  it('re-uploaded as an edit file, the column is ignored, even a cell edited there', async () => {
    const { file } = await exportMembers(app, headers, {
      filters: {},
      encoding: 'utf8bom',
      withSource: true,
    });
    const text = file.toString('utf8');
    expect(text).toContain(',手動\r\n');
    const edited = text.replace(new RegExp(`^(${id.csv},.*),CSV\\r$`, 'm'), '$1,SCIM\r');
    expect(edited).not.toBe(text);
    const m = await uploadAndCheck(app, headers, 'bulk_edit', Buffer.from(edited, 'utf8'));
    expect(m.status, JSON.stringify(m)).toBe(4);
    expect(m.counts).toEqual({ unchanged: 5 });
    expect((await rowsOf(app, headers, m.id)).rows.every((r) => r.errors.length === 0)).toBe(true);
    const [row] = await deps.database.db
      .select({ source: users.source })
      .from(users)
      .where(eq(users.id, id.csv));
    expect(row!.source).toBe('csv');
  });

  it('an unknown source filter is refused before any file is made', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/members/export/csv',
      headers,
      payload: { filters: { source: 'ldap' }, encoding: 'utf8bom' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('作成元の指定が正しくありません。');
  });
});
