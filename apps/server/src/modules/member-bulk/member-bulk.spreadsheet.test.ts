/**
 * The member export through a real spreadsheet program (docs/decisions.md "更新日時 in the CSVs"): exported as
 * CP932, opened and saved again by LibreOffice Calc in Japanese, one cell edited, uploaded as an edit file.
 * 更新日時 is a date the program reads as a date, so it writes it back as it shows it (the seconds gone); the
 * rows nobody touched are still unchanged, and a member changed in the meantime is still refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import iconv from 'iconv-lite';
import { eq, inArray } from 'drizzle-orm';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { resaveInSpreadsheet, SOFFICE } from '../../../test/support/spreadsheet.ts';
import { users } from '../../db/schema.ts';
import { MSG } from './member-check-messages.ts';
import {
  exportMembers,
  rowsOf,
  uploadAndCheck,
  type Headers,
} from '../../../test/support/member-bulk.world.ts';

let deps: TestDeps;
let app: ApiApp;
let headers: Headers;
let adminId: string;
const ids: Record<'taro' | 'jiro' | 'hanako', string> = { taro: '', jiro: '', hanako: '' };

// CI installs LibreOffice (.ci/run) and must run this; elsewhere it is skipped only while soffice is missing.
describe.skipIf(!SOFFICE && !process.env.CI)('member export through LibreOffice Calc', () => {
  beforeAll(async () => {
    deps = await createTestDeps({ worker: true });
    app = await buildApiApp(deps);
    const company = await makeCompany(deps);
    const admin = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
    adminId = admin.id;
    headers = (await signIn(deps, admin)).headers;
    ids.taro = (
      await makeUser(deps, company.id, { name: '山田 太郎', email: 'taro@example.test' })
    ).id;
    ids.jiro = (
      await makeUser(deps, company.id, { name: '髙橋 次郎', email: 'jiro@example.test' })
    ).id;
    ids.hanako = (
      await makeUser(deps, company.id, { name: '佐藤 花子', email: 'hanako@example.test' })
    ).id;
    // Last changed at 05:15:27.444 JST: sub-second, as PostgreSQL stores it.
    await deps.database.db
      .update(users)
      .set({ updatedAt: new Date('2025-09-09T05:15:27.444+09:00') })
      .where(inArray(users.id, Object.values(ids)));
  });
  afterAll(async () => {
    await app?.close();
    await deps?.cleanup();
  });

  it('re-saved as CP932, unchanged rows stay unchanged and a member changed meanwhile is refused', async () => {
    const { file } = await exportMembers(app, headers, { filters: {}, encoding: 'sjis' });
    const exported = iconv.decode(file, 'cp932');
    // A date and time Excel and LibreOffice read as a date, in JST, to the second; 最終ログイン日時 (last)
    // is blank for a member who never signed in.
    expect(exported).toContain(`${ids.taro},taro@example.test,山田 太郎,`);
    expect(exported).toMatch(new RegExp(`^${ids.taro},.*,2025/09/09 05:15:27,\\r$`, 'm'));

    const resaved = iconv.decode(await resaveInSpreadsheet(file, 'cp932'), 'cp932');
    // The program took the cell for a date: it wrote it back the way it shows dates, without the seconds.
    expect(resaved).toMatch(new RegExp(`^${ids.taro},.*,2025/9/9 5:15,$`, 'm'));
    expect(resaved).not.toContain('05:15:27');
    expect(resaved).toContain('髙橋 次郎');

    // Meanwhile another admin changes 次郎 (a later minute than the file's).
    await deps.database.db
      .update(users)
      .set({ organization: '法務部', updatedAt: new Date() })
      .where(eq(users.id, ids.jiro));

    const edited = resaved.replace('山田 太郎', '山田 一郎');
    const m = await uploadAndCheck(app, headers, 'bulk_edit', iconv.encode(edited, 'cp932'));
    const { rows } = await rowsOf(app, headers, m.id);
    const byId = new Map(rows.map((r) => [r.targetId, r]));
    expect(byId.get(ids.taro)).toMatchObject({
      action: 'update',
      errors: [],
      after: { name: '山田 一郎' },
    });
    expect(byId.get(ids.hanako)).toMatchObject({ action: 'unchanged', errors: [] });
    expect(byId.get(adminId)).toMatchObject({ action: 'unchanged', errors: [] });
    expect(byId.get(ids.jiro)).toMatchObject({
      action: 'error',
      errors: [{ column: '更新日時', message: MSG.changedSince }],
    });
    expect(m.counts).toEqual({ update: 1, unchanged: 2, error: 1 });
  }, 180_000);
});
