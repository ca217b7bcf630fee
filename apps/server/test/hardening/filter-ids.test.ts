/**
 * Filter ids of exports and searches are the caller's company's, checked before any job is queued: another
 * company's member group, cabinet or attribute item answers 404 with the usual body, never 202 and an
 * empty file, and no manipulation is recorded.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp, type ApiApp } from '../../src/api-app.ts';
import { createTestDeps, type TestDeps } from '../support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../support/fixtures.ts';
import {
  bulkManipulations,
  cabinets,
  documentAttributeOptions,
  memberGroups,
} from '../../src/db/schema.ts';
import type { Headers } from '../support/member-bulk.world.ts';

let deps: TestDeps;
let app: ApiApp;
let h: Headers;
const own = { groupId: '', optionId: '' };
const other = { groupId: '', optionId: '', cabinetId: '' };

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
  const db = deps.database.db;
  const a = await makeCompany(deps);
  const b = await makeCompany(deps, { name: '他社' });
  h = (await signIn(deps, await makeUser(deps, a.id, { roles: ['CompanyAdmin'] }))).headers;
  own.groupId = (
    await db.insert(memberGroups).values({ companyId: a.id, name: '営業部' }).returning()
  )[0]!.id;
  own.optionId = (
    await db
      .insert(documentAttributeOptions)
      .values({ companyId: a.id, name: '部署', position: 0, isEnabled: true, isRequired: false })
      .returning()
  )[0]!.id;
  other.groupId = (
    await db.insert(memberGroups).values({ companyId: b.id, name: '他社の部' }).returning()
  )[0]!.id;
  other.optionId = (
    await db
      .insert(documentAttributeOptions)
      .values({
        companyId: b.id,
        name: '他社の項目',
        position: 0,
        isEnabled: true,
        isRequired: false,
      })
      .returning()
  )[0]!.id;
  other.cabinetId = (
    await db.insert(cabinets).values({ companyId: b.id, name: '他社のキャビネット' }).returning()
  )[0]!.id;
});
afterAll(async () => {
  await app?.close();
  await deps?.cleanup();
});

const manipulationCount = async () =>
  (await deps.database.db.select().from(bulkManipulations)).length;
const notFound = (path: string, message: string) => ({
  code: 'not_found',
  message,
  details: [{ path, message }],
});
const GROUP = '指定されたメンバーグループが見つかりません。';
const OPTION = '指定された書類情報の項目が見つかりません。';

describe('member export and edit template', () => {
  it.each(['/members/export/csv', '/members/bulk_edit/csv_template'])(
    '%s: another company’s or an unknown group is 404; nothing queued',
    async (url) => {
      for (const groupId of [() => other.groupId, () => randomUUID()]) {
        const before = await manipulationCount();
        const res = await app.inject({
          method: 'POST',
          url,
          headers: h,
          payload: { filters: { groupId: groupId() }, encoding: 'utf8bom' },
        });
        expect(res.statusCode, res.body).toBe(404);
        expect(res.json<{ error: unknown }>().error).toEqual({
          ...notFound('filters.groupId', GROUP),
          requestId: res.headers['x-request-id'],
        });
        expect(await manipulationCount()).toBe(before);
      }
      const ok = await app.inject({
        method: 'POST',
        url,
        headers: h,
        payload: { filters: { groupId: own.groupId }, encoding: 'utf8bom' },
      });
      expect(ok.statusCode, ok.body).toBe(202);
    },
  );
});

describe('document searches', () => {
  it('the attribute download: another company’s item or cabinet is 404; nothing queued', async () => {
    const cases: [Record<string, string>, ReturnType<typeof notFound>][] = [
      [
        { [`option.${other.optionId}`]: 'x' },
        notFound(`conditions.option.${other.optionId}`, OPTION),
      ],
      [
        { cabinetId: other.cabinetId },
        notFound('conditions.cabinetId', '指定されたキャビネットが見つかりません。'),
      ],
    ];
    for (const [conditions, error] of cases) {
      const before = await manipulationCount();
      const res = await app.inject({
        method: 'POST',
        url: '/documents/attributes/bulk_edit/csv',
        headers: h,
        payload: { conditions, encoding: 'sjis' },
      });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json<{ error: unknown }>().error).toEqual({
        ...error,
        requestId: res.headers['x-request-id'],
      });
      expect(await manipulationCount()).toBe(before);
    }
    const ok = await app.inject({
      method: 'POST',
      url: '/documents/attributes/bulk_edit/csv',
      headers: h,
      payload: { conditions: { [`option.${own.optionId}`]: 'x' } },
    });
    expect(ok.statusCode, ok.body).toBe(202);
  });

  it('the document list: another company’s item is 404, the company’s own answers 200', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/documents?option.${other.optionId}=x`,
      headers: h,
    });
    expect(res.statusCode, res.body).toBe(404);
    expect(res.json<{ error: unknown }>().error).toEqual({
      ...notFound(`option.${other.optionId}`, OPTION),
      requestId: res.headers['x-request-id'],
    });
    const ok = await app.inject({
      method: 'GET',
      url: `/documents?option.${own.optionId}=x`,
      headers: h,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});
