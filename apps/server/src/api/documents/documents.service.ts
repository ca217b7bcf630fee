/** Rules of the documents area (issue 6; decisions in packages/contract/src/documents.ts). */
import {
  DOCUMENT_TOTAL_CAP,
  type TDocumentAttributeOption,
  type TDocumentDetail,
  type TDocumentFindQuery,
  type TDocumentFindResponse,
  type TDocumentSearchConditions,
} from '@cloudsign/contract';
import type { Db, DbOrTx } from '../../db/client.ts';
import { canReadCabinet } from '../../auth/access.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { selectOptions } from '../document-attribute-options/document-attribute-options.repository.ts';
import * as repo from './documents.repository.ts';
import { hasNoConditions } from './documents.search.ts';

type Who = repo.Who;

/** A cabinet filter must name a cabinet the caller may read; anything else is a missing cabinet (404). */
export async function resolveCabinetScope(db: DbOrTx, who: Who, cabinetId: string | undefined): Promise<repo.CabinetScope> {
  if (!cabinetId) return null;
  const cabinet = await repo.findCabinetInCompany(db, who.user.companyId, cabinetId);
  if (!cabinet || !(await canReadCabinet(db, who, cabinetId))) {
    throw new AppError('not_found', '指定されたキャビネットが見つかりません。', [{ path: 'cabinetId', message: '指定されたキャビネットが見つかりません。' }]);
  }
  return { id: cabinet.id, isSystem: cabinet.type === 1 };
}

/** The exact total is free when nothing narrows a company admin's search (triggers keep the count). */
async function total(db: DbOrTx, who: Who, conditions: TDocumentSearchConditions, cabinet: repo.CabinetScope, where: ReturnType<typeof repo.documentSearchWhere>) {
  if (who.isCompanyAdmin && (!cabinet || cabinet.isSystem) && hasNoConditions(conditions)) {
    return { total: await repo.companyDocumentCount(db, who.user.companyId), isTotalExact: true };
  }
  const n = await repo.countDocumentsCapped(db, where);
  return n > DOCUMENT_TOTAL_CAP ? { total: DOCUMENT_TOTAL_CAP, isTotalExact: false } : { total: n, isTotalExact: true };
}

export async function findDocuments(db: Db, who: Who, q: TDocumentFindQuery): Promise<TDocumentFindResponse> {
  const cabinet = await resolveCabinetScope(db, who, q.cabinetId);
  const where = repo.documentSearchWhere(who, q, cabinet);
  const rows = await repo.selectDocumentPage(db, where, q);
  const count = await total(db, who, q, cabinet, where);
  const cabinetRows = await repo.selectCabinetsOf(
    db,
    who,
    rows.map((r) => r.id),
  );
  return {
    documents: rows.map((r) => ({
      ...r,
      status: r.status as TDocumentDetail['status'],
      cabinets: cabinetRows.filter((c) => c.documentId === r.id).map(({ id, name }) => ({ id, name })),
      sentAt: r.sentAt?.toISOString() ?? null,
      updatedAt: r.updatedAt.toISOString(),
    })),
    ...count,
  };
}

/** Stored option values, limited to the items that still exist. */
function visibleOptions(stored: Record<string, string>, options: TDocumentAttributeOption[]) {
  return Object.fromEntries(options.filter((o) => stored[o.id] !== undefined && stored[o.id] !== '').map((o) => [o.id, stored[o.id]!]));
}

export async function getDocument(db: DbOrTx, who: Who, id: string): Promise<TDocumentDetail> {
  const doc = await repo.findReadableDocument(db, who, id);
  if (!doc) throw notFound();
  const [participants, files, cabinets, options, canEdit] = [
    await repo.selectParticipants(db, id),
    await repo.selectFiles(db, id),
    await repo.selectCabinetsOf(db, who, [id]),
    await selectOptions(db, who.user.companyId),
    await repo.canEditAttribute(db, who, id),
  ];
  return {
    id: doc.id,
    status: doc.status as TDocumentDetail['status'],
    title: doc.title,
    sender: { id: doc.senderId, name: doc.senderName, email: doc.senderEmail },
    sentAt: doc.sentAt?.toISOString() ?? null,
    concludedAt: doc.concludedAt?.toISOString() ?? null,
    createdAt: doc.createdAt.toISOString(),
    updatedAt: doc.updatedAt.toISOString(),
    attribute: {
      title: doc.attrTitle,
      counterparty: doc.counterparty,
      contractAt: doc.contractAt,
      validityStartAt: doc.validityStartAt,
      validityEndAt: doc.validityEndAt,
      validityEndNoticeAt: doc.validityEndNoticeAt,
      autoUpdate: doc.autoUpdate as 0 | 1 | 2,
      localId: doc.localId,
      amount: doc.amount,
      options: visibleOptions(doc.options, options),
    },
    participants,
    files: files.map((f) => ({ id: f.id, name: f.name, size: f.size })),
    cabinets: cabinets.map(({ id: cid, name }) => ({ id: cid, name })),
    canEditAttribute: canEdit,
  };
}

export async function findDocumentFile(db: DbOrTx, who: Who, id: string, fileId: string) {
  const doc = await repo.findReadableDocument(db, who, id);
  const file = doc ? (await repo.selectFiles(db, id)).find((f) => f.id === fileId) : undefined;
  if (!file) throw notFound();
  return file;
}
