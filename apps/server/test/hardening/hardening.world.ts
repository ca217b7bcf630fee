/**
 * The two-company world of the hardening suites: company A holds one of everything the API can
 * address (cabinet, group, member, document with its PDF, backfill, member and attribute bulk runs);
 * company B's admin is the outsider who must never reach any of it.
 */
import { randomUUID } from 'node:crypto';
import { inArray } from 'drizzle-orm';
import { BulkKind, BulkStatus } from '@cloudsign/contract';
import type { AppDeps } from '../../src/deps.ts';
import { eq } from 'drizzle-orm';
import { recordAuditEvent } from '../../src/modules/audit-log/audit-log.record.ts';
import {
  auditEvents,
  bulkManipulations,
  cabinetAdmins,
  cabinetBackfills,
  cabinetMemberGroups,
  cabinets,
  companies,
  documentFiles,
  memberGroupUsers,
  memberGroups,
  provisioningTokens,
  sessions,
  users,
} from '../../src/db/schema.ts';
import { makeCompany, makeDocument, makeUser, signIn } from '../support/fixtures.ts';
import { hashPassword } from '../../src/auth/passwords.ts';
import { makeSsoSettings } from '../support/sso.world.ts';

export const ROLES = [
  'companyAdmin',
  'cabinetAdmin',
  'member',
  'otherCompany',
  'noToken',
  'expiredToken',
] as const;
export type Role = (typeof ROLES)[number];

/** The smallest file the import accepts: starts `%PDF-`, ends `%%EOF`. */
export const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

let seq = 0;
/** A name no earlier call produced (names and emails are unique per company or service). */
export const unique = (prefix: string) => `${prefix}${(seq += 1)}-${randomUUID().slice(0, 6)}`;

