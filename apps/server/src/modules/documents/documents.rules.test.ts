/**
 * Document rules without a database: the documents repository answers who may read and edit each document and
 * who manages each cabinet, from the company of the cabinet rule tests (test/support/cabinet-rules.world.ts),
 * so each test states a rule and the answer a member gets, with nothing written when it is refused.
 */
import { describe, expect, it } from 'vitest';
import type { Who } from '../../auth/access.ts';
import type { AuthContext } from '../../auth/current-user.ts';
import { failure } from '../../../test/support/error-body.ts';
import { fakeDb, fakeOf } from '../../../test/support/fakes.ts';
import {
  ALL,
  FILED,
  HR,
  LEGAL,
  NOW,
  SALES,
  V1,
  companyAdmin,
  may,
  readableOf,
  salesAdmin,
} from '../../../test/support/cabinet-rules.world.ts';
import {
  EMPTY_ATTRIBUTE,
  loadEditable,
  updateDocumentAttribute,
} from './document-attribute.service.ts';
import { resolveImportCabinet } from './documents-import.service.ts';
import type * as repo from './documents.repository.ts';
import { getDocument, searchScope, type Ctx } from './documents.service.ts';

const notFound = {
  code: 'not_found',
  status: 404,
  message: 'ご指定のデータが見つかりませんでした。',
};
const forbidden = { code: 'forbidden', status: 403, message: 'この操作を行う権限がありません。' };
/** These rules are not about versions: a save here overwrites on purpose (If-Match: *). */
const ANY = { kind: 'any' } as const;

const documentRow = (id: string): repo.DocumentRow => ({
  id,
  companyId: 'company-a',
  status: 2,
  title: `契約書 ${id}`,
  senderId: null,
  senderName: '',
  senderEmail: '',
  sentAt: null,
  concludedAt: null,
  ...EMPTY_ATTRIBUTE,
  searchText: id,
  createdAt: V1,
  updatedAt: V1,
});
/** Whether `who` reads, or edits, document `id` (the cabinet it is filed in decides). */
const mayDocument = (who: Who, can: 'read' | 'edit', id: string) =>
  FILED[id] !== undefined && may(who, can, FILED[id]);

/** The company's documents and cabinets; records every write and event. */
function world() {
  const writes: string[] = [];
  const documents = fakeOf<typeof repo>({
    findReadableDocument: async (_db, who, id) =>
      mayDocument(who, 'read', id) ? documentRow(id) : null,
    canEditAttribute: async (_db, who, id) => mayDocument(who, 'edit', id),
    findCabinetInCompany: async (_db, _c, id) =>
      [ALL, SALES, LEGAL, HR].find((c) => c.id === id) ?? null,
    canManageCabinet: async (_db, who, id) => may(who, 'edit', id),
    readableCabinets: async (_db, who) => readableOf(who),
    // The detail's one statement: the row only where the caller reads it, with his edit right beside it.
    selectDocumentDetail: async (_db, who, _readable, id) =>
      mayDocument(who, 'read', id)
        ? {
            document: documentRow(id),
            participants: [],
            files: [],
            cabinets: [],
            optionIds: [],
            canEditAttribute: mayDocument(who, 'edit', id),
          }
        : null,
  });
  const db = fakeDb((e) => writes.push(`audit ${e.action}`));
  const ctx = (auth: AuthContext) => ({ db, auth, documents, clock: () => NOW }) satisfies Ctx;
  return { ctx, writes };
}

