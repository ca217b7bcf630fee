/**
 * N audit events in one company, set-based: `insert … select … from generate_series` in batches. The chain
 * (seq, prev_hash, hash) is what the table's trigger would write, computed by a set-returning function that
 * carries the previous hash from row to row, with the chain trigger disabled for the load (the bench's own
 * database): the trigger's per-row update of the company's head row costs more than the rest of the load.
 * The head row is set at the end, so audit:verify walks a real chain. The secondary indexes are dropped
 * during the load and built after it (as a restore would), then the table is analysed.
 *
 * A share of the events (BULK_SHARE) are the per-row events bulk runs write (issue 33), as the executors write
 * them: runs of RUN_ROWS rows in batches of BATCH_ROWS events at one time by one executor, each event naming
 * its member (`名前 <address>`, member-mappers.ts) or document (`タイトル（管理番号: …）`, bulk-row-events.ts)
 * with before → after and `bulk: { run, rowNumber }`. Runs add members, edit members, and change documents'
 * 書類情報 (twice as often); their targets are pools of real-looking members and documents (ids are UUIDs, as
 * the product's are), a pool member or document having about 15 or 7 events.
 */
import { randomUUID } from 'node:crypto';
import { AUDIT_ACTIONS } from '@cloudsign/contract';
import type { Database } from '../../apps/server/src/db/client.ts';
import { FAMILY_NAMES, GIVEN_NAMES } from '../../apps/server/src/db/seed/names.ts';

/** Members, documents, cabinets … the events name: target k of a type is `<type>-k` with a stable name. */
export const AUDIT_TARGETS = 20_000;
export const AUDIT_ACTORS = 200;
/** Five years of history: the default retention period. */
const SPAN_DAYS = 5 * 365;
const BATCH = 100_000;
/** Per-row bulk events: 3 of every 10 blocks of BATCH_ROWS consecutive events, a run being the 3 blocks. */
export const BULK_SHARE = 0.3;
const BATCH_ROWS = 2_000;
const RUN_ROWS = 3 * BATCH_ROWS;
/** One run every RUN_PERIOD events: its 3 blocks, then 7 blocks of every other kind of event. */
const RUN_PERIOD = 10 * BATCH_ROWS;
/** What the runs of each kind (run number % 4) write. */
const BULK_ACTIONS = [
  'member.created',
  'member.updated',
  'document.attributesChanged',
  'document.attributesChanged',
] as const;
const DOCUMENT_KINDS = [
  '業務委託契約書',
  '秘密保持契約書',
  '売買基本契約書',
  '賃貸借契約書',
  '請負契約書',
  'ライセンス契約書',
];
const COMPANY_SUFFIXES = ['商事', '製作所', '工業', '物産', '建設'];

export type SeededAuditLog = {
  events: number;
  actorIds: string[];
  /** The name of member target k, as the events carry it (the keyword filter searches these). */
  memberName: (k: number) => string;
  /** The newest event's time (the period filter asks for a month before it). */
  newest: Date;
  /** A member and a document that bulk runs changed, as their per-row events name them. */
  bulk: {
    events: number;
    member: { id: string; name: string; email: string; events: number };
    document: { id: string; title: string; localId: string; events: number };
  };
  ms: number;
};

const family = FAMILY_NAMES.map((f) => f.k);
const given = GIVEN_NAMES.map((g) => g.k);
const familyRomaji = FAMILY_NAMES.map((f) => f.r);
const givenRomaji = GIVEN_NAMES.map((g) => g.r);
const memberName = (k: number) =>
  `${family[k % family.length]} ${given[Math.floor(k / family.length) % given.length]}`;