export async function buildWorld(deps: AppDeps) {
  const db = deps.database.db;
  const a = await makeCompany(deps, {
    name: '株式会社サンプル商事',
    plan: 'enterprise',
    documentImport: true,
  });
  const b = await makeCompany(deps, {
    name: '株式会社アザー',
    plan: 'enterprise',
    documentImport: true,
  });
  const adminA = await makeUser(deps, a.id, { roles: ['CompanyAdmin'] });
  const cabinetAdminA = await makeUser(deps, a.id, { roles: [] });
  const memberA = await makeUser(deps, a.id, { roles: [] });
  /** Invited (status 0), so the registration mail can be re-sent; the target of member edits. */
  const targetA = await makeUser(deps, a.id, { roles: [], status: 0 });
  // Also an auditor of B: asking for A's audit events by id must answer 404, not a 403 for the privilege.
  const adminB = await makeUser(deps, b.id, { roles: ['CompanyAdmin', 'CompanyAuditor'] });

  const [group] = await db
    .insert(memberGroups)
    .values({ companyId: a.id, name: '営業部', type: 0 })
    .returning();
  const [spareGroup] = await db
    .insert(memberGroups)
    .values({ companyId: a.id, name: '法務部', type: 0 })
    .returning();
  await db.insert(memberGroupUsers).values({ groupId: group!.id, userId: memberA.id });

  /** A user cabinet administered by cabinetAdminA and read by memberA through `group`. */
  const newCabinet = async () => {
    const [c] = await db
      .insert(cabinets)
      .values({ companyId: a.id, name: unique('契約書'), type: 0 })
      .returning();
    await db.insert(cabinetAdmins).values({ cabinetId: c!.id, userId: cabinetAdminA.id });
    await db.insert(cabinetMemberGroups).values({ cabinetId: c!.id, groupId: group!.id });
    return c!;
  };
  const cabinet = await newCabinet();
  const newDocument = async () =>
    makeDocument(deps, a.id, { cabinetIds: [cabinet.id], counterparty: '株式会社取引先' });
  const document = await newDocument();
  const storageKey = `documents/${randomUUID()}.pdf`;
  await deps.storage.write(storageKey, PDF_BYTES);
  const [file] = await db
    .insert(documentFiles)
    .values({ documentId: document.id, name: '契約書.pdf', size: PDF_BYTES.length, storageKey })
    .returning();
  const [backfill] = await db
    .insert(cabinetBackfills)
    .values({ companyId: a.id, cabinetId: cabinet.id, groupIds: [group!.id], createdBy: adminA.id })
    .returning();

  /** A bulk run as its job would leave it, with its stored input or output file. */
  const manipulation = async (
    target:
      'members' | 'document_attributes' | 'audit_log' | 'document_download' | 'tax_audit_pack',
    kind: number,
    status: number,
  ) => {
    const key = `hardening/${randomUUID()}.csv`;
    await deps.storage.write(key, Buffer.from('\ufeffメールアドレス\r\n', 'utf8'));
    const isInput = kind === BulkKind.Add || kind === BulkKind.Edit || kind === BulkKind.Delete;
    const [m] = await db
      .insert(bulkManipulations)
      .values({
        companyId: a.id,
        target,
        kind,
        status,
        originalFilename: 'input.csv',
        ...(isInput ? { inputFileKey: key } : { outputFileKey: key }),
        createdBy: adminA.id,
        createdByName: adminA.name,
      })
      .returning();
    return m!;
  };
  const memberUpload = await manipulation('members', BulkKind.Add, BulkStatus.Uploaded);
  const memberExport = await manipulation('members', BulkKind.Export, BulkStatus.Succeeded);
  const memberEditTemplate = await manipulation(
    'members',
    BulkKind.GenerateEditTemplate,
    BulkStatus.Succeeded,
  );
  const auditExport = await manipulation('audit_log', BulkKind.Export, BulkStatus.Succeeded);
  const documentDownload = await manipulation(
    'document_download',
    BulkKind.Export,
    BulkStatus.Succeeded,
  );
  const taxAuditPack = await manipulation('tax_audit_pack', BulkKind.Export, BulkStatus.Succeeded);
  const attributeUpload = await manipulation(
    'document_attributes',
    BulkKind.Edit,
    BulkStatus.Uploaded,
  );
  const attributeDownload = await manipulation(
    'document_attributes',
    BulkKind.GenerateEditTemplate,
    BulkStatus.Succeeded,
  );

  // Company B's own rows, for calls that name company A's ids in a body or query of a B resource.
  const cabinetAdminB = await makeUser(deps, b.id, { roles: [] });
  const [cabinetB] = await db
    .insert(cabinets)
    .values({ companyId: b.id, name: 'アザーの契約書', type: 0 })
    .returning();
  await db.insert(cabinetAdmins).values({ cabinetId: cabinetB!.id, userId: cabinetAdminB.id });
  const [groupB] = await db
    .insert(memberGroups)
    .values({ companyId: b.id, name: 'アザー営業部', type: 0 })
    .returning();
  const documentB = await makeDocument(deps, b.id, { cabinetIds: [cabinetB!.id] });

  const bearer = async (user: { id: string; companyId: string }, at?: Date) =>
    (await signIn(deps, user, at)).headers;
  // Signed an hour ago: the 5-minute token has expired, its session has not.
  const expired = await bearer(adminA, new Date(deps.clock().getTime() - 3600 * 1000));
  const headers: Record<Role, Record<string, string>> = {
    companyAdmin: await bearer(adminA),
    cabinetAdmin: await bearer(cabinetAdminA),
    member: await bearer(memberA),
    otherCompany: await bearer(adminB),
    noToken: {},
    expiredToken: expired,
  };

  const auditEventA = await db.transaction(async (tx) => {
    await recordAuditEvent(tx, {
      companyId: a.id,
      actor: { id: adminA.id, name: adminA.name, email: adminA.email },
      action: 'cabinet.updated',
      target: { type: 'cabinet', id: cabinet.id, name: cabinet.name },
    });
    const [row] = await tx
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(eq(auditEvents.companyId, a.id));
    return row!;
  });

  return {
    companyA: a,
    auditEventA,
    companyB: b,
    users: { adminA, cabinetAdminA, memberA, targetA, adminB },
    group: group!,
    spareGroup: spareGroup!,
    cabinet,
    document,
    file: file!,
    backfill: backfill!,
    memberUpload,
    memberExport,
    auditExport,
    documentDownload,
    taxAuditPack,
    memberEditTemplate,
    attributeUpload,
    attributeDownload,
    headers,
    b: {
      cabinet: cabinetB!,
      group: groupB!,
      document: documentB,
      cabinetAdmin: cabinetAdminB,
      cabinetAdminHeaders: await bearer(cabinetAdminB),
    },
    /** Both companies have an IdP registered. */
    sso: await makeSsoSettings(deps, [a.id, b.id]),
    /** Fresh rows for calls that destroy what they are given, so every role meets the same state. */
    fresh: {
      cabinet: newCabinet,
      document: newDocument,
      user: () => makeUser(deps, a.id, { roles: [] }),
      /** A member under 利用停止, for 利用再開. */
      deactivatedUser: () => makeUser(deps, a.id, { roles: [], status: 3 }),
      /** A new session of company A's admin, by the public id アカウント設定 names sessions with. */
      adminSession: async () => {
        const { sessionId } = await signIn(deps, adminA);
        const [row] = await db
          .select({ publicId: sessions.publicId })
          .from(sessions)
          .where(eq(sessions.id, sessionId));
        return row!.publicId;
      },
      /** Every caller without MFA, so アカウント設定's re-registration needs no current code. */
      noMfa: async () => {
        await db
          .update(users)
          .set({ mfa: 2, mfaSecret: null, mfaLastStep: null })
          .where(inArray(users.id, [adminA.id, cabinetAdminA.id, memberA.id, adminB.id]));
      },
      /** Every caller's password set to this one, so アカウント設定's password change can prove it. */
      knownPassword: async () => {
        knownHash ??= await hashPassword(KNOWN_PASSWORD);
        await db
          .update(users)
          .set({ passwordHash: knownHash })
          .where(inArray(users.id, [adminA.id, cabinetAdminA.id, memberA.id, adminB.id]));
        return KNOWN_PASSWORD;
      },
      /** Both companies back at settings version 0, so a PUT naming version 0 is current for either admin. */
      settingsVersion: async () => {
        await db
          .update(companies)
          .set({ settingsVersion: 0 })
          .where(inArray(companies.id, [a.id, b.id]));
        return 0;
      },
      /** A new unrevoked SCIM token of company A; older ones revoked, so the 5-token limit never refuses a create. */
      provisioningToken: async () => {
        await db
          .update(provisioningTokens)
          .set({ revokedAt: new Date() })
          .where(eq(provisioningTokens.companyId, a.id));
        const [row] = await db
          .insert(provisioningTokens)
          .values({ companyId: a.id, name: unique('トークン'), tokenHash: randomUUID() })
          .returning();
        return row!.id;
      },
      group: async () =>
        (
          await db
            .insert(memberGroups)
            .values({ companyId: a.id, name: unique('グループ'), type: 0 })
            .returning()
        )[0]!,
    },
  };
}

