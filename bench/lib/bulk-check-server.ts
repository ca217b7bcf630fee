/**
 * A member bulk check as a client sees it, measured on the server alone: the product runs in its own
 * process (site + api + worker, bench/lib/server-process.ts), the file is uploaded over HTTP and polled
 * until checked, and the server's resident memory is sampled by pid. The bench's own buffers (the CSV it
 * generated, its database clients) are not counted.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BulkStatus } from '@cloudsign/contract';
import { fetchToken } from './load-mix.ts';
import { rssOf, sampleRss } from './rss.ts';
import { startServer } from './server-process.ts';

export type ServerCheck = {
  /** Upload start → checked (Ready or CheckFailed), as the admin waits for it. */
  ms: number;
  status: number;
  counts: Record<string, number>;
  /** The server's RSS just before the upload, after it started and served a first request. */
  baselineBytes: number;
  peakBytes: number;
};

const TRANSIENT: readonly number[] = [BulkStatus.Uploaded, BulkStatus.Checking];

/** RSS settles within a second of start; the lowest of a few samples is the baseline. */
async function quietRss(pid: number) {
  let low = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 10; i += 1) {
    low = Math.min(low, rssOf(pid));
    await new Promise((r) => setTimeout(r, 100));
  }
  return low;
}

/** One server process per file, so each check starts from the same baseline. */
export async function checkOnServer(opts: {
  port: number;
  databaseUrl: string;
  sessionCookie: string;
  file: Buffer;
  filename?: string;
}): Promise<ServerCheck> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cloudsign-bench-bulk-'));
  const server = await startServer({ port: opts.port, dataDir, databaseUrl: opts.databaseUrl });
  try {
    const jwt = await fetchToken(server, { id: '', cookie: opts.sessionCookie, isAdmin: true });
    const auth = { authorization: `Bearer ${jwt}` };
    const baselineBytes = await quietRss(server.pid);
    const rss = sampleRss({ pid: server.pid, intervalMs: 20 });
    const t0 = performance.now();
    const form = new FormData();
    form.append(
      'filename',
      new Blob([opts.file], { type: 'text/csv' }),
      opts.filename ?? 'members.csv',
    );
    const res = await fetch(`${server.apiUrl}/members/bulk_add`, {
      method: 'POST',
      headers: auth,
      body: form,
    });
    if (res.status !== 201) throw new Error(`upload: ${res.status} ${await res.text()}`);
    const { id } = ((await res.json()) as { manipulation: { id: string } }).manipulation;
    for (;;) {
      const got = await fetch(`${server.apiUrl}/members/bulk_manipulations/${id}`, {
        headers: auth,
      });
      if (got.status !== 200) throw new Error(`poll: ${got.status} ${await got.text()}`);
      const m = (
        (await got.json()) as { manipulation: { status: number; counts: Record<string, number> } }
      ).manipulation;
      if (!TRANSIENT.includes(m.status)) {
        const ms = performance.now() - t0;
        return {
          ms,
          status: m.status,
          counts: m.counts,
          baselineBytes,
          peakBytes: rss.stop().peakBytes,
        };
      }
      if (performance.now() - t0 > 120_000)
        throw new Error(`check ${id} still in status ${m.status} after 120 s`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
