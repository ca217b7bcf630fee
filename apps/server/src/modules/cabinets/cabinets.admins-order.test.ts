/** A cabinet's admins are listed as the member list lists members: by フリガナ, then name (issue 30). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { cabinetAdmins, cabinets } from '../../db/schema.ts';

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

describe('GET /cabinets admins', () => {
  it('lists a cabinet’s admins by reading, not by code point', async () => {
    const company = await makeCompany(deps, { name: '株式会社サンプル商事' });
    const admin = await makeUser(deps, company.id, { name: '管理 太郎', roles: ['CompanyAdmin'] });
    const miura = await makeUser(deps, company.id, { name: '三浦 葵', furigana: 'ミウラ　アオイ' });
    const smith = await makeUser(deps, company.id, {
      name: 'Smith, John',
      furigana: 'スミス　ジョン',
    });
    const ippan = await makeUser(deps, company.id, {
      name: '一般 花子',
      furigana: 'イッパン　ハナコ',
    });
    const [cabinet] = await deps.database.db
      .insert(cabinets)
      .values({ companyId: company.id, name: '営業契約' })
      .returning();
    await deps.database.db
      .insert(cabinetAdmins)
      .values([miura, smith, ippan].map((u) => ({ cabinetId: cabinet!.id, userId: u.id })));
    const { headers } = await signIn(deps, admin);

    const res = await app.inject({ method: 'GET', url: '/cabinets', headers });

    expect(res.statusCode, res.body).toBe(200);
    const listed = res
      .json<{ cabinets: { name: string; admins: { name: string }[] }[] }>()
      .cabinets.find((c) => c.name === '営業契約');
    // Code-point order would be Smith, 一般, 三浦.
    expect(listed?.admins.map((a) => a.name)).toEqual([ippan.name, smith.name, miura.name]);
  });
});
