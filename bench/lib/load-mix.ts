/**
 * The realistic request mix of the load benchmark: what a company's admins and members do all
 * day — lists, searches, document details, cabinets, token refreshes — each client signed in as its own
 * member, the way the console calls the site and the api.
 */
import { MEMBER_ADD_COLUMNS, MEMBER_CSV } from '@cloudsign/contract';
import { COUNTERPARTIES, DOC_KINDS } from '../../apps/server/src/seed/document-words.ts';
import { FAMILY_NAMES } from '../../apps/server/src/seed/names.ts';
import { expectOk } from './http-client.ts';

export type LoadUser = { id: string; cookie: string; isAdmin: boolean };
export type LoadTarget = { siteUrl: string; apiUrl: string };
export type Words = { memberKeywords: readonly string[]; documentKeywords: readonly string[] };

/** The search words of the mix: the seeded companies' family names, document kinds and counterparties. */
export const loadWords: Words = {
  memberKeywords: FAMILY_NAMES.map((f) => f.k),
  documentKeywords: [
    ...DOC_KINDS.map((k) => k.title.slice(0, 4)),
    ...COUNTERPARTIES.slice(0, 20).map((c) => c.name.replace(/株式会社|合同会社/, '')),
  ],
};

/**
 * A valid bulk-add file of `rows` new members (its check reads every row; it is never executed). Cells are placed
 * by column name: a column added to the contract (フリガナ) cannot shift them into the wrong ones and fail the check.
 */
export function bulkAddCsv(rows: number): () => Buffer {
  return () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const cell = (column: string, i: number) =>
      column === MEMBER_CSV.email
        ? `load-${tag}-${i}@load.example.com`
        : column === MEMBER_CSV.name
          ? `負荷 太郎${i}`
          : column === MEMBER_CSV.organization
            ? '負荷試験部'
            : '';
    const lines = [MEMBER_ADD_COLUMNS.join(',')];
    for (let i = 0; i < rows; i++) lines.push(MEMBER_ADD_COLUMNS.map((c) => cell(c, i)).join(','));
    return Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8');
  };
}

type ClientState = { user: LoadUser; jwt: string; docIds: string[] };

const pick = <T>(a: readonly T[]): T => a[Math.floor(Math.random() * a.length)]!;

export async function fetchToken(target: LoadTarget, user: LoadUser): Promise<string> {
  const res = await expectOk(`${target.siteUrl}/api/token/jwt`, {
    headers: { cookie: `cs_session=${user.cookie}`, 'x-requested-with': 'XMLHttpRequest' },
  });
  return (JSON.parse(res.body.toString('utf8')) as { jwt: string }).jwt;
}