export type World = Awaited<ReturnType<typeof buildWorld>>;

const KNOWN_PASSWORD = 'known-passw0rd';
let knownHash: string | undefined;

/** Every id of company A the world holds: none may appear in an answer to company B. */
export function companyAIds(w: World): string[] {
  return [
    w.companyA.id,
    ...Object.values(w.users)
      .filter((u) => u.companyId === w.companyA.id)
      .map((u) => u.id),
    w.group.id,
    w.spareGroup.id,
    w.cabinet.id,
    w.document.id,
    w.file.id,
    w.backfill.id,
    w.memberUpload.id,
    w.memberExport.id,
    w.auditExport.id,
    w.documentDownload.id,
    w.taxAuditPack.id,
    w.memberEditTemplate.id,
    w.attributeUpload.id,
    w.attributeDownload.id,
  ];
}

/** A multipart body of fields then files, in order (the import reads `cabinetId` before any file). */
export function multipartBody(
  parts: (
    | { name: string; value: string }
    | { name: string; filename: string; type: string; bytes: Buffer }
  )[],
) {
  const boundary = `----hardening${randomUUID()}`;
  const chunks = parts.map((p) =>
    'bytes' in p
      ? Buffer.concat([
          Buffer.from(
            `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type}\r\n\r\n`,
          ),
          p.bytes,
          Buffer.from('\r\n'),
        ])
      : Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`,
        ),
  );
  return {
    payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}
