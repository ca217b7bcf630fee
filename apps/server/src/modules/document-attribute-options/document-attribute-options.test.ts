import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeDocument, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { desc, eq } from 'drizzle-orm';
import { auditEvents } from '../../db/schema.ts';

let deps: TestDeps;
let app: ApiApp;
let admin: Record<string, string>;
let member: Record<string, string>;
let otherAdmin: Record<string, string>;
let companyId: string;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  const company = await makeCompany(deps);
  companyId = company.id;
  admin = (await signIn(deps, await makeUser(deps, company.id, { roles: ['CompanyAdmin'] })))
    .headers;
  member = (await signIn(deps, await makeUser(deps, company.id))).headers;
  const other = await makeCompany(deps, { name: '他社' });
  otherAdmin = (await signIn(deps, await makeUser(deps, other.id, { roles: ['CompanyAdmin'] })))
    .headers;
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

type Option = {
  id: string;
  name: string;
  isEnabled: boolean;
  isRequired: boolean;
  position: number;
};
const get = async (headers = admin) =>
  (await app.inject({ method: 'GET', url: '/document_attribute_options', headers })).json<{
    documentAttributeOptions: Option[];
  }>();
const put = (items: unknown[], headers = admin) =>
  app.inject({
    method: 'PUT',
    url: '/document_attribute_options',
    // About the list's rules; `*` saves over whatever is stored (versions: document-attribute-options.versions.test.ts).
    headers: { ...headers, 'if-match': '*' },
    payload: { documentAttributeOptions: items },
  });
const error = (
  code: string,
  details: { path: string; message: string }[],
  message = '入力内容に誤りがあります。',
) => ({
  error: { code, message, requestId: expect.any(String) as unknown as string, details },
});

