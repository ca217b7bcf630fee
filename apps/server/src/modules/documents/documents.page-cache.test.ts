/**
 * Remembered pages (documents.service.ts findDocuments): a repeated search over every company document answers
 * from which documents its page held, under the documents version, but never shows anything stale: rows and
 * cabinets are read fresh, and any change to documents searches again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TDocumentFindResponse } from '@cloudsign/contract';
import { and, eq } from 'drizzle-orm';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeDocument, makeUser, signIn } from '../../../test/support/fixtures.ts';
import {
  cabinetMemberGroups,
  cabinets,
  documentCabinets,
  documents,
  memberGroups,
  memberGroupUsers,
} from '../../db/schema.ts';
import { makeDocumentsWorld, type DocumentsWorld } from '../../../test/support/documents.world.ts';

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

const find = async (query: string, headers: Record<string, string>) => {
  const res = await app.inject({ method: 'GET', url: `/documents?${query}`, headers });
  expect(res.statusCode).toBe(200);
  return res.json<TDocumentFindResponse>();
};
const titles = (r: TDocumentFindResponse) => r.documents.map((d) => d.title);

describe('a repeated search over every company document', () => {
  it('shows links and cabinet names as they are now, though links do not change the documents version', async () => {
    const c = w.company.id;
    const doc = await makeDocument(deps, c, {
      title: 'キャッシュ確認書',
      updatedAt: new Date('2031-01-01T00:00:00Z'),
    });
    const query = 'keyword=キャッシュ確認';
    expect((await find(query, w.headers.admin)).documents[0]!.cabinets).toEqual([]);
    await deps.database.db
      .insert(documentCabinets)
      .values({ cabinetId: w.cabinets.contracts.id, documentId: doc.id });
    expect((await find(query, w.headers.admin)).documents[0]!.cabinets).toEqual([
      { id: w.cabinets.contracts.id, name: '営業契約' },
    ]);
    await deps.database.db
      .update(cabinets)
      .set({ name: '営業契約（新）' })
      .where(eq(cabinets.id, w.cabinets.contracts.id));
    expect((await find(query, w.headers.admin)).documents[0]!.cabinets).toEqual([
      { id: w.cabinets.contracts.id, name: '営業契約（新）' },
    ]);
    await deps.database.db
      .update(cabinets)
      .set({ name: '営業契約' })
      .where(eq(cabinets.id, w.cabinets.contracts.id));
    await deps.database.db
      .delete(documentCabinets)
      .where(
        and(
          eq(documentCabinets.documentId, doc.id),
          eq(documentCabinets.cabinetId, w.cabinets.contracts.id),
        ),
      );
    expect((await find(query, w.headers.admin)).documents[0]!.cabinets).toEqual([]);
  });

  it('finds a document added, changed or deleted since, with the total to match', async () => {
    const c = w.company.id;
    const first = await makeDocument(deps, c, {
      title: '再検索A',
      updatedAt: new Date('2032-01-02T00:00:00Z'),
    });
    const query = 'keyword=再検索';
    expect([
      titles(await find(query, w.headers.admin)),
      (await find(query, w.headers.admin)).total,
    ]).toEqual([['再検索A'], 1]);
    const second = await makeDocument(deps, c, {
      title: '再検索B',
      updatedAt: new Date('2032-01-03T00:00:00Z'),
    });
    const added = await find(query, w.headers.admin);
    expect([titles(added), added.total]).toEqual([['再検索B', '再検索A'], 2]);
    // Any writer (here plain SQL): the order follows the new update time at once.
    await deps.database.db
      .update(documents)
      .set({ updatedAt: new Date('2032-01-04T00:00:00Z') })
      .where(eq(documents.id, first.id));
    expect(titles(await find(query, w.headers.admin))).toEqual(['再検索A', '再検索B']);
    await deps.database.db.delete(documents).where(eq(documents.id, second.id));
    const deleted = await find(query, w.headers.admin);
    expect([titles(deleted), deleted.total]).toEqual([['再検索A'], 1]);
  });

  it('shows a member who reads every document only the cabinets they may see, after an admin ran the same search', async () => {
    const c = w.company.id;
    const member = await makeUser(deps, c, { name: '全件 閲覧者' });
    const [group] = await deps.database.db
      .insert(memberGroups)
      .values({ companyId: c, name: '監査（キャッシュ）' })
      .returning();
    await deps.database.db
      .insert(memberGroupUsers)
      .values({ groupId: group!.id, userId: member.id });
    await deps.database.db
      .insert(cabinetMemberGroups)
      .values({ cabinetId: w.cabinets.system.id, groupId: group!.id });
    await makeDocument(deps, c, {
      title: '人事の共有書類',
      cabinetIds: [w.cabinets.hr.id],
      updatedAt: new Date('2033-01-01T00:00:00Z'),
    });
    const query = 'keyword=人事の共有';
    expect((await find(query, w.headers.admin)).documents[0]!.cabinets.map((x) => x.name)).toEqual([
      '人事',
    ]);
    const asMember = await find(query, (await signIn(deps, member)).headers);
    expect([titles(asMember), asMember.documents[0]!.cabinets]).toEqual([['人事の共有書類'], []]);
  });
});
