import { describe, expect, it } from 'vitest';
import type { TMember } from '@cloudsign/contract';
import { matchesListQuery } from './list-match.ts';

const member: TMember = {
  id: '00000000-0000-4000-8000-000000000001',
  name: '山田 はなこ',
  furigana: null,
  email: 'hanako@example.com',
  organization: '営業部',
  roles: [],
  status: 0,
  mfa: 2,
  createdAt: '2026-11-28T00:00:00.000Z',
  lastSignInAt: null,
};

describe('matchesListQuery', () => {
  it('a new member matches no condition he does not meet', () => {
    expect(matchesListQuery(member, {})).toBe(true);
    expect(matchesListQuery(member, { keyword: 'ハナコ' })).toBe(true);
    expect(matchesListQuery(member, { keyword: 'ＨＡＮＡＫＯ' })).toBe(true);
    expect(matchesListQuery(member, { keyword: '営業' })).toBe(true);
    expect(matchesListQuery(member, { keyword: '経理' })).toBe(false);
    expect(matchesListQuery(member, { status: 0 })).toBe(true);
    expect(matchesListQuery(member, { status: 1 })).toBe(false);
    expect(matchesListQuery(member, { role: 'CompanyAdmin' })).toBe(false);
    expect(matchesListQuery(member, { groupId: member.id })).toBe(false);
    expect(matchesListQuery(member, { mfa: 1 })).toBe(false);
    // Added in the console: 作成元 手動.
    expect(matchesListQuery(member, { source: 'manual' })).toBe(true);
    expect(matchesListQuery(member, { source: 'scim' })).toBe(false);
  });

  it('folds a keyword as the member search does: variant kanji, widths, every word', () => {
    const takahashi: TMember = {
      ...member,
      name: '髙橋 﨑子',
      email: 'saki@example.com',
      organization: '齋藤商事 ｴｲｷﾞｮｳ',
    };
    expect(matchesListQuery(takahashi, { keyword: '高橋' })).toBe(true);
    expect(matchesListQuery(takahashi, { keyword: '崎子' })).toBe(true);
    expect(matchesListQuery(takahashi, { keyword: '斎藤' })).toBe(true);
    expect(matchesListQuery(takahashi, { keyword: '斉藤' })).toBe(true);
    expect(matchesListQuery(takahashi, { keyword: 'エイギョウ' })).toBe(true);
    expect(matchesListQuery(takahashi, { keyword: 'ＳＡＫＩ＠ＥＸＡＭＰＬＥ' })).toBe(true);
    expect(matchesListQuery(takahashi, { keyword: '高橋　斎藤' })).toBe(true);
    expect(matchesListQuery(takahashi, { keyword: '高橋 経理' })).toBe(false);
    expect(matchesListQuery({ ...member, name: '高橋 崎子' }, { keyword: '髙橋 﨑子' })).toBe(true);
  });
});
