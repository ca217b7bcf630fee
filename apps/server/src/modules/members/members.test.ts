import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { memberGroupUsers, memberGroups, passwordSetupTokens, users } from '../../db/schema.ts';
import { expectError } from '../../../test/support/error-body.ts';

let deps: TestDeps;
let app: ApiApp;
let company: Awaited<ReturnType<typeof makeCompany>>;
let admin: Awaited<ReturnType<typeof makeUser>>;
let headers: Record<string, string>;

type Member = {
  id: string;
  name: string;
  email: string;
  organization: string;
  roles: string[];
  status: number;
  mfa: number;
};
type List = { members: Member[]; total: number };

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  company = await makeCompany(deps);
  admin = await makeUser(deps, company.id, {
    name: '管理 花子',
    email: 'admin@example.test',
    roles: ['CompanyAdmin'],
  });
  ({ headers } = await signIn(deps, admin));
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const get = async (url: string) => {
  const res = await app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<List>();
};

describe('GET /members: keyword, filters, sort, paging', () => {
  let yamada: { id: string };
  beforeAll(async () => {
    const other = await makeCompany(deps, { name: '他社' });
    await makeUser(deps, other.id, { name: '山田 他社', email: 'yamada@other.test' });
    yamada = await makeUser(deps, company.id, {
      name: 'ヤマダ タロウ',
      email: 'yamada.taro@example.test',
      organization: '大阪支社',
    });
    await makeUser(deps, company.id, {
      name: '山本 一郎',
      email: 'ichiro@example.test',
      organization: '東京本社',
      roles: ['CompanyApprover'],
    });
    await makeUser(deps, company.id, {
      name: '佐藤 さくら',
      email: 'sakura@example.test',
      status: 0,
    });
  });

  it('lists the company only, 4 members, by name', async () => {
    const body = await get('/members');
    expect(body.total).toBe(4);
    expect(body.members.map((m) => m.name)).toEqual([
      'ヤマダ タロウ',
      '佐藤 さくら',
      '山本 一郎',
      '管理 花子',
    ]);
    expect(Object.keys(body.members[0]!).sort()).toEqual([
      'createdAt',
      'email',
      'furigana',
      'id',
      'lastSignInAt',
      'mfa',
      'name',
      'organization',
      'roles',
      'status',
    ]);
  });

  it.each([
    ['ＹＡＭＡＤＡ', ['ヤマダ タロウ']],
    ['yamada', ['ヤマダ タロウ']],
    ['ﾔﾏﾀﾞ', ['ヤマダ タロウ']],
    ['やまだ', ['ヤマダ タロウ']],
    ['山', ['山本 一郎']],
    ['大阪', ['ヤマダ タロウ']],
    ['本社', ['山本 一郎']],
    ['example.test', ['ヤマダ タロウ', '佐藤 さくら', '山本 一郎', '管理 花子']],
    ['山本 東京', ['山本 一郎']],
    ['100%', []],
    ['_', []],
  ])('keyword %s', async (keyword, names) => {
    const body = await get(`/members?keyword=${encodeURIComponent(keyword)}`);
    expect(body.members.map((m) => m.name)).toEqual(names);
    expect(body.total).toBe(names.length);
  });

  it('filters by role, status and MFA', async () => {
    expect((await get('/members?role=CompanyApprover')).members.map((m) => m.name)).toEqual([
      '山本 一郎',
    ]);
    expect((await get('/members?status=0')).members.map((m) => m.name)).toEqual(['佐藤 さくら']);
    expect((await get('/members?mfa=1')).total).toBe(0);
  });

  it('filters by a user group; the system group means everyone', async () => {
    const [g] = await deps.database.db
      .insert(memberGroups)
      .values({ companyId: company.id, name: '営業' })
      .returning();
    await deps.database.db.insert(memberGroupUsers).values({ groupId: g!.id, userId: yamada.id });
    expect((await get(`/members?groupId=${g!.id}`)).members.map((m) => m.id)).toEqual([yamada.id]);
    const [system] = await deps.database.db
      .select()
      .from(memberGroups)
      .where(eq(memberGroups.type, 1));
    const all = await get(`/members?groupId=${system!.id}`);
    expect(all.total).toBeGreaterThanOrEqual(4);
  });

  it('sorts by email descending and by created date', async () => {
    const byEmail = await get('/members?sort=-email');
    const emails = byEmail.members.map((m) => m.email);
    expect(emails).toEqual([...emails].sort().reverse());
    const byCreated = await get('/members?sort=createdAt');
    expect(byCreated.members[0]!.id).toBe(admin.id);
  });
});

