/** Documents in the audit log: an import and an attribute edit each leave events naming who, what and how. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeDocument } from '../../../test/support/fixtures.ts';
import { makeDocumentsWorld, type DocumentsWorld } from '../../../test/support/documents.world.ts';
import { findEventPage } from '../audit-log/audit-log.repository.ts';

let deps: TestDeps;
let app: ApiApp;
let w: DocumentsWorld;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  w = await makeDocumentsWorld(deps);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const documentEvents = async () =>
  (
    await findEventPage(deps.database.db, { companyId: w.company.id, category: 'document' }, 50)
  ).map((e) => ({
    action: e.action,
    actor: [e.actorId, e.actorName, e.actorEmail],
    target: [e.targetType, e.targetId, e.targetName],
    details: e.details,
  }));
const admin = () => [w.users.admin.id, '管理 花子', `admin-${w.company.id}@example.test`];

async function importFiles(files: { name: string; body: string }[]) {
  const form = new FormData();
  form.append('cabinetId', w.cabinets.contracts.id);
  for (const f of files) {
    const bytes = Buffer.from(`%PDF-1.7\n${f.body}\n%%EOF\r\n`);
    form.append('files', new Blob([bytes], { type: 'application/pdf' }), f.name);
  }
  const req = new Request('http://x/', { method: 'POST', body: form });
  return app.inject({
    method: 'POST',
    url: '/documents/import',
    headers: { ...w.headers.admin, 'content-type': req.headers.get('content-type')! },
    payload: Buffer.from(await req.arrayBuffer()),
  });
}

describe('audit log: documents', () => {
  it('an import records one event per imported document, naming the cabinet; a rejected file none', async () => {
    const before = (await documentEvents()).length;
    const res = await importFiles([
      { name: '秘密保持契約書.pdf', body: 'one' },
      { name: 'メモ.txt', body: 'not a pdf' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const [ok] = res.json<{ results: { ok: boolean; documentId?: string }[] }>().results;
    const events = await documentEvents();
    expect(events.length - before).toBe(1);
    expect(events[0]).toEqual({
      action: 'document.imported',
      actor: admin(),
      target: ['document', ok!.documentId, '秘密保持契約書'],
      details: { cabinet: { id: w.cabinets.contracts.id, name: '営業契約' } },
    });
  });

  it('an attribute edit records before → after of the fields that changed only', async () => {
    const doc = await makeDocument(deps, w.company.id, {
      cabinetIds: [w.cabinets.contracts.id],
      title: '売買契約書',
      counterparty: '株式会社東京商事',
      amount: 1000,
      localId: 'K-9',
    });
    const res = await app.inject({
      method: 'PUT',
      url: `/documents/${doc.id}/attribute`,
      headers: { ...w.headers.admin, 'if-match': '*' },
      payload: {
        counterparty: '大阪物産株式会社',
        contractAt: '2024-04-01',
        amount: null,
        localId: 'K-9',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await documentEvents())[0]).toEqual({
      action: 'document.attributesChanged',
      actor: admin(),
      target: ['document', doc.id, '売買契約書（管理番号: K-9）'],
      details: {
        counterparty: { before: '株式会社東京商事', after: '大阪物産株式会社' },
        contractAt: { before: null, after: '2024-04-01' },
        amount: { before: 1000, after: null },
      },
    });
    // Sending the same values again changes nothing and records nothing.
    const count = (await documentEvents()).length;
    const again = await app.inject({
      method: 'PUT',
      url: `/documents/${doc.id}/attribute`,
      headers: { ...w.headers.admin, 'if-match': '*' },
      payload: { counterparty: '大阪物産株式会社' },
    });
    expect(again.statusCode).toBe(200);
    expect(await documentEvents()).toHaveLength(count);
  });

  it('a refused edit (another company’s document) records nothing', async () => {
    const other = await makeDocument(deps, w.other.company.id, { title: '他社の書類' });
    const count = (await documentEvents()).length;
    const res = await app.inject({
      method: 'PUT',
      url: `/documents/${other.id}/attribute`,
      headers: { ...w.headers.admin, 'if-match': '*' },
      payload: { counterparty: '書き換え' },
    });
    expect(res.statusCode).toBe(404);
    expect(await documentEvents()).toHaveLength(count);
  });
});
