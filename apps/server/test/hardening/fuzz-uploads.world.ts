/**
 * Shared by the uploads-* suites: a company with an admin, uploads through the API, the check run in-process
 * (the worker's own function), and what the storage folder holds.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import type { TBulkManipulation, TBulkRow } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../src/api-app.ts';
import { createTestDeps, type TestDeps } from '../support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../support/fixtures.ts';
import { runCheck } from '../../src/bulk/check-runner.ts';
import { createMemberChecker } from '../../src/modules/member-bulk/member-checker.ts';
import { createAttributeChecker } from '../../src/modules/document-attribute-bulk/attribute-checker.ts';
import { answerProblems } from './fuzz-checks.ts';
import { multipartBody, type Part } from './fuzz-multipart.ts';

export type UploadWorld = {
  deps: TestDeps;
  app: ApiApp;
  headers: { authorization: string };
  companyId: string;
  close: () => Promise<void>;
};

export async function createUploadWorld(): Promise<UploadWorld> {
  const deps = await createTestDeps();
  const app = await buildApiApp(deps);
  const company = await makeCompany(deps, { plan: 'enterprise', documentImport: true });
  const admin = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
  const { headers } = await signIn(deps, admin);
  return {
    deps,
    app,
    headers,
    companyId: company.id,
    close: async () => {
      await app.close();
      await deps.cleanup();
    },
  };
}

export type BulkPath =
  | '/members/bulk_add'
  | '/members/bulk_edit'
  | '/members/bulk_delete'
  | '/documents/attributes/bulk_edit';

/** Posts parts as multipart; every answer is held to the product's answer rules (fuzz-checks). */
export async function post(
  w: UploadWorld,
  url: string,
  parts: Part[],
  opts: { truncate?: boolean } = {},
) {
  const mp = multipartBody(parts, opts);
  const res = await w.app.inject({
    method: 'POST',
    url,
    headers: { ...w.headers, ...mp.headers },
    payload: mp.payload,
  });
  expect(
    answerProblems(
      res,
      undefined,
      parts.map((p) => (p.kind === 'file' ? p.filename : p.value)),
    ),
    res.body,
  ).toEqual([]);
  return res;
}

export const csvPart = (bytes: Buffer, filename = 'members.csv'): Part => ({
  kind: 'file',
  name: 'filename',
  filename,
  contentType: 'text/csv',
  bytes,
});

/** Uploads a CSV, runs its check as the worker would, and answers the manipulation and its rows as the API shows them. */
export async function uploadAndCheck(
  w: UploadWorld,
  url: BulkPath,
  bytes: Buffer,
  filename = 'members.csv',
) {
  const res = await post(w, url, [csvPart(bytes, filename)]);
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json<{ manipulation: TBulkManipulation }>().manipulation.id;
  const isMembers = url.startsWith('/members/');
  await runCheck(w.deps, id, (m, h) =>
    isMembers
      ? createMemberChecker(w.deps.database.db, m, h)
      : createAttributeChecker(w.deps.database.db, m, h),
  );
  const base = isMembers
    ? '/members/bulk_manipulations'
    : '/documents/attributes/bulk_manipulations';
  const m = (await w.app.inject({ method: 'GET', url: `${base}/${id}`, headers: w.headers })).json<{
    manipulation: TBulkManipulation;
  }>().manipulation;
  const rowsRes = await w.app.inject({
    method: 'GET',
    url: `${base}/${id}/rows?perPage=500`,
    headers: w.headers,
  });
  return { m, rows: rowsRes.json<{ rows: TBulkRow[] }>().rows };
}

/** Every file under the data folder, relative to it. */
export function storedFiles(w: UploadWorld): string[] {
  const root = w.deps.env.DATA_DIR;
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else out.push(path.relative(root, full));
    }
  };
  walk(root);
  return out.sort();
}