export async function seedAuditEvents(
  database: Database,
  companyId: string,
  events: number,
  log: (m: string) => void,
): Promise<SeededAuditLog> {
  const q = database.raw.query;
  const actorIds = Array.from({ length: AUDIT_ACTORS }, () => randomUUID());
  const actions = Object.keys(AUDIT_ACTIONS) as (keyof typeof AUDIT_ACTIONS)[];
  const categories = actions.map((a) => AUDIT_ACTIONS[a].category);
  // The target type follows the category (auth events name the member who signed in).
  const typeOf: Record<string, string> = {
    auth: 'member',
    member: 'member',
    memberGroup: 'memberGroup',
    cabinet: 'cabinet',
    document: 'document',
    bulk: 'bulkRun',
    auditLog: 'company',
  };
  const types = categories.map((c) => typeOf[c] ?? 'company');
  const newest = new Date();
  // About 15 events per pool member and 7 per pool document at any size.
  const bulkMembers = Math.max(1_000, Math.round(events / 100));
  const bulkDocuments = Math.max(1_000, Math.round(events / 50));
  const stepMs = (SPAN_DAYS * 86_400_000) / events;
  const indexes = (
    await q<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes where tablename = 'audit_events'
       and indexname not in ('audit_events_pkey', 'audit_events_company_seq_key')`,
    )
  ).rows;
  const t0 = performance.now();
  for (const ix of indexes) await database.raw.exec(`drop index if exists ${ix.indexname}`);
  // The trigger's own hash function (audit_event_hash, version 2 as the trigger writes now), row after row in
  // seq order.
  await database.raw
    .exec(`create or replace function bench_audit_chain(rows_in audit_events[], prev text)
    returns setof audit_events language plpgsql as $$
    declare r audit_events;
    begin
      foreach r in array rows_in loop
        r.prev_hash := prev;
        r.hash := audit_event_hash(r);
        prev := r.hash;
        return next r;
      end loop;
    end $$`);
  let prev = '';
  await database.raw.exec('alter table audit_events disable trigger audit_events_chain');
  try {
    for (let from = 1; from <= events; from += BATCH) {
      const to = Math.min(events, from + BATCH - 1);
      const inserted = await q<{ hash: string }>(
        `with gen as (
         select gen_random_uuid() as id, $1::uuid as company_id, i as seq,
           $2::timestamptz - (($3::bigint - t) * $4::double precision) * interval '1 millisecond' as occurred_at,
           ($5::uuid[])[1 + ai % ${AUDIT_ACTORS}] as actor_id,
           ($6::text[])[1 + ai % ${AUDIT_ACTORS} % ${family.length}] || ' ' || ($7::text[])[1 + ai % ${AUDIT_ACTORS} / ${family.length} % ${given.length}] as actor_name,
           'actor' || (ai % ${AUDIT_ACTORS}) || '@bench-audit.example' as actor_email,
           '10.0.' || (i % 250) || '.' || (i % 199) as ip, 'Mozilla/5.0 (bench)' as user_agent, 'req-' || i as request_id,
           case when bulk then ($14::text[])[1 + kind] else ($8::text[])[1 + a] end as action,
           case when bulk then ($15::text[])[1 + kind] else ($9::text[])[1 + a] end as category,
           case when not bulk then ($10::text[])[1 + a] when kind < 2 then 'member' else 'document' end as target_type,
           case when not bulk then ($10::text[])[1 + a] || '-' || k
             when kind < 2 then md5('bench-member-' || mk)::uuid::text
             else md5('bench-document-' || dk)::uuid::text end as target_id,
           case when bulk and kind < 2 then m_name || ' <' || m_email || '>'
             when bulk then d_title || '（管理番号: ' || d_local_id || '）'
             when ($10::text[])[1 + a] = 'member'
             then ($6::text[])[1 + k % ${family.length}] || ' ' || ($7::text[])[1 + k / ${family.length} % ${given.length}]
             else ($10::text[])[1 + a] || ' ' || k end as target_name,
           case when not bulk
             then jsonb_build_object('name', jsonb_build_object('before', 'k' || k, 'after', 'k' || (k + 1)))
             when kind = 0 then jsonb_build_object(
               'name', jsonb_build_object('before', '', 'after', m_name),
               'email', jsonb_build_object('before', '', 'after', m_email),
               'organization', jsonb_build_object('before', '', 'after', '営業本部 第' || (mk % 50) || '課'),
               'bulk', run)
             when kind = 1 then jsonb_build_object(
               'organization', jsonb_build_object('before', '営業本部 第' || (mk % 50) || '課', 'after', '営業本部 第' || ((mk + u) % 50) || '課'),
               'bulk', run)
             else jsonb_build_object(
               'amount', jsonb_build_object('before', 100000 + dk * 10 + u, 'after', 110000 + dk * 10 + u),
               'contractAt', jsonb_build_object('before', null, 'after', '2024-04-01'),
               'bulk', run) end as details,
           '' as prev_hash, '' as hash, 2::smallint as hash_version
         from (
           select s.*,
             -- A batch's events share its time and a run's its executor (bulk-row-events.ts rowEvents).
             case when bulk then i / ${BATCH_ROWS} * ${BATCH_ROWS} else i end as t,
             case when bulk then i / ${RUN_PERIOD} else i end as ai,
             ($6::text[])[1 + mk % ${family.length}] || ' ' || ($7::text[])[1 + mk / ${family.length} % ${given.length}] as m_name,
             substr(($17::text[])[1 + mk / ${family.length} % ${given.length}], 1, 1) || '.' || ($16::text[])[1 + mk % ${family.length}] || mk || '@bench-corp.example' as m_email,
             ($18::text[])[1 + dk % ${DOCUMENT_KINDS.length}] || '（' || ($6::text[])[1 + dk / ${DOCUMENT_KINDS.length} % ${family.length}] || ($19::text[])[1 + dk % ${COMPANY_SUFFIXES.length}] || '）' as d_title,
             'CS-' || (2021 + dk % 5) || '-' || lpad(dk::text, 6, '0') as d_local_id,
             jsonb_build_object('run', md5('bench-run-' || (i / ${RUN_PERIOD}))::uuid, 'rowNumber', 2 + u % ${RUN_ROWS}) as run
           from (
             select i, a, k, bulk, kind, u, u % $20::int as mk, u % $21::int as dk from (
               select i, (i * 7) % ${actions.length} as a, (i * 31) % ${AUDIT_TARGETS} as k,
                 (i / ${BATCH_ROWS}) % 10 < 3 as bulk, (i / ${RUN_PERIOD} % 4)::int as kind,
                 (i / ${RUN_PERIOD}) * ${RUN_ROWS} + (i / ${BATCH_ROWS}) % 10 * ${BATCH_ROWS} + i % ${BATCH_ROWS} as u
               from generate_series($11::bigint, $12::bigint) as i) s0) s) s
       ), ins as (
         insert into audit_events
         select * from bench_audit_chain(array(select row(gen.*)::audit_events from gen order by seq), $13)
         returning seq, hash
       )
       select hash from ins order by seq desc limit 1`,
        [
          companyId,
          newest.toISOString(),
          events,
          stepMs,
          actorIds,
          family,
          given,
          actions,
          categories,
          types,
          from,
          to,
          prev,
          BULK_ACTIONS,
          BULK_ACTIONS.map((a) => AUDIT_ACTIONS[a].category),
          familyRomaji,
          givenRomaji,
          DOCUMENT_KINDS,
          COMPANY_SUFFIXES,
          bulkMembers,
          bulkDocuments,
        ],
      );
      prev = inserted.rows[0]!.hash;
      log(`audit events: ${to.toLocaleString('en')} / ${events.toLocaleString('en')}`);
    }
    await q(
      `insert into audit_chain_heads (company_id, seq, hash) values ($1, $2, $3)
       on conflict (company_id) do update set seq = excluded.seq, hash = excluded.hash`,
      [companyId, events, prev],
    );
  } finally {
    await database.raw.exec('alter table audit_events enable trigger audit_events_chain');
  }
  for (const ix of indexes) {
    const t = performance.now();
    await database.raw.exec(ix.indexdef);
    log(`audit events: ${ix.indexname} built in ${Math.round(performance.now() - t)} ms`);
  }
  await database.raw.exec(
    database.kind === 'postgres' ? 'vacuum analyze audit_events' : 'analyze audit_events',
  );
  const ms = performance.now() - t0;
  return {
    events,
    actorIds,
    memberName,
    newest,
    bulk: await bulkTargets(database, companyId, bulkMembers, bulkDocuments),
    ms,
  };
}

/** A pool member and a pool document, as their newest per-row event names them, with their counts. */
async function bulkTargets(
  database: Database,
  companyId: string,
  members: number,
  documents: number,
): Promise<SeededAuditLog['bulk']> {
  const q = database.raw.query;
  const one = async (type: string, key: string) => {
    const { rows } = await q<{ target_id: string; target_name: string; n: string }>(
      `select target_id, (array_agg(target_name order by occurred_at desc, seq desc))[1] as target_name, count(*) as n
       from audit_events where company_id = $1 and target_type = $2 and target_id = md5($3)::uuid::text
       group by target_id`,
      [companyId, type, key],
    );
    if (!rows[0]) throw new Error(`no seeded per-row events of ${key}`);
    return { id: rows[0].target_id, name: rows[0].target_name, events: Number(rows[0].n) };
  };
  const m = await one('member', `bench-member-${4321 % members}`);
  const d = await one('document', `bench-document-${4321 % documents}`);
  const [, name, email] = /^(.*) <(.*)>$/.exec(m.name)!;
  const [, title, localId] = /^(.*)（管理番号: (.*)）$/.exec(d.name)!;
  const [{ n }] = (
    await q<{ n: string }>(
      `select count(*) as n from audit_events where company_id = $1 and details ? 'bulk'`,
      [companyId],
    )
  ).rows as [{ n: string }];
  return {
    events: Number(n),
    member: { id: m.id, name: name!, email: email!, events: m.events },
    document: { id: d.id, title: title!, localId: localId!, events: d.events },
  };
}