describe('GET /members: pages, deep pages by anchor, page=-1 stream', () => {
  let big: Awaited<ReturnType<typeof makeCompany>>;
  let bigHeaders: Record<string, string>;
  beforeAll(async () => {
    big = await makeCompany(deps, { name: '大企業' });
    const bigAdmin = await makeUser(deps, big.id, { name: '000 管理', roles: ['CompanyAdmin'] });
    ({ headers: bigHeaders } = await signIn(deps, bigAdmin));
    const rows = Array.from({ length: 1100 }, (_, i) => {
      const n = String(i).padStart(4, '0');
      return {
        companyId: big.id,
        name: `会員${n}`,
        email: `m${n}@big.test`,
        status: 1,
        searchText: `会員${n} m${n}@big.test`,
      };
    });
    await deps.database.db.insert(users).values(rows);
  });
  const list = async (q: string) => {
    const res = await app.inject({ method: 'GET', url: `/members?${q}`, headers: bigHeaders });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<List>();
  };

  it('50 a page, the total counted once for all pages', async () => {
    const p1 = await list('page=1');
    expect(p1.total).toBe(1101);
    expect(p1.members).toHaveLength(50);
    expect(p1.members[0]!.name).toBe('000 管理');
  });

  it('deep pages (past the offset window) continue exactly where the previous page ended', async () => {
    const p21 = await list('page=21');
    const p22 = await list('page=22');
    const p23 = await list('page=23');
    expect(p21.members[0]!.name).toBe('会員0999');
    expect(p22.members[0]!.name).toBe('会員1049');
    expect(p23.members.map((m) => m.name)).toEqual(['会員1099']);
    expect((await list('page=24')).members).toEqual([]);
    const desc = await list('page=22&sort=-name');
    expect(desc.members[0]!.name).toBe('会員0049');
    const created = await list('page=23&sort=-createdAt');
    expect(created.members).toHaveLength(1);
  });

  it('a change invalidates the anchors (the list version moves)', async () => {
    await deps.database.db
      .insert(users)
      .values({ companyId: big.id, name: '会員0000a', email: 'a@big.test', searchText: 'a' });
    const p22 = await list('page=22');
    expect(p22.members[0]!.name).toBe('会員1048');
    expect(p22.total).toBe(1102);
  });

  it('page=-1 streams every match as one JSON body', async () => {
    const all = await list('page=-1');
    expect(all.total).toBe(1102);
    expect(all.members).toHaveLength(1102);
    expect(new Set(all.members.map((m) => m.id)).size).toBe(1102);
    const some = await list('page=-1&keyword=%E4%BC%9A%E5%93%A110');
    expect(some.members.map((m) => m.name)).toEqual(
      Array.from({ length: 100 }, (_, i) => `会員10${String(i).padStart(2, '0')}`),
    );
  });
});