describe('editing a document', () => {
  it('one the member may not read is missing, never forbidden: 404, nothing written', async () => {
    const w = world();
    // He reads 営業 and 法務; 人事 is a company admin's only.
    const asSalesAdmin = w.ctx(salesAdmin);
    expect(await failure(loadEditable(asSalesAdmin, 'd-hr'))).toEqual(notFound);
    const edit = updateDocumentAttribute(asSalesAdmin, 'd-hr', { title: '改名' }, ANY);
    expect(await failure(edit)).toEqual(notFound);
    expect(w.writes).toEqual([]);
    // A company admin edits every document.
    expect(await loadEditable(w.ctx(companyAdmin), 'd-hr')).toMatchObject({ id: 'd-hr' });
  });

  it('one the member only reads is not his to edit: 403, nothing written', async () => {
    const w = world();
    // He reads 法務 without managing it; he manages 営業.
    const asSalesAdmin = w.ctx(salesAdmin);
    expect(await failure(loadEditable(asSalesAdmin, 'd-legal'))).toEqual(forbidden);
    const edit = updateDocumentAttribute(asSalesAdmin, 'd-legal', { title: '改名' }, ANY);
    expect(await failure(edit)).toEqual(forbidden);
    expect(w.writes).toEqual([]);
    expect(await loadEditable(asSalesAdmin, 'd-sales')).toMatchObject({ id: 'd-sales' });
  });
});

describe('reading a document', () => {
  it('one the member may not read is missing (404); one he reads says whether he may edit it', async () => {
    const w = world();
    const asSalesAdmin = w.ctx(salesAdmin);
    expect(await failure(getDocument(asSalesAdmin, 'd-hr'))).toEqual(notFound);
    expect(await getDocument(asSalesAdmin, 'd-legal')).toMatchObject({
      id: 'd-legal',
      title: '契約書 d-legal',
      canEditAttribute: false,
    });
    expect(await getDocument(asSalesAdmin, 'd-sales')).toMatchObject({ canEditAttribute: true });
    expect(await getDocument(w.ctx(companyAdmin), 'd-hr')).toMatchObject({ id: 'd-hr' });
  });
});

describe('importing into a cabinet', () => {
  it('only into one the member manages: 403 on cabinetId, a missing cabinet 404', async () => {
    const w = world();
    const asSalesAdmin = w.ctx(salesAdmin);
    const m =
      'このキャビネットに書類をインポートする権限がありません（キャビネットの管理者のみインポートできます）。';
    expect(await failure(resolveImportCabinet(asSalesAdmin, 'legal'))).toEqual({
      code: 'forbidden',
      status: 403,
      message: m,
      details: [{ path: 'cabinetId', message: m }],
    });
    const missing = 'インポート先のキャビネットが見つかりません。';
    expect(await failure(resolveImportCabinet(asSalesAdmin, 'nowhere'))).toEqual({
      code: 'not_found',
      status: 404,
      message: missing,
      details: [{ path: 'cabinetId', message: missing }],
    });
    expect(await resolveImportCabinet(asSalesAdmin, 'sales')).toEqual({
      id: 'sales',
      name: '営業',
      isSystem: false,
    });
    expect(await resolveImportCabinet(w.ctx(companyAdmin), 'all')).toMatchObject({
      isSystem: true,
    });
  });
});

describe('searching a cabinet', () => {
  it('only one the member reads: another is missing (404 on cabinetId), as is another company’s', async () => {
    const w = world();
    const asSalesAdmin = w.ctx(salesAdmin);
    const missing = '指定されたキャビネットが見つかりません。';
    const notHere = {
      code: 'not_found',
      status: 404,
      message: missing,
      details: [{ path: 'cabinetId', message: missing }],
    };
    // He reads 営業 and 法務; 人事 is a company admin's only.
    expect(await failure(searchScope(asSalesAdmin, { cabinetId: 'hr', options: {} }))).toEqual(
      notHere,
    );
    expect(await searchScope(asSalesAdmin, { cabinetId: 'LEGAL', options: {} })).toMatchObject({
      cabinet: { id: 'legal', isSystem: false },
    });
    const asAdmin = w.ctx(companyAdmin);
    expect(await searchScope(asAdmin, { cabinetId: 'hr', options: {} })).toMatchObject({
      cabinet: { id: 'hr', isSystem: false },
    });
    expect(await failure(searchScope(asAdmin, { cabinetId: 'nowhere', options: {} }))).toEqual(
      notHere,
    );
  });
});
