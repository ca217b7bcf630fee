/**
 * Every versioned save (a contract entry with `ifMatch`) refuses in one order: 401 → 403 → 404 → 400 → 428 →
 * 409 (docs/decisions.md "Saves name the version they were based on"). A member without the privilege who
 * sends no If-Match and a wrong body learns only 403; another company's id only 404; a wrong body from an
 * admin is a 400 before the missing If-Match's 428. The entries are read from the contract, so a new
 * versioned save is checked here without being listed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as contract from '@cloudsign/contract';
import { endpointPath, ifMatchOf, type Endpoint } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../api-app.ts';
import { createTestDeps, type TestDeps } from '../../test/support/test-deps.ts';
import { makeDocument } from '../../test/support/fixtures.ts';
import { makeWorld, type World } from '../../test/support/cabinets.world.ts';

let deps: TestDeps;
let app: ApiApp;
let w: World;
let ownDoc: string;
let otherDoc: string;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  w = await makeWorld(deps);
  // The reader reads 営業契約 (through 営業部) and edits nothing in it.
  ownDoc = (await makeDocument(deps, w.company.id, { cabinetIds: [w.cabinets.contracts.id] })).id;
  otherDoc = (await makeDocument(deps, w.other.company.id, {})).id;
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

/** Every versioned save the contract declares. */
const VERSIONED: [string, Endpoint][] = Object.values(contract)
  .filter((v): v is Record<string, unknown> => typeof v === 'object' && v !== null)
  .flatMap((group) => Object.values(group))
  .filter(
    (e): e is Endpoint =>
      typeof e === 'object' && e !== null && 'path' in e && (e as Endpoint).ifMatch === true,
  )
  .map((e) => [`${e.method} ${e.path}`, e]);

/** A body no entry accepts (their bodies are strict): the 400 that must not come first. */
const WRONG_BODY = { notAField: 1 };

/** What an entry naming an item needs: whose it is, and a body it would accept. */
type Item = { own: () => string; other: () => string; body: object };
const ITEMS: Record<string, Item> = {
  'PUT /cabinets/:id': {
    own: () => w.cabinets.contracts.id,
    other: () => w.other.cabinet.id,
    body: { name: '順序の確認', note: '' },
  },
  'PUT /cabinets/:id/alert_settings': {
    own: () => w.cabinets.contracts.id,
    other: () => w.other.cabinet.id,
    body: { rules: [{ dateItem: 'validityEndAt', daysBefore: 30 }], memberIds: [], groupIds: [] },
  },
  'PUT /users/:id': {
    own: () => w.users.outsider.id,
    other: () => w.other.admin.id,
    body: { name: '順序 確認' },
  },
  'PUT /member_groups/:id': {
    own: () => w.groups.legal.id,
    other: () => w.other.group.id,
    body: { name: '順序の確認', note: '' },
  },
  'PUT /documents/:id/attribute': {
    own: () => ownDoc,
    other: () => otherDoc,
    body: { localId: 'ORDER-1' },
  },
};
/** Singletons with a body they would accept, where the whole-answer checks below can run. */
const SINGLETONS: Record<string, object> = {
  'PUT /document_attribute_options': { documentAttributeOptions: [] },
};

const urlOf = (e: Endpoint, id?: string) =>
  e.path.includes(':') ? endpointPath(e.path, { id: id ?? '' } as never) : e.path;
const send = (e: Endpoint, headers: Record<string, string>, payload: object, id?: string) =>
  app.inject({ method: e.method, url: urlOf(e, id), headers, payload });
const codeOf = (res: Awaited<ReturnType<typeof send>>) => [
  res.statusCode,
  res.json<{ error?: { code?: string } }>().error?.code,
];

it('finds the versioned saves in the contract', () => {
  expect(VERSIONED.map(([k]) => k)).toEqual(
    expect.arrayContaining([...Object.keys(ITEMS), ...Object.keys(SINGLETONS)]),
  );
});

describe.each(VERSIONED)('%s', (key, e) => {
  const item = ITEMS[key];
  const names = e.path.includes(':');

  it('names an item only when this test knows how to make one', () => {
    expect(!names || item !== undefined, `${key}: add it to ITEMS`).toBe(true);
  });

  it('without the privilege, no If-Match and a wrong body: 403', async () => {
    const res = await send(e, w.headers.reader, WRONG_BODY, item?.own());
    expect(codeOf(res), res.body).toEqual([403, expect.any(String)]);
  });

  it('without signing in: 401', async () => {
    const res = await send(e, {}, WRONG_BODY, item?.own());
    expect(res.statusCode).toBe(401);
  });

  it.runIf(names)('another company’s item, no If-Match and a wrong body: 404', async () => {
    const res = await send(e, w.headers.admin, WRONG_BODY, item!.other());
    expect(codeOf(res), res.body).toEqual([404, 'not_found']);
  });

  const body = item?.body ?? SINGLETONS[key];
  it.runIf(body !== undefined)(
    'the admin: a wrong body is 400 before 428, then 428 without If-Match, then 409 on a stale one',
    async () => {
      const wrong = await send(e, w.headers.admin, WRONG_BODY, item?.own());
      expect(codeOf(wrong), wrong.body).toEqual([400, 'validation_failed']);
      const none = await send(e, w.headers.admin, body!, item?.own());
      expect(codeOf(none), none.body).toEqual([428, 'version_required']);
      const stale = await send(
        e,
        { ...w.headers.admin, 'if-match': ifMatchOf('2000-01-01T00:00:00.000Z') },
        body!,
        item?.own(),
      );
      expect(codeOf(stale), stale.body).toEqual([409, 'stale_version']);
    },
  );
});
