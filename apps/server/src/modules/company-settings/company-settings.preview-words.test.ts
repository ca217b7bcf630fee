/**
 * The settings preview speaks the screens' words (issue 30): the theme by its Japanese name, never its key, and
 * the affected members in the member list's order (フリガナ, then name), never in code-point order.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ifMatchOf } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';

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

type Settings = { name: string; theme: string; flags: object; version: number };

describe('POST /company/settings/preview in words', () => {
  it('names the theme in Japanese and lists members as the member list does', async () => {
    const company = await makeCompany(deps, { name: '株式会社サンプル商事' });
    const admin = await makeUser(deps, company.id, {
      name: '管理 太郎',
      furigana: 'カンリ　タロウ',
      roles: ['CompanyAdmin'],
      mfa: 1,
    });
    // Code-point order would be Smith, 一般, 三浦; by reading it is イッパン, スミス, ミウラ.
    const miura = await makeUser(deps, company.id, { name: '三浦 葵', furigana: 'ミウラ　アオイ' });
    const smith = await makeUser(deps, company.id, {
      name: 'Smith, John',
      furigana: 'スミス　ジョン',
    });
    const ippan = await makeUser(deps, company.id, {
      name: '一般 花子',
      furigana: 'イッパン　ハナコ',
    });
    const { headers } = await signIn(deps, admin);
    const got = await app.inject({ method: 'GET', url: '/company/settings', headers });
    const s = got.json<{ settings: Settings }>().settings;

    const res = await app.inject({
      method: 'POST',
      url: '/company/settings/preview',
      headers: { ...headers, 'if-match': ifMatchOf(s.version) },
      payload: { name: s.name, theme: 'smbc-cloudsign', flags: { ...s.flags, mfa: true } },
    });

    expect(res.statusCode, res.body).toBe(200);
    const { preview } = res.json<{
      preview: { changes: string[]; mfaRequired: { members: { name: string }[] } };
    }>();
    expect(preview.changes).toEqual(['テーマ: SMBCクラウドサイン', '2要素認証を必須にする: オン']);
    expect(preview.mfaRequired.members.map((m) => m.name)).toEqual([
      ippan.name,
      smith.name,
      miura.name,
    ]);
  });
});
