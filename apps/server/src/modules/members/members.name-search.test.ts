/**
 * Finding members the way their names are typed (issue 32): without the space, by the reading in any script,
 * by the e-mail's local part, with variant kanji folded; whole and leading matches first in the pickers; the
 * same rule in the member list, the cabinet-admin picker and bulk operations on a search.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { cabinets } from '../../db/schema.ts';

let deps: TestDeps;
let app: ApiApp;
let headers: Record<string, string>;
let cabinetId: string;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  const company = await makeCompany(deps);
  const other = await makeCompany(deps);
  const admin = await makeUser(deps, company.id, {
    name: '管理 花子',
    email: 'kanri@example.test',
    roles: ['CompanyAdmin'],
  });
  headers = (await signIn(deps, admin)).headers;
  const people: [name: string, furigana: string | null, email: string][] = [
    ['青木 久美子', 'アオキ　クミコ', 'k.aoki@example.test'],
    ['山田　健', 'ヤマダ ケン', 'ken.yamada@example.test'],
    ['髙橋 一郎', 'タカハシ イチロウ', 'takahashi@example.test'],
    // 「青木」 inside the name (not at its start) and inside the reading: partial matches, ranked after.
    ['大青木 次郎', 'オオアオキ ジロウ', 'oaoki@example.test'],
    ['青木田 三郎', null, 'aokida@example.test'],
    ['佐藤 花', 'サトウ ハナ', 'aoki@example.test'],
  ];
  for (const [name, furigana, email] of people)
    await makeUser(deps, company.id, { name, furigana, email });
  // Another company's 青木 久美子 never appears.
  await makeUser(deps, other.id, {
    name: '青木 久美子',
    furigana: 'アオキ クミコ',
    email: 'k.aoki@other.test',
  });
  const [cabinet] = await deps.database.db
    .insert(cabinets)
    .values({ companyId: company.id, name: '契約書' })
    .returning();
  cabinetId = cabinet!.id;
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

type Found = { total: number; members: { name: string; email: string }[] };
const listNames = async (keyword: string, extra = '') => {
  const res = await app.inject({
    method: 'GET',
    url: `/members?page=1&keyword=${encodeURIComponent(keyword)}${extra}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<Found>();
  expect(body.total).toBe(body.members.length);
  return body.members.map((m) => m.name);
};
const pickerNames = async (keyword: string) => {
  const res = await app.inject({
    method: 'GET',
    url: `/cabinets/${cabinetId}/member_candidates?keyword=${encodeURIComponent(keyword)}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Found>().members.map((m) => m.name);
};

describe('member keyword', () => {
  it.each([
    ['青木 久美子', '青木 久美子'],
    ['青木久美子', '青木 久美子'],
    ['青木　久美子', '青木 久美子'],
    ['山田健', '山田　健'],
    ['山田 健', '山田　健'],
    ['アオキクミコ', '青木 久美子'],
    ['あおき くみこ', '青木 久美子'],
    ['ｱｵｷｸﾐｺ', '青木 久美子'],
    ['やまだけん', '山田　健'],
    ['高橋一郎', '髙橋 一郎'],
    ['K.AOKI', '青木 久美子'],
    ['ｋ．ａｏｋｉ', '青木 久美子'],
    ['ken.yamada@', '山田　健'],
  ])(
    '「%s」 finds %s in the list and in the cabinet-admin picker, and no one else',
    async (kw, who) => {
      expect(await listNames(kw)).toEqual([who]);
      expect(await pickerNames(kw)).toEqual([who]);
    },
  );

  it('ranks whole and leading matches first in the picker: name, reading, then e-mail local part', async () => {
    // 「あおき」: 佐藤 花 (aoki@ is not katakana, no match), 青木 久美子 (reading starts with it), 青木田 三郎
    // (no reading; name is 青木田, no kana), 大青木 次郎 (reading contains it).
    expect(await pickerNames('あおき')).toEqual(['青木 久美子', '大青木 次郎']);
    // 「aoki」: 佐藤 花's local part is exactly aoki; aokida@ starts with it; k.aoki@ and oaoki@ contain it
    // (then in 氏名 order: アオキ before オオアオキ).
    expect(await pickerNames('aoki')).toEqual([
      '佐藤 花',
      '青木田 三郎',
      '青木 久美子',
      '大青木 次郎',
    ]);
    expect(await pickerNames('青木')).toEqual(['青木 久美子', '青木田 三郎', '大青木 次郎']);
  });

  it('ranks the same way in the pickers that read GET /members (sort=match: group members, successor)', async () => {
    expect(await listNames('aoki', '&sort=match')).toEqual([
      '佐藤 花',
      '青木田 三郎',
      '青木 久美子',
      '大青木 次郎',
    ]);
    expect(await listNames('青木', '&sort=match')).toEqual([
      '青木 久美子',
      '青木田 三郎',
      '大青木 次郎',
    ]);
    // Nothing typed: by name, as the list.
    const all = await app.inject({ method: 'GET', url: '/members?page=1&sort=match', headers });
    const byName = await app.inject({ method: 'GET', url: '/members?page=1', headers });
    expect(all.json<Found>().members).toEqual(byName.json<Found>().members);
  });

  it('keeps the list in its own 氏名 order (フリガナ first) whatever the match', async () => {
    expect(await listNames('青木')).toEqual(['青木 久美子', '大青木 次郎', '青木田 三郎']);
  });

  it('never finds another company’s members', async () => {
    expect(await listNames('k.aoki@other')).toEqual([]);
    expect(await pickerNames('k.aoki@other')).toEqual([]);
  });
});
