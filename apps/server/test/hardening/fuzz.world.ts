/**
 * The company the fuzz suite works in: an enterprise company with several signed-in admins (the API limits
 * each user to 1,200 calls a minute, so calls rotate over them), and rows of every kind — cabinets, groups,
 * members, documents with a file, bulk runs, exports, a classification backfill — plus another company's,
 * so generated ids hit real rows of both. Every id is harvested from the API's own answers, by kind.
 */
import { buildApiApp, type ApiApp } from '../../src/api-app.ts';
import { createTestDeps, type TestDeps } from '../support/test-deps.ts';
import { makeCompany, makeDocument, makeUser, signIn } from '../support/fixtures.ts';
import { multipartBody, tinyPdf } from './fuzz-multipart.ts';

export type FuzzWorld = {
  deps: TestDeps;
  app: ApiApp;
  /** Bearer headers of the company admins that make the calls. */
  callers: { authorization: string }[];
  callerIds: string[];
  /** Ids that exist (own company and another), never a caller's own. */
  ids: string[];
  /** The same ids by what they name (see idKindOf), so a path's id usually names the right kind of row. */
  pools: Record<string, string[]>;
  close: () => Promise<void>;
};

const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** Which pool a path parameter draws from, by the route it is in. */
export function idKindOf(path: string, param: string): string {
  if (param === 'backfillId') return 'backfill';
  if (param === 'fileId') return 'file';
  if (path.startsWith('/cabinets_read_document/')) return 'document';
  if (path.startsWith('/documents/attributes/')) return 'attributeBulk';
  if (path.startsWith('/documents/')) return 'document';
  if (path.startsWith('/members/')) return 'memberBulk';
  if (path.startsWith('/users/')) return 'user';
  if (path.startsWith('/member_groups/')) return 'group';
  if (path.startsWith('/cabinets')) return 'cabinet';
  return 'any';
}

export async function createFuzzWorld(callerCount = 8): Promise<FuzzWorld> {
  const deps = await createTestDeps();
  const app = await buildApiApp(deps);
  await app.ready();
  const found = new Set<string>();
  const pools: Record<string, Set<string>> = {};
  const harvest = (body: string, kind?: string) => {
    for (const raw of body.match(UUID_IN_TEXT) ?? []) {
      const id = raw.toLowerCase();
      found.add(id);
      if (kind) (pools[kind] ??= new Set()).add(id);
    }
  };

  const company = await makeCompany(deps, { plan: 'enterprise', documentImport: true });
  const admins = await Promise.all(
    Array.from({ length: callerCount }, () =>
      makeUser(deps, company.id, { roles: ['CompanyAdmin'] }),
    ),
  );
  const callers = await Promise.all(admins.map(async (a) => (await signIn(deps, a)).headers));
  const headers = callers[0]!;
  const call = async (method: 'GET' | 'POST', url: string, payload?: unknown, kind?: string) => {
    const res = await app.inject({
      method,
      url,
      headers,
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    if (res.statusCode >= 400)
      throw new Error(`fuzz world setup: ${method} ${url} answered ${res.statusCode} ${res.body}`);
    harvest(res.body, kind);
    return res.json<Record<string, unknown>>();
  };

  for (let i = 0; i < 3; i += 1)
    await makeUser(deps, company.id, { roles: i === 0 ? ['DocumentImporter'] : [] });
  const cabinet = (await call('POST', '/cabinets', { name: '契約書（ファズ）' })) as {
    cabinet: { id: string };
  };
  await call('POST', '/cabinets', { name: '請求書（ファズ）', note: 'メモ' });
  const group = (await call('POST', '/member_groups', { name: '営業部（ファズ）' })) as {
    memberGroup: { id: string };
  };
  await call('POST', '/member_groups', { name: '法務部（ファズ）' });
  for (let i = 0; i < 3; i += 1)
    await makeDocument(deps, company.id, {
      cabinetIds: [cabinet.cabinet.id],
      counterparty: `取引先${i}`,
      amount: 1000 * i,
    });

  // A document with a stored file, so /documents/{id}/files/{fileId} has a real pair.
  const mp = multipartBody([
    { kind: 'field', name: 'cabinetId', value: cabinet.cabinet.id },
    {
      kind: 'file',
      name: 'files',
      filename: '業務委託契約書.pdf',
      contentType: 'application/pdf',
      bytes: tinyPdf(),
    },
  ]);
  const imported = await app.inject({
    method: 'POST',
    url: '/documents/import',
    headers: { ...headers, ...mp.headers },
    payload: mp.payload,
  });
  const importedId = imported.json<{ results: { documentId?: string }[] }>().results[0]?.documentId;
  if (importedId) await call('GET', `/documents/${importedId}`, undefined, 'file');

  // Bulk runs of each kind, an export, an edit template, an attribute download, a backfill.
  const csv = multipartBody([
    {
      kind: 'file',
      name: 'filename',
      filename: 'members.csv',
      contentType: 'text/csv',
      bytes: Buffer.from('メールアドレス,氏名\r\nfuzz@example.test,ファズ\r\n'),
    },
  ]);
  for (const path of [
    '/members/bulk_add',
    '/members/bulk_edit',
    '/members/bulk_delete',
    '/documents/attributes/bulk_edit',
  ]) {
    await app.inject({
      method: 'POST',
      url: path,
      headers: { ...headers, ...csv.headers },
      payload: csv.payload,
    });
  }
  await call('POST', '/members/export/csv', { filters: {}, encoding: 'sjis' });
  await call('POST', '/members/bulk_edit/csv_template', { filters: {}, encoding: 'utf8bom' });
  await call('POST', '/documents/attributes/bulk_edit/csv', { conditions: {}, encoding: 'sjis' });
  await call('POST', `/cabinets/${cabinet.cabinet.id}/classification_rules`, {
    memberGroupIds: [group.memberGroup.id],
    backfill: true,
  });

  const lists: [string, string][] = [
    ['/members?page=-1', 'user'],
    ['/member_groups', 'group'],
    ['/cabinets', 'cabinet'],
    ['/documents', 'document'],
    ['/document_attribute_options', 'option'],
    [`/cabinets/${cabinet.cabinet.id}/classification_rules/backfills`, 'backfill'],
    ['/members/bulk_manipulations?perPage=100', 'memberBulk'],
    ['/documents/attributes/bulk_manipulations?perPage=100', 'attributeBulk'],
  ];
  for (const [url, kind] of lists) await call('GET', url, undefined, kind);

  // Another company's rows: their ids must answer like missing ones.
  const other = await makeCompany(deps, { name: '株式会社アザー', plan: 'business' });
  const otherAdmin = await makeUser(deps, other.id, { roles: ['CompanyAdmin'] });
  harvest(otherAdmin.id, 'user');
  harvest((await makeDocument(deps, other.id)).id, 'document');
  const otherHeaders = (await signIn(deps, otherAdmin)).headers;
  for (const [url, kind] of [
    ['/cabinets', 'cabinet'],
    ['/member_groups', 'group'],
  ] as const) {
    harvest((await app.inject({ method: 'GET', url, headers: otherHeaders })).body, kind);
  }

  const callerIds = admins.map((a) => a.id);
  for (const set of [found, ...Object.values(pools)])
    for (const id of [...callerIds, company.id, other.id]) set.delete(id);
  return {
    deps,
    app,
    callers,
    callerIds,
    ids: [...found].sort(),
    pools: Object.fromEntries(Object.entries(pools).map(([k, v]) => [k, [...v].sort()])),
    close: async () => {
      await app.close();
      await deps.cleanup();
    },
  };
}
