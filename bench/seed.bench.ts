/**
 * Seeding speed: the large-company seed against a ceiling of
 * inserting the very same rows already materialised in a staging table (COPY-like: no generation at all, only
 * the table's own cost: indexes, constraints, triggers). The ratio is what generating the rows adds.
 */
import { seedLargeCompany } from '../apps/server/src/seed/large-seed.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import { interleave, percentile, spreadNote } from './lib/measure.ts';
import type { Benchmark, BenchContext } from './lib/types.ts';

const median = (sorted: readonly number[]) => percentile(sorted, 50);

const TARGET_RATIO = 1.5;

async function newCompany(db: Database, name: string): Promise<string> {
  const r = await db.raw.query<{ id: string }>(
    `insert into companies (name) values ($1) returning id`,
    [name],
  );
  return r.rows[0]!.id;
}

/** Times `statements` run in order; the staging setup before them is not timed. */
async function timed(
  db: Database,
  statements: readonly (readonly [string, unknown[]])[],
): Promise<number> {
  const t0 = performance.now();
  for (const [text, values] of statements) await db.raw.query(text, values);
  return (performance.now() - t0) / 1000;
}

async function cleanup(db: Database, companyIds: string[], tables: string[]) {
  for (const t of tables) await db.raw.exec(`drop table if exists ${t}`);
  // Not timed: deletes cascade to every row made for the measurement, so other benchmarks see a clean database.
  for (const id of companyIds) await db.raw.query(`delete from companies where id = $1`, [id]);
}

const ROUNDS = 3;

/**
 * Seeding and its ceiling in alternating rounds (a burst of others' load lands on both): each figure round
 * seeds a company, the first one also fills the staging tables (untimed), each ceiling round inserts the
 * staged rows into a fresh company; every company made is deleted after its round (untimed).
 */
async function alternate(
  db: Database,
  seed: () => Promise<{ companyId: string; ms: number }>,
  stage: (companyId: string) => Promise<void>,
  insertStaged: (companyId: string) => Promise<number>,
  staged: string[],
) {
  let source: string | undefined;
  const made: string[] = [];
  const figureRound = async () => {
    const r = await seed();
    if (!source) {
      source = r.companyId;
      await stage(source);
    } else made.push(r.companyId);
    return [r.ms / 1000];
  };
  try {
    return await interleave({
      rounds: ROUNDS,
      figure: figureRound,
      ceiling: async () => {
        if (!source) await figureRound(); // staging needs one seeded company first
        const company = await newCompany(db, 'シード計測（上限）');
        const seconds = await insertStaged(company);
        await cleanup(db, [company], []);
        return [seconds];
      },
      stat: (xs) => xs[0]!,
    });
  } finally {
    await cleanup(db, [...(source ? [source] : []), ...made], staged);
  }
}

async function membersBench(ctx: BenchContext) {
  const db = ctx.database;
  const n = ctx.size(100_000);
  const tag = `${process.pid}`;
  const su = `bench_staged_users_${tag}`;
  const sm = `bench_staged_memberships_${tag}`;
  const r = await alternate(
    db,
    async () => {
      const seeded = await seedLargeCompany(db, {
        name: 'シード計測（メンバー）',
        members: n,
        documents: 0,
      });
      return { companyId: seeded.companyId, ms: seeded.ms.members };
    },
    async (companyId) => {
      await db.raw.query(
        `create unlogged table ${su} as select gen_random_uuid() as nid, u.* from users u where company_id = $1`,
        [companyId],
      );
      await db.raw.exec(
        `create unlogged table ${sm} as select s.nid, m.group_id from member_group_users m join ${su} s on s.id = m.user_id`,
      );
    },
    (company) =>
      timed(db, [
        [
          `insert into users (id, company_id, email, name, organization, roles, status, mfa, mfa_secret, password_hash, search_text, created_at, updated_at)
       select nid, $1, 'z' || email, name, organization, roles, status, mfa, mfa_secret, password_hash, search_text, created_at, updated_at from ${su}`,
          [company],
        ],
        [`insert into member_group_users (group_id, user_id) select group_id, nid from ${sm}`, []],
      ]),
    [su, sm],
  );
  const figure = median(r.figure);
  const ceiling = median(r.ceiling);
  return {
    figure,
    ceiling,
    unit: 's',
    pass: figure <= ceiling * TARGET_RATIO,
    note: `${n.toLocaleString('en-US')} members with group memberships (${Math.round(n / figure).toLocaleString('en-US')}/s); median of ${ROUNDS} rounds; ${spreadNote(r.ratios)}`,
  };
}

async function documentsBench(ctx: BenchContext) {
  const db = ctx.database;
  const n = ctx.size(20_000);
  const tag = `${process.pid}`;
  const [sd, sp, sl] = ['docs', 'participants', 'links'].map((t) => `bench_staged_${t}_${tag}`) as [
    string,
    string,
    string,
  ];
  const r = await alternate(
    db,
    async () => {
      const seeded = await seedLargeCompany(db, {
        name: 'シード計測（書類）',
        members: 100,
        documents: n,
      });
      return { companyId: seeded.companyId, ms: seeded.ms.documents };
    },
    async (companyId) => {
      await db.raw.query(
        `create unlogged table ${sd} as select gen_random_uuid() as nid, d.* from documents d where company_id = $1`,
        [companyId],
      );
      await db.raw.exec(
        `create unlogged table ${sp} as select s.nid, p.position, p.name, p.email, p.organization from document_participants p join ${sd} s on s.id = p.document_id`,
      );
      await db.raw.exec(
        `create unlogged table ${sl} as select s.nid, l.cabinet_id from document_cabinets l join ${sd} s on s.id = l.document_id`,
      );
    },
    (company) =>
      timed(db, [
        [
          `insert into documents (id, company_id, status, title, sender_id, sender_name, sender_email, sent_at, concluded_at, attr_title, counterparty,
         contract_at, validity_start_at, validity_end_at, validity_end_notice_at, auto_update, local_id, amount, options, search_text, created_at, updated_at)
       select nid, $1, status, title, sender_id, sender_name, sender_email, sent_at, concluded_at, attr_title, counterparty,
         contract_at, validity_start_at, validity_end_at, validity_end_notice_at, auto_update, local_id, amount, options, search_text, created_at, updated_at from ${sd}`,
          [company],
        ],
        [
          `insert into document_participants (document_id, position, name, email, organization) select nid, position, name, email, organization from ${sp}`,
          [],
        ],
        [
          `insert into document_cabinets (cabinet_id, document_id) select cabinet_id, nid from ${sl}`,
          [],
        ],
      ]),
    [sd, sp, sl],
  );
  const figure = median(r.figure);
  const ceiling = median(r.ceiling);
  return {
    figure,
    ceiling,
    unit: 's',
    pass: figure <= ceiling * TARGET_RATIO,
    note: `${n.toLocaleString('en-US')} documents with participants and cabinet links (${Math.round(n / figure).toLocaleString('en-US')}/s; 1M ≈ ${Math.round((figure * 1_000_000) / n / 60)} min); median of ${ROUNDS} rounds; ${spreadNote(r.ratios)}`,
  };
}

export const benchmarks: Benchmark[] = [
  { name: 'seed: members (PostgreSQL)', target: `≤ ${TARGET_RATIO}× ceiling`, run: membersBench },
  {
    name: 'seed: documents (PostgreSQL)',
    target: `≤ ${TARGET_RATIO}× ceiling`,
    run: documentsBench,
  },
];
