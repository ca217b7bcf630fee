/**
 * 最終ログイン日時 in the member list, the drawer and the export: the column and its sort, the clean-up filters
 * 「90日以上ログインしていない」 / 「一度もログインしていない」 with their totals, the export of exactly that set,
 * and a file carrying the read-only column re-uploading unchanged as an edit file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { TMember, TMemberDetail } from '@cloudsign/contract';
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

const DAY = 24 * 3600 * 1000;
let deps: TestDeps;
let app: ApiApp;
let headers: Headers;
const at = (daysAgo: number) => new Date(Date.now() - daysAgo * DAY);
const id: Record<'admin' | 'recent' | 'stale' | 'neverOld' | 'neverNew', string> = {
  admin: '',
  recent: '',
  stale: '',
  neverOld: '',
  neverNew: '',
};

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
  const companyId = (await makeCompany(deps)).id;
  const make = (name: string, lastSignInAt: Date | null, createdAt: Date) =>
    makeUser(deps, companyId, { name, lastSignInAt, createdAt, passwordHash: 'x' });
  const admin = await makeUser(deps, companyId, {
    name: '管理 一郎',
    roles: ['CompanyAdmin'],
    lastSignInAt: at(0.01),
    createdAt: at(400),
  });
  id.admin = admin.id;
  headers = (await signIn(deps, admin)).headers;
  // 10 days ago; 100 days ago; never, added 200 days ago; never, added yesterday (not yet inactive).
  id.recent = (await make('最近 二郎', at(10), at(300))).id;
  id.stale = (await make('休眠 三郎', at(100), at(300))).id;
  id.neverOld = (await make('未使用 四郎', null, at(200))).id;
  id.neverNew = (await make('新人 五郎', null, at(1))).id;
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const list = async (query: string) => {
  const res = await app.inject({ method: 'GET', url: `/members?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ members: TMember[]; total: number }>();
};
const names = (body: { members: TMember[] }) => body.members.map((m) => m.name);

describe('最終ログイン日時 in the member list', () => {
  it('each row carries it (null = never), and the drawer too', async () => {
    const body = await list('sort=name');
    const byId = new Map(body.members.map((m) => [m.id, m]));
    expect(byId.get(id.neverOld)!.lastSignInAt).toBeNull();
    expect(new Date(byId.get(id.stale)!.lastSignInAt!).getTime()).toBeLessThan(at(99).getTime());
    const detail = await app.inject({ method: 'GET', url: `/users/${id.stale}`, headers });
    expect(detail.json<{ user: TMemberDetail }>().user.lastSignInAt).toBe(
      byId.get(id.stale)!.lastSignInAt,
    );
  });

  it('sorts newest first, never signed in last; and oldest first, never signed in first', async () => {
    const newest = names(await list('sort=-lastSignInAt'));
    expect(newest.slice(0, 3)).toEqual(['管理 一郎', '最近 二郎', '休眠 三郎']);
    expect(newest.slice(3).sort()).toEqual(['新人 五郎', '未使用 四郎'].sort());
    const oldest = names(await list('sort=lastSignInAt'));
    expect(oldest.slice(2)).toEqual(['休眠 三郎', '最近 二郎', '管理 一郎']);
  });

  it('「90日以上ログインしていない」: signed in 90+ days ago, or never since being added 90+ days ago', async () => {
    const body = await list('signIn=inactive90&sort=name');
    expect(body.total).toBe(2);
    expect(names(body).sort()).toEqual(['休眠 三郎', '未使用 四郎'].sort());
  });

  it('「一度もログインしていない」: every member without a sign-in, however new', async () => {
    const body = await list('signIn=never');
    expect(body.total).toBe(2);
    expect(names(body).sort()).toEqual(['新人 五郎', '未使用 四郎'].sort());
    // Combined with another condition, both hold.
    expect((await list('signIn=never&keyword=%E6%96%B0%E4%BA%BA')).total).toBe(1);
  });

  it('a filter value that is not one answers 400 naming the field', async () => {
    const res = await app.inject({ method: 'GET', url: '/members?signIn=someday', headers });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('最終ログインの条件の値が正しくありません。');
  });
});

describe('最終ログイン日時 in the export', () => {
  const lines = (file: Buffer) =>
    file
      .subarray(3)
      .toString('utf8')
      .trimEnd()
      .split('\r\n')
      .map((l) => l.split(','));

  it('the inactive set is exported exactly, with the column in JST (blank = never)', async () => {
    const { file } = await exportMembers(app, headers, {
      filters: { signIn: 'inactive90' },
      encoding: 'utf8bom',
    });
    const [header, ...rows] = lines(file);
    expect(header!.at(-1)).toBe('最終ログイン日時');
    expect(rows.map((r) => r[0]).sort()).toEqual([id.stale, id.neverOld].sort());
    const stale = rows.find((r) => r[0] === id.stale)!;
    expect(stale.at(-1)).toMatch(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(rows.find((r) => r[0] === id.neverOld)!.at(-1)).toBe('');
  });

  it('「一度もログインしていない」 exports the never-signed-in members only', async () => {
    const { file } = await exportMembers(app, headers, {
      filters: { signIn: 'never' },
      encoding: 'utf8bom',
    });
    const [, ...rows] = lines(file);
    expect(rows.map((r) => r[0]).sort()).toEqual([id.neverOld, id.neverNew].sort());
  });

  it('re-uploaded as an edit file, the column is ignored: every row unchanged, even one edited there', async () => {
    const { file } = await exportMembers(app, headers, { filters: {}, encoding: 'utf8bom' });
    const text = file.toString('utf8');
    // Someone types a date into 最終ログイン日時 of a member who never signed in: it sets nothing.
    const edited = text.replace(
      new RegExp(`^(${id.neverOld},.*),\\r$`, 'm'),
      '$1,2020/01/01 00:00:00\r',
    );
    expect(edited).not.toBe(text);
    const m = await uploadAndCheck(app, headers, 'bulk_edit', Buffer.from(edited, 'utf8'));
    expect(m.status, JSON.stringify(m)).toBe(4);
    expect(m.counts).toEqual({ unchanged: 5 });
    expect((await rowsOf(app, headers, m.id)).rows.every((r) => r.errors.length === 0)).toBe(true);
    const [row] = await deps.database.db
      .select({ at: users.lastSignInAt })
      .from(users)
      .where(eq(users.id, id.neverOld));
    expect(row!.at).toBeNull();
  });

  it('an unknown sign-in filter is refused before any file is made', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/members/export/csv',
      headers,
      payload: { filters: { signIn: 'someday' }, encoding: 'utf8bom' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('最終ログインの条件の指定が正しくありません。');
  });
});
