/** Shared by the member bulk test files: multipart uploads, waiting for a job, CSV bytes. */
import iconv from 'iconv-lite';
import { expect } from 'vitest';
import type { TBulkManipulation, TBulkRow } from '@cloudsign/contract';
import type { ApiApp } from '../../src/api-app.ts';

export type Headers = { authorization: string };

export function multipart(bytes: Buffer, filename = 'members.csv', field = 'filename') {
  const boundary = `----bulk${crypto.randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
  );
  return {
    payload: Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export const csv = (rows: string[][]) =>
  rows
    .map((r) => r.map((c) => (/[",\r\n]/.test(c) ? `"${c.replaceAll('"', '""')}"` : c)).join(','))
    .join('\r\n') + '\r\n';
export const utf8 = (rows: string[][]) => Buffer.from(csv(rows), 'utf8');
export const sjis = (rows: string[][]) => iconv.encode(csv(rows), 'cp932');

export async function upload(
  app: ApiApp,
  headers: Headers,
  path: 'bulk_add' | 'bulk_edit' | 'bulk_delete',
  bytes: Buffer,
) {
  const mp = multipart(bytes);
  const res = await app.inject({
    method: 'POST',
    url: `/members/${path}`,
    headers: { ...headers, ...mp.headers },
    payload: mp.payload,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ manipulation: TBulkManipulation }>().manipulation;
}

/** Polls until the manipulation leaves the given transient statuses (the worker runs in-process). */
export async function settle(
  app: ApiApp,
  headers: Headers,
  id: string,
  url = `/members/bulk_manipulations/${id}`,
  timeoutMs = 60_000,
) {
  const started = Date.now();
  for (;;) {
    const res = await app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    const m = res.json<{ manipulation: TBulkManipulation }>().manipulation;
    if (![1, 2, 5].includes(m.status)) return m;
    if (Date.now() - started > timeoutMs)
      throw new Error(`manipulation ${id} still in status ${m.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** A member export asked for, run to its end and downloaded: its id and the file as served. */
export async function exportMembers(
  app: ApiApp,
  headers: Headers,
  body: { filters: Record<string, unknown>; encoding: 'sjis' | 'utf8bom'; withSource?: boolean },
) {
  const res = await app.inject({
    method: 'POST',
    url: '/members/export/csv',
    headers,
    payload: body,
  });
  expect(res.statusCode, res.body).toBe(202);
  const { id } = res.json<{ manipulation: TBulkManipulation }>().manipulation;
  expect((await settle(app, headers, id, `/members/export/${id}`)).status).toBe(6);
  const file = await app.inject({ method: 'GET', url: `/members/export/${id}/csv`, headers });
  expect(file.statusCode).toBe(200);
  return { id, file: file.rawPayload };
}

export async function uploadAndCheck(
  app: ApiApp,
  headers: Headers,
  path: 'bulk_add' | 'bulk_edit' | 'bulk_delete',
  bytes: Buffer,
) {
  const m = await upload(app, headers, path, bytes);
  return settle(app, headers, m.id);
}

export async function rowsOf(app: ApiApp, headers: Headers, id: string, query = '') {
  const res = await app.inject({
    method: 'GET',
    url: `/members/bulk_manipulations/${id}/rows?perPage=500${query}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ rows: TBulkRow[]; total: number }>();
}

export async function execute(app: ApiApp, headers: Headers, id: string) {
  const res = await app.inject({
    method: 'PUT',
    url: `/members/bulk_manipulations/${id}`,
    headers,
    payload: { action: 'execute' },
  });
  return res;
}

export const ADD_HEADER = [
  'メールアドレス',
  '氏名',
  '所属',
  '組織管理権限',
  '承認権限',
  '監査ログ閲覧権限',
  '書類インポート権限',
  'テンプレート共有権限',
  'メンバーグループ',
];
