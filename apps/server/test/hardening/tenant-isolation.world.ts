/**
 * The two-company world of the tenant-isolation property test: each company's state as the test expects it
 * (the model), and the API calls the commands and the audit share. Everything a company creates carries its
 * tag (a random word) in its name, email, title or counterparty, so the other company's tag is the needle
 * that must never show up on this side.
 */
import { randomBytes } from 'node:crypto';
import iconv from 'iconv-lite';
import { expect } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TBulkManipulation } from '@cloudsign/contract';
import type { ApiApp } from '../../src/api-app.ts';
import { multipart, settle as settleManipulation } from '../support/member-bulk.world.ts';
import { cabinets, memberGroups, provisioningTokens, sessions } from '../../src/db/schema.ts';
import { hashProvisioningSecret } from '../../src/modules/provisioning/provisioning-tokens.service.ts';
import { makeCompany, makeUser, signIn } from '../support/fixtures.ts';
import type { TestDeps } from '../support/test-deps.ts';

export type Headers = { authorization: string };
export type Member = { id: string; email: string; name: string };
export type Group = { id: string; name: string; users: Set<string> };
export type Cabinet = {
  id: string;
  name: string;
  docs: Set<string>;
  groups: Set<string>;
  admins: Set<string>;
  /** A classification rule with 「すべてのメンバー」: every document imported later is filed here too. */
  filesEverything?: boolean;
};
/** A finished bulk run or generated file whose pages and CSVs the audit reads again. */
export type Artefact = {
  base: '/members' | '/documents/attributes';
  id: string;
  kind: 'run' | 'file';
  /** Generated files: where the CSV is downloaded. */
  url?: string;
  /** Other-company ids this company itself wrote into the uploaded file: its own pages may echo them. */
  echoes?: string[];
};

export type Side = {
  tag: string;
  companyId: string;
  headers: Headers;
  /** The admin's session as アカウント設定 names it: another company's must answer like a missing one. */
  sessionPublicId: string;
  /** A SCIM provisioning token of the company: its id, and the headers that call /scim/v2 with it. */
  provisioningTokenId: string;
  scimHeaders: Headers;
  admin: Member;
  members: Map<string, Member>;
  groups: Map<string, Group>;
  systemGroupId: string;
  cabinets: Map<string, Cabinet>;
  systemCabinetId: string;
  docs: Map<string, { id: string; title: string }>;
  artefacts: Artefact[];
  seq: number;
};
/** `ran` names the commands that passed their check() and ran, for the printed statistics. */
export type Model = { sides: [Side, Side]; ran: string[] };
export type Real = { app: ApiApp; deps: TestDeps };

/** Both companies have a group and a cabinet of this same name: name lookups must stay in their company. */
export const SHARED_GROUP = '共通部署';
export const SHARED_CABINET = '共通キャビネット';

async function makeSide(deps: TestDeps): Promise<Side> {
  const tag = `qz${randomBytes(4).toString('hex')}`;
  const company = await makeCompany(deps, { name: `株式会社${tag}` });
  const user = await makeUser(deps, company.id, {
    name: `${tag} 管理者`,
    email: `${tag}-admin@example.test`,
    // The admin also reads the audit log, whose pages and export the audit reads like every other list.
    roles: ['CompanyAdmin', 'DocumentImporter', 'CompanyAuditor'],
  });
  const db = deps.database.db;
  const [systemGroup] = await db
    .select()
    .from(memberGroups)
    .where(and(eq(memberGroups.companyId, company.id), eq(memberGroups.type, 1)));
  const [systemCabinet] = await db
    .select()
    .from(cabinets)
    .where(and(eq(cabinets.companyId, company.id), eq(cabinets.type, 1)));
  const [shared] = await db
    .insert(memberGroups)
    .values({ companyId: company.id, name: SHARED_GROUP })
    .returning();
  const [sharedCab] = await db
    .insert(cabinets)
    .values({ companyId: company.id, name: SHARED_CABINET })
    .returning();
  const admin = { id: user.id, email: user.email, name: user.name };
  const secret = `csscim_${randomBytes(32).toString('base64url')}`;
  const [token] = await db
    .insert(provisioningTokens)
    .values({
      companyId: company.id,
      name: `${tag} SCIM`,
      tokenHash: hashProvisioningSecret(secret),
    })
    .returning();
  const signedIn = await signIn(deps, user);
  const [session] = await db
    .select({ publicId: sessions.publicId })
    .from(sessions)
    .where(eq(sessions.id, signedIn.sessionId));
  return {
    tag,
    companyId: company.id,
    headers: signedIn.headers,
    sessionPublicId: session!.publicId,
    provisioningTokenId: token!.id,
    scimHeaders: { authorization: `Bearer ${secret}` },
    admin,
    members: new Map([[admin.id, admin]]),
    groups: new Map([
      [shared!.id, { id: shared!.id, name: SHARED_GROUP, users: new Set<string>() }],
    ]),
    systemGroupId: systemGroup!.id,
    cabinets: new Map([
      [
        sharedCab!.id,
        {
          id: sharedCab!.id,
          name: SHARED_CABINET,
          docs: new Set<string>(),
          groups: new Set<string>(),
          admins: new Set<string>(),
        },
      ],
    ]),
    systemCabinetId: systemCabinet!.id,
    docs: new Map(),
    artefacts: [],
    seq: 0,
  };
}