/** One client per user; `next()` performs one request of the mix and throws on anything but 2xx. */
export async function createClients(target: LoadTarget, users: readonly LoadUser[], words: Words) {
  const states: ClientState[] = [];
  for (const user of users) states.push({ user, jwt: await fetchToken(target, user), docIds: [] });

  const api = (s: ClientState, pathAndQuery: string) =>
    expectOk(`${target.apiUrl}${pathAndQuery}`, { headers: { authorization: `Bearer ${s.jwt}` } });
  const rememberDocs = (s: ClientState, body: Buffer) => {
    const docs = (JSON.parse(body.toString('utf8')) as { documents: { id: string }[] }).documents;
    if (docs.length > 0) s.docIds = docs.map((d) => d.id);
  };

  // Weights in percent. Plain members cannot list members, so their share goes to documents.
  const ops: {
    name: string;
    weight: number;
    admin?: boolean;
    run: (s: ClientState) => Promise<unknown>;
  }[] = [
    { name: 'token', weight: 5, run: async (s) => (s.jwt = await fetchToken(target, s.user)) },
    { name: 'me', weight: 5, run: (s) => api(s, '/me') },
    {
      name: 'member pages',
      weight: 15,
      admin: true,
      run: (s) => api(s, `/members?page=${1 + Math.floor(Math.random() * 20)}`),
    },
    {
      name: 'member keyword',
      weight: 10,
      admin: true,
      run: (s) => api(s, `/members?keyword=${encodeURIComponent(pick(words.memberKeywords))}`),
    },
    {
      name: 'member groups',
      weight: 5,
      admin: true,
      run: (s) => api(s, '/member_groups?type=user'),
    },
    {
      name: 'document pages',
      weight: 20,
      run: async (s) =>
        rememberDocs(
          s,
          (await api(s, `/documents?page=${1 + Math.floor(Math.random() * 10)}`)).body,
        ),
    },
    {
      name: 'document keyword',
      weight: 15,
      run: async (s) =>
        rememberDocs(
          s,
          (await api(s, `/documents?keyword=${encodeURIComponent(pick(words.documentKeywords))}`))
            .body,
        ),
    },
    {
      name: 'document detail',
      weight: 15,
      run: (s) =>
        s.docIds.length > 0 ? api(s, `/documents/${pick(s.docIds)}`) : api(s, '/documents'),
    },
    { name: 'cabinets', weight: 10, run: (s) => api(s, '/cabinets') },
  ];

  let turn = 0;
  const next = async (_client: number): Promise<void> => {
    // Requests go round the signed-in members: one member at full speed would hit the per-member API
    // limit (1,200 a minute) where a real console, with its member's think time, never does.
    const s = states[turn++ % states.length]!;
    const allowed = ops.filter((o) => !o.admin || s.user.isAdmin);
    const total = allowed.reduce((n, o) => n + o.weight, 0);
    let r = Math.random() * total;
    const op = allowed.find((o) => (r -= o.weight) < 0) ?? allowed[0]!;
    const t0 = performance.now();
    try {
      await op.run(s);
    } finally {
      (byOp[op.name] ??= []).push(performance.now() - t0);
    }
  };
  /** Latencies per kind of request, so a slow mix names its slow part. */
  const byOp: Record<string, number[]> = {};
  const slowest = () =>
    Object.entries(byOp)
      .map(([name, t]) => ({
        name,
        p95: t.sort((a, b) => a - b)[Math.max(0, Math.ceil(t.length * 0.95) - 1)] ?? 0,
      }))
      .sort((a, b) => b.p95 - a.p95);
  const resetStats = () => {
    for (const k of Object.keys(byOp)) delete byOp[k];
  };
  /** The cheapest signed-in call (token check plus session and member re-read): the ceiling's request. */
  const me = async (_client: number): Promise<void> => {
    await api(states[turn++ % states.length]!, '/me');
  };
  return { next, me, slowest, resetStats };
}

/** Uploads a member CSV and waits for its check, again and again, until `until()`; returns checks done. */
export async function runBulkChecks(opts: {
  target: LoadTarget;
  admin: LoadUser;
  csv: () => Buffer;
  multipart: (bytes: Buffer) => { body: Buffer; contentType: string };
  until: () => boolean;
}): Promise<{ checks: number; errors: string[] }> {
  let checks = 0;
  const errors: string[] = [];
  while (!opts.until()) {
    try {
      const jwt = await fetchToken(opts.target, opts.admin);
      const auth = { authorization: `Bearer ${jwt}` };
      const mp = opts.multipart(opts.csv());
      const up = await expectOk(`${opts.target.apiUrl}/members/bulk_add`, {
        method: 'POST',
        headers: { ...auth, 'content-type': mp.contentType },
        body: mp.body,
      });
      const id = (JSON.parse(up.body.toString('utf8')) as { manipulation: { id: string } })
        .manipulation.id;
      for (;;) {
        await new Promise((r) => setTimeout(r, 500));
        const res = await expectOk(`${opts.target.apiUrl}/members/bulk_manipulations/${id}`, {
          headers: auth,
        });
        const status = (
          JSON.parse(res.body.toString('utf8')) as { manipulation: { status: number } }
        ).manipulation.status;
        if (status === 4) break; // Ready: checked, nothing wrong
        if (![1, 2].includes(status)) throw new Error(`bulk check ended in status ${status}`);
      }
      checks++;
    } catch (e) {
      errors.push(e instanceof Error ? e.message : String(e));
      // A refused upload must not turn into a tight loop of refusals.
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  return { checks, errors };
}
