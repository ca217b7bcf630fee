/**
 * Saves name the version they were based on (docs/decisions.md): a member, a member group and a cabinet, each
 * through its own PUT, as two admins would meet it. A save on a stale read is refused and changes nothing; a
 * save without If-Match is refused; an identical save changes nothing (same updatedAt, no audit event); of two
 * saves on the same version exactly one is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ifMatchOf } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../api-app.ts';
import { createTestDeps, type TestDeps } from '../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../test/support/fixtures.ts';
import { expectError } from '../../test/support/error-body.ts';
import { auditEvents } from '../db/schema.ts';

let deps: TestDeps;
let app: ApiApp;
let headers: Record<string, string>;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  const company = await makeCompany(deps);
  const admin = await makeUser(deps, company.id, {
    email: 'versions-admin@example.test',
    roles: ['CompanyAdmin'],
  });
  headers = (await signIn(deps, admin)).headers;
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

type Item = Record<string, unknown> & { id: string; updatedAt: string };
type Answer = Awaited<ReturnType<ApiApp['inject']>>;

/** One versioned item: how to make one, where it lives, and two different edits of it. */
type Case = {
  name: string;
  create: (n: number) => Promise<Item>;
  path: (id: string) => string;
  key: 'user' | 'memberGroup' | 'cabinet';
  /** What the first admin saves (another field than the second's). */
  first: (item: Item) => Record<string, unknown>;
  /** What the second admin saves. */
  second: (item: Item) => Record<string, unknown>;
  /** The same values the item holds, as a save body. */
  same: (item: Item) => Record<string, unknown>;
};

let seq = 0;
const created = async (url: string, payload: object, key: string) => {
  const res = await app.inject({ method: 'POST', url, headers, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Record<string, Item>>()[key]!;
};

const CASES: Case[] = [
  {
    name: 'member (PUT /users/:id)',
    key: 'user',
    create: (n) =>
      created(
        '/users',
        { email: `v${n}@example.test`, name: `版 ${n}`, organization: '営業部' },
        'user',
      ),
    path: (id) => `/users/${id}`,
    // The case: one admin changes 所属, the other then changes 氏名 with the whole form.
    first: () => ({ organization: '開発部' }),
    second: (item) => ({ name: '改名 太郎', organization: item.organization, email: item.email }),
    same: (item) => ({ name: item.name, organization: item.organization, email: item.email }),
  },
  {
    name: 'member group (PUT /member_groups/:id)',
    key: 'memberGroup',
    create: (n) => created('/member_groups', { name: `版グループ ${n}`, note: '' }, 'memberGroup'),
    path: (id) => `/member_groups/${id}`,
    first: (item) => ({ name: item.name, note: '経理の承認者' }),
    second: () => ({ name: '改名グループ', note: '' }),
    same: (item) => ({ name: item.name, note: item.note }),
  },
  {
    name: 'cabinet (PUT /cabinets/:id)',
    key: 'cabinet',
    create: (n) => created('/cabinets', { name: `版キャビネット ${n}`, note: '' }, 'cabinet'),
    path: (id) => `/cabinets/${id}`,
    first: (item) => ({ name: item.name, note: '2026年度の契約' }),
    second: () => ({ name: '改名キャビネット', note: '' }),
    same: (item) => ({ name: item.name, note: item.note }),
  },
];

const read = async (c: Case, id: string) => {
  const res = await app.inject({ method: 'GET', url: c.path(id), headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Record<string, Item>>()[c.key]!;
};
const save = (c: Case, id: string, payload: object, version?: string) =>
  app.inject({
    method: 'PUT',
    url: c.path(id),
    headers: version === undefined ? headers : { ...headers, 'if-match': ifMatchOf(version) },
    payload,
  });
const itemOf = (c: Case, res: Answer) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Record<string, Item>>()[c.key]!;
};
const eventsOf = async (id: string) =>
  (await deps.database.db.select().from(auditEvents).where(eq(auditEvents.targetId, id))).length;

describe.each(CASES)('$name', (c) => {
  it('a save based on a stale read is refused with the message and puts nothing back', async () => {
    const opened = await c.create(++seq);
    // Both admins opened the same version; the first saves.
    const saved = itemOf(c, await save(c, opened.id, c.first(opened), opened.updatedAt));
    expect(saved.updatedAt).not.toBe(opened.updatedAt);
    const events = await eventsOf(opened.id);

    const stale = await save(c, opened.id, c.second(opened), opened.updatedAt);
    expectError(
      stale,
      'stale_version',
      'ほかの管理者がこの内容を変更しました。最新の内容を読み込んでから、もう一度保存してください。',
    );
    expect(await read(c, opened.id)).toEqual(saved);
    expect(await eventsOf(opened.id)).toBe(events);

    // Read again, the second admin saves on the new version.
    const again = itemOf(c, await save(c, opened.id, c.second(saved), saved.updatedAt));
    expect(again).toMatchObject(c.second(saved));
    expect(again.updatedAt > saved.updatedAt).toBe(true);
  });

  it('a save without If-Match is refused (428) and changes nothing', async () => {
    const opened = await c.create(++seq);
    expectError(await save(c, opened.id, c.second(opened)), 'version_required');
    expect(await read(c, opened.id)).toEqual(opened);
    // A malformed list of tags names no one version either.
    const listed = await app.inject({
      method: 'PUT',
      url: c.path(opened.id),
      headers: { ...headers, 'if-match': `"a", "b"` },
      payload: c.second(opened),
    });
    expectError(listed, 'version_required');
  });

  it('an identical save answers the item unchanged: same 更新日時, no audit event', async () => {
    const opened = await c.create(++seq);
    const events = await eventsOf(opened.id);
    const same = itemOf(c, await save(c, opened.id, c.same(opened), opened.updatedAt));
    expect(same).toEqual(opened);
    expect(await read(c, opened.id)).toEqual(opened);
    expect(await eventsOf(opened.id)).toBe(events);
  });

  it('two saves on the same version at once: exactly one is written', async () => {
    const opened = await c.create(++seq);
    const answers = await Promise.all([
      save(c, opened.id, c.first(opened), opened.updatedAt),
      save(c, opened.id, c.second(opened), opened.updatedAt),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((a) => a.statusCode === 200)!;
    expect(await read(c, opened.id)).toEqual(itemOf(c, winner));
  });

  it('saves in quick succession each leave a new version', async () => {
    let item = await c.create(++seq);
    const seen = new Set([item.updatedAt]);
    for (const n of [1, 2, 3]) {
      const body = { ...c.second(item), name: `連続 ${seq}-${n}` };
      item = itemOf(c, await save(c, item.id, body, item.updatedAt));
      seen.add(item.updatedAt);
    }
    expect(seen.size).toBe(4);
  });

  it('another company’s item answers 404, whatever the version', async () => {
    const mine = await c.create(++seq);
    const other = await makeCompany(deps);
    const stranger = await makeUser(deps, other.id, {
      email: `stranger-${seq}@example.test`,
      roles: ['CompanyAdmin'],
    });
    const res = await app.inject({
      method: 'PUT',
      url: c.path(mine.id),
      headers: {
        ...((await signIn(deps, stranger)).headers as Record<string, string>),
        'if-match': ifMatchOf(mine.updatedAt),
      },
      payload: c.second(mine),
    });
    expect(res.statusCode, res.body).toBe(404);
  });
});