/**
 * A second cabinet and one imported PDF through the API, so moves, copies and attribute edits can run from
 * the first command on.
 */
async function startSide(app: ApiApp, s: Side) {
  const name = `${s.tag} 初期棚`;
  const res = await ok(app, s.headers, 'POST', '/cabinets', { name, note: '' });
  const { id } = res.json<{ cabinet: { id: string } }>().cabinet;
  s.cabinets.set(id, { id, name, docs: new Set(), groups: new Set(), admins: new Set() });
  const shared = [...s.cabinets.values()][0]!;
  const title = `${s.tag}基本契約書`;
  const imported = await importPdfs(app, s.headers, shared.id, [
    { name: title, counterparty: `株式会社${s.tag}相手` },
  ]);
  expect(imported.statusCode, imported.body).toBe(200);
  const [result] = imported.json<{ results: { ok: boolean; documentId: string }[] }>().results;
  expect(result!.ok).toBe(true);
  s.docs.set(result!.documentId, { id: result!.documentId, title });
  shared.docs.add(result!.documentId);
}

export async function makeWorld(deps: TestDeps, app: ApiApp): Promise<Model> {
  const sides: [Side, Side] = [await makeSide(deps), await makeSide(deps)];
  for (const s of sides) await startSide(app, s);
  return { sides, ran: [] };
}

export const pick = <T>(map: Map<string, T>, i: number): T | undefined =>
  [...map.values()][i % Math.max(1, map.size)];
export const next = (s: Side) => (s.seq += 1);

export async function call(
  app: ApiApp,
  headers: Headers,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  // The model is about who reaches what, not versions: a save goes over whatever is stored (If-Match: *).
  const sent = method === 'PUT' ? { 'if-match': '*', ...headers } : headers;
  return app.inject({ method, url, headers: sent, ...(payload ? { payload } : {}) });
}

/** 2xx or the test fails with the body, which names the refused call. */
export async function ok(
  app: ApiApp,
  headers: Headers,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) {
  const res = await call(app, headers, method, url, payload);
  expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
  return res;
}

/** A small but complete PDF (header, one page, xref with true offsets, trailer): what a real import receives. */
export function tinyPdf(text: string): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
  ];
  const stream = `BT /F1 12 Tf 20 100 Td (${text.replace(/[^A-Za-z0-9 ]/g, '')}) Tj ET`;
  objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export async function importPdfs(
  app: ApiApp,
  headers: Headers,
  cabinetId: string,
  files: { name: string; counterparty: string }[],
) {
  const form = new FormData();
  form.append('cabinetId', cabinetId);
  form.append('attributes', JSON.stringify(files.map((f) => ({ counterparty: f.counterparty }))));
  for (const f of files)
    form.append('files', new Blob([tinyPdf(f.name)], { type: 'application/pdf' }), `${f.name}.pdf`);
  const req = new Request('http://x/', { method: 'POST', body: form });
  const payload = Buffer.from(await req.arrayBuffer());
  return app.inject({
    method: 'POST',
    url: '/documents/import',
    headers: { ...headers, 'content-type': req.headers.get('content-type')! },
    payload,
  });
}

export async function uploadCsv(app: ApiApp, headers: Headers, url: string, text: string) {
  const mp = multipart(Buffer.from(`\uFEFF${text}`, 'utf8'), 'upload.csv');
  const res = await app.inject({
    method: 'POST',
    url,
    headers: { ...headers, ...mp.headers },
    payload: mp.payload,
  });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(201);
  return res.json<{ manipulation: TBulkManipulation }>().manipulation;
}

/** Polls a manipulation until it leaves checking/queued/executing (the worker runs in-process). */
export const settle = (app: ApiApp, headers: Headers, url: string): Promise<TBulkManipulation> =>
  settleManipulation(app, headers, '', url);

/** Requests a generated CSV (export or template), waits for it and answers its text. */
export async function generatedCsv(
  app: ApiApp,
  headers: Headers,
  post: string,
  base: string,
  payload: object,
) {
  const res = await ok(app, headers, 'POST', post, payload);
  const { id } = res.json<{ manipulation: TBulkManipulation }>().manipulation;
  const done = await settle(app, headers, `${base}/${id}`);
  expect(done.status, `${post} ${JSON.stringify(done)}`).toBe(6);
  const file = await ok(app, headers, 'GET', `${base}/${id}/csv`);
  return { id, url: `${base}/${id}/csv`, text: decodeCsv(file.rawPayload) };
}

/** CSVs come as UTF-8 with BOM or Shift_JIS; both are read as text for the needle search. */
export function decodeCsv(bytes: Buffer): string {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return bytes.subarray(3).toString('utf8');
  const utf8 = bytes.toString('utf8');
  return utf8.includes('\uFFFD') ? iconv.decode(bytes, 'cp932') : utf8;
}

/** Simple CSV rows: the test's own values never hold commas, quotes or line breaks. */
export const csvRows = (text: string) =>
  text
    .trimEnd()
    .split('\r\n')
    .map((l) => l.split(','));
export const csvLine = (cells: string[]) => cells.join(',');