describe('document attribute options', () => {
  it('starts empty; an admin sets items in order; everyone reads them', async () => {
    expect((await get()).documentAttributeOptions).toEqual([]);
    const res = await put([
      { name: '部署', isEnabled: true, isRequired: true },
      { name: '案件番号', isEnabled: false, isRequired: false },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json<{ documentAttributeOptions: Option[] }>().documentAttributeOptions;
    expect(items.map((o) => [o.name, o.isEnabled, o.isRequired, o.position])).toEqual([
      ['部署', true, true, 0],
      ['案件番号', false, false, 1],
    ]);
    expect((await get(member)).documentAttributeOptions).toEqual(items);
    expect((await get(otherAdmin)).documentAttributeOptions).toEqual([]);
  });

  it('keeps ids on rename, swap and reorder so stored values survive; removes items left out', async () => {
    const [dept, project] = (await get()).documentAttributeOptions;
    const doc = await makeDocument(deps, companyId, { options: { [dept!.id]: '営業部' } });
    const res = await put([
      { id: project!.id, name: '部署', isEnabled: true, isRequired: false },
      { id: dept!.id, name: '担当部署', isEnabled: true, isRequired: false },
      { name: '新しい項目', isEnabled: true, isRequired: false },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json<{ documentAttributeOptions: Option[] }>().documentAttributeOptions;
    expect(items.map((o) => [o.id === project!.id, o.id === dept!.id, o.name])).toEqual([
      [true, false, '部署'],
      [false, true, '担当部署'],
      [false, false, '新しい項目'],
    ]);
    const detail = await app.inject({ method: 'GET', url: `/documents/${doc.id}`, headers: admin });
    expect(
      detail.json<{ document: { attribute: { options: Record<string, string> } } }>().document
        .attribute.options,
    ).toEqual({ [dept!.id]: '営業部' });
    expect(
      (await put([{ id: dept!.id, name: '担当部署', isEnabled: true, isRequired: false }]))
        .statusCode,
    ).toBe(200);
    expect((await get()).documentAttributeOptions.map((o) => o.id)).toEqual([dept!.id]);
  });

  it('only company admins replace the list', async () => {
    const res = await put([], member);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('forbidden');
  });

  it.each([
    [
      'more than 10 items',
      Array.from({ length: 11 }, (_, i) => ({
        name: `項目${i}`,
        isEnabled: true,
        isRequired: false,
      })),
      [{ path: 'documentAttributeOptions', message: '項目は10個まで登録できます。' }],
    ],
    [
      'an empty name',
      [{ name: '  ', isEnabled: true, isRequired: false }],
      [{ path: 'documentAttributeOptions.0.name', message: '項目名を入力してください。' }],
    ],
    [
      'a name over 20 characters',
      [{ name: 'あ'.repeat(21), isEnabled: true, isRequired: false }],
      [
        {
          path: 'documentAttributeOptions.0.name',
          message: '項目名は20文字以内で入力してください。',
        },
      ],
    ],
    [
      'duplicate names',
      [
        { name: '部署', isEnabled: true, isRequired: false },
        { name: '部署', isEnabled: false, isRequired: false },
      ],
      [
        {
          path: 'documentAttributeOptions.1.name',
          message: '項目名「部署」が重複しています（1番目と2番目）。',
        },
      ],
    ],
    [
      'a missing flag',
      [{ name: '部署', isEnabled: true }],
      [
        {
          path: 'documentAttributeOptions.0.isRequired',
          message: '「必須」は true か false で指定してください。',
        },
      ],
    ],
  ])('rejects %s', async (_name, items, details) => {
    const before = await get();
    const res = await put(items);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual(error('validation_failed', details));
    expect(await get()).toEqual(before);
  });

  it("rejects an id that is not one of the company's items (another company's included)", async () => {
    const foreignId = crypto.randomUUID();
    const res = await put([{ id: foreignId, name: '部署', isEnabled: true, isRequired: false }]);
    const message = '1番目の項目は見つかりません。画面を更新してやり直してください。';
    expect(res.json()).toEqual(
      error('validation_failed', [{ path: 'documentAttributeOptions.0.id', message }], message),
    );
  });

  it('records each change of the items in the audit log, before → after, and nothing for a refused one', async () => {
    const events = async () =>
      deps.database.db
        .select()
        .from(auditEvents)
        .where(eq(auditEvents.companyId, companyId))
        .orderBy(desc(auditEvents.seq));
    const before = (await get()).documentAttributeOptions;
    const kept = before[0]!;
    const res = await put([
      { id: kept.id, name: '管理部署', isEnabled: false, isRequired: true },
      { name: '契約種別', isEnabled: true, isRequired: false },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const added = res.json<{ documentAttributeOptions: Option[] }>().documentAttributeOptions[1]!;
    const [event] = await events();
    expect(event).toMatchObject({
      action: 'document.attributeOptionsChanged',
      category: 'document',
      targetType: 'company',
      targetId: companyId,
      details: {
        items: {
          before: before.map(
            (o) => `${o.name}${o.isRequired ? '（必須）' : ''}${o.isEnabled ? '' : '（無効）'}`,
          ),
          after: ['管理部署（必須）（無効）', '契約種別'],
        },
        added: [{ id: added.id, name: '契約種別' }],
      },
    });
    expect(event!.actorId).not.toBeNull();
    const count = (await events()).length;
    // Refused, or the same list again: nothing changed, nothing recorded.
    expect(
      (await put([{ id: crypto.randomUUID(), name: 'x', isEnabled: true, isRequired: false }]))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await put([
          { id: kept.id, name: '管理部署', isEnabled: false, isRequired: true },
          { id: added.id, name: '契約種別', isEnabled: true, isRequired: false },
        ])
      ).statusCode,
    ).toBe(200);
    expect((await events()).length).toBe(count);
    expect((await put([])).statusCode).toBe(200);
    const [removed] = await events();
    expect(removed!.details).toMatchObject({
      removed: [
        { id: kept.id, name: '管理部署' },
        { id: added.id, name: '契約種別' },
      ],
    });
  });
});
