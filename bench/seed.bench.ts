/**
 * Seeding speed: the large-company seed against a ceiling of
 * inserting the very same rows already materialised in a staging table (COPY-like: no generation at all, only
 * the table's own cost: indexes, constraints, triggers). The ratio is what generating the rows adds.
 */
import { seedLargeCompany } from '../apps/server/src/db/seed/large-seed.ts';
import type { Database } from '../apps/server/src/db/client.ts';
import type { Benchmark, BenchContext } from './lib/types.ts';

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

async function membersBench(ctx: BenchContext) {
  const db = ctx.database;
  const n = ctx.size(100_000);
  const r = await seedLargeCompany(db, {
    name: 'シード計測（メンバー）',
    members: n,
    documents: 0,
  });
  const tag = `${process.pid}`;
  const su = `bench_staged_users_${tag}`;
  const sm = `bench_staged_memberships_${tag}`;
  await db.raw.query(
    `create unlogged table ${su} as select gen_random_uuid() as nid, u.* from users u where company_id = $1`,
    [r.companyId],
  );
  await db.raw.exec(
    `create unlogged table ${sm} as select s.nid, m.group_id from member_group_users m join ${su} s on s.id = m.user_id`,
  );
  const ceilingCompany = await newCompany(db, 'シード計測（上限）');
  const ceiling = await timed(db, [
    [
      `insert into users (id, company_id, email, name, organization, roles, status, mfa, mfa_secret, password_hash, search_text, created_at, updated_at)
       select nid, $1, 'z' || email, name, organization, roles, status, mfa, mfa_secret, password_hash, search_text, created_at, updated_at from ${su}`,
      [ceilingCompany],
    ],
    [`insert into member_group_users (group_id, user_id) select group_id, nid from ${sm}`, []],
  ]);
  await cleanup(db, [r.companyId, ceilingCompany], [su, sm]);
  const figure = r.ms.members / 1000;
  return {
    figure,
    ceiling,
    unit: 's',
    pass: figure <= ceiling * TARGET_RATIO,
    note: `${n.toLocaleString('en-US')} members with group memberships (${Math.round(n / figure).toLocaleString('en-US')}/s)`,
  };
}

async function documentsBench(ctx: BenchContext) {
  const db = ctx.database;
  const n = ctx.size(20_000);
  const r = await seedLargeCompany(db, { name: 'シード計測（書類）', members: 100, documents: n });
  const tag = `${process.pid}`;
  const [sd, sp, sl] = ['docs', 'participants', 'links'].map((t) => `bench_staged_${t}_${tag}`) as [
    string,
    string,
    string,
  ];
  await db.raw.query(
    `create unlogged table ${sd} as select gen_random_uuid() as nid, d.* from documents d where company_id = $1`,
    [r.companyId],
  );
  await db.raw.exec(
    `create unlogged table ${sp} as select s.nid, p.position, p.name, p.email, p.organization from document_participants p join ${sd} s on s.id = p.document_id`,
  );
  await db.raw.exec(
    `create unlogged table ${sl} as select s.nid, l.cabinet_id from document_cabinets l join ${sd} s on s.id = l.document_id`,
  );
  const ceilingCompany = await newCompany(db, 'シード計測（書類・上限）');
  const ceiling = await timed(db, [
    [
      `insert into documents (id, company_id, status, title, sender_id, sender_name, sender_email, sent_at, concluded_at, attr_title, counterparty,
         contract_at, validity_start_at, validity_end_at, validity_end_notice_at, auto_update, local_id, amount, options, search_text, created_at, updated_at)
       select nid, $1, status, title, sender_id, sender_name, sender_email, sent_at, concluded_at, attr_title, counterparty,
         contract_at, validity_start_at, validity_end_at, validity_end_notice_at, auto_update, local_id, amount, options, search_text, created_at, updated_at from ${sd}`,
      [ceilingCompany],
    ],
    [
      `insert into document_participants (document_id, position, name, email, organization) select nid, position, name, email, organization from ${sp}`,
      [],
    ],
    [
      `insert into document_cabinets (cabinet_id, document_id) select cabinet_id, nid from ${sl}`,
      [],
    ],
  ]);
  await cleanup(db, [r.companyId, ceilingCompany], [sd, sp, sl]);
  const figure = r.ms.documents / 1000;
  return {
    figure,
    ceiling,
    unit: 's',
    pass: figure <= ceiling * TARGET_RATIO,
    note: `${n.toLocaleString('en-US')} documents with participants and cabinet links (${Math.round(n / figure).toLocaleString('en-US')}/s; 1M ≈ ${Math.round((figure * 1_000_000) / n / 60)} min)`,
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