describe('users: create, read, update, remind, MFA reset, delete', () => {
  let created: Member & { groups: unknown[] };

  it('POST /users creates an invited member, lower-cases the email and mails the setup link', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/users',
      headers,
      payload: {
        email: ' New.Member@Example.TEST ',
        name: '新人 次郎',
        organization: '開発部',
        roles: ['TemplateSharer', 'CompanyApprover'],
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    created = res.json<{ user: typeof created }>().user;
    expect(created).toMatchObject({
      email: 'new.member@example.test',
      name: '新人 次郎',
      organization: '開発部',
      roles: ['CompanyApprover', 'TemplateSharer'],
      status: 0,
      mfa: 2,
      theme: 'cloudsign',
      groups: [],
    });
    const mail = deps.sentMails.at(-1)!;
    expect(mail.to).toBe('new.member@example.test');
    expect(mail.text).toMatch(/http:\/\/localhost:3000\/password_setup\/\S+/);
    expect((await get('/members?keyword=%E9%96%8B%E7%99%BA')).members.map((m) => m.id)).toEqual([
      created.id,
    ]);
  });

  it('GET /users/{id} answers the detail with groups', async () => {
    const res = await app.inject({ method: 'GET', url: `/users/${created.id}`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.json<{ user: Member }>().user.id).toBe(created.id);
  });

  it('PUT /users/{id} changes only the given keys and keeps search_text current', async () => {
    const res = await app.inject({
      method: 'PUT',
      url: `/users/${created.id}`,
      headers: { ...headers, 'if-match': '*' },
      payload: { organization: '名古屋営業所' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ user: Member }>().user).toMatchObject({
      name: '新人 次郎',
      organization: '名古屋営業所',
      roles: ['CompanyApprover', 'TemplateSharer'],
    });
    expect(
      (await get('/members?keyword=%E5%90%8D%E5%8F%A4%E5%B1%8B')).members.map((m) => m.id),
    ).toEqual([created.id]);
    expect((await get('/members?keyword=%E9%96%8B%E7%99%BA')).total).toBe(0);
  });

  it('PUT /users/{id}/remind_register issues a new link and kills the old one', async () => {
    const before = await deps.database.db
      .select()
      .from(passwordSetupTokens)
      .where(eq(passwordSetupTokens.userId, created.id));
    const res = await app.inject({
      method: 'PUT',
      url: `/users/${created.id}/remind_register`,
      headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = await deps.database.db
      .select()
      .from(passwordSetupTokens)
      .where(eq(passwordSetupTokens.userId, created.id));
    expect(after).toHaveLength(1);
    expect(after[0]!.id).not.toBe(before[0]!.id);
    expect(deps.sentMails.at(-1)!.to).toBe('new.member@example.test');
  });

  it('DELETE /users/{id}/mfa turns MFA off and clears the secret and backup codes', async () => {
    await deps.database.db
      .update(users)
      .set({ mfa: 1, mfaSecret: 'SECRET', mfaBackupCodes: ['x'] })
      .where(eq(users.id, created.id));
    const res = await app.inject({ method: 'DELETE', url: `/users/${created.id}/mfa`, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ user: Member }>().user.mfa).toBe(2);
    const [row] = await deps.database.db.select().from(users).where(eq(users.id, created.id));
    expect(row).toMatchObject({ mfa: 2, mfaSecret: null, mfaBackupCodes: [] });
  });

  it('DELETE /users/{id} removes the member; the total drops by exactly one', async () => {
    const before = (await get('/members')).total;
    const res = await app.inject({ method: 'DELETE', url: `/users/${created.id}`, headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, transferred: null });
    expect((await get('/members')).total).toBe(before - 1);
    const again = await app.inject({ method: 'GET', url: `/users/${created.id}`, headers });
    expectError(again, 'not_found');
  });
});

describe('GET /members: totals of 1–2 character keywords (kept per gram by the database)', () => {
  const keywords = ['山', '田', '大阪', 'ab', 'ｙ', '@', '花'];
  /** The total the API answers against the members page=-1 actually lists for the same keyword. */
  const expectTotalsMatchLists = async () => {
    for (const keyword of keywords) {
      const q = `keyword=${encodeURIComponent(keyword)}`;
      const { total } = await get(`/members?${q}`);
      const all = await get(`/members?${q}&page=-1`);
      expect(total, keyword).toBe(all.members.length);
    }
  };

  it('stay exact through creates, renames, e-mail changes, deletes and another company’s members', async () => {
    const other = await makeCompany(deps, { name: '別会社' });
    await makeUser(deps, other.id, { name: '山田 大阪', email: 'ab.yamada@other.test' });
    const post = async (name: string, email: string) => {
      const res = await app.inject({
        method: 'POST',
        url: '/users',
        headers,
        payload: { name, email, organization: '大阪営業所', roles: [] },
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<{ user: Member }>().user;
    };
    const a = await post('山田 花子', 'hanako.yamada@example.test');
    const b = await post('田中 ab', 'ab.tanaka@example.test');
    await expectTotalsMatchLists();
    expect(
      (await get(`/members?keyword=${encodeURIComponent('大阪')}`)).total,
    ).toBeGreaterThanOrEqual(2);

    const put = async (id: string, payload: Record<string, unknown>) => {
      // Not about versions: each save overwrites on purpose (If-Match: *).
      const res = await app.inject({
        method: 'PUT',
        url: `/users/${id}`,
        headers: { ...headers, 'if-match': '*' },
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    };
    await put(a.id, { name: '佐藤 花子', organization: '東京本社' });
    await put(b.id, { email: 'tanaka@example.test' });
    await put(b.id, { roles: ['CompanyApprover'] }); // grams unchanged
    await expectTotalsMatchLists();
    const hana = await get(`/members?keyword=${encodeURIComponent('花')}`);
    expect(hana.members.map((m) => m.name)).toContain('佐藤 花子');

    const del = await app.inject({ method: 'DELETE', url: `/users/${a.id}`, headers });
    expect(del.statusCode, del.body).toBe(200);
    await expectTotalsMatchLists();
    // The same search, less exactly the deleted member.
    const namesBefore = hana.members.map((m) => m.name);
    const namesAfter = (await get(`/members?keyword=${encodeURIComponent('花')}`)).members.map(
      (m) => m.name,
    );
    expect(namesAfter).toEqual(namesBefore.filter((n) => n !== '佐藤 花子'));
  });
});
