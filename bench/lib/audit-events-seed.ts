/**
 * N audit events in one company, set-based: `insert … select … from generate_series` in batches. The chain
 * (seq, prev_hash, hash) is what the table's trigger would write, computed by a set-returning function that
 * carries the previous hash from row to row, with the chain trigger disabled for the load (the bench's own
 * database): the trigger's per-row update of the company's head row costs more than the rest of the load.
 * The head row is set at the end, so audit:verify walks a real chain. The secondary indexes are dropped
 * during the load and built after it (as a restore would), then the table is analysed.
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

export type SeededAuditLog = {
  events: number;
  actorIds: string[];
  /** The name of member target k, as the events carry it (the keyword filter searches these). */
  memberName: (k: number) => string;
  /** The newest event's time (the period filter asks for a month before it). */
  newest: Date;
  ms: number;
};

const family = FAMILY_NAMES.map((f) => f.k);
const given = GIVEN_NAMES.map((g) => g.k);
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
           $2::timestamptz - (($3::bigint - i) * $4::double precision) * interval '1 millisecond' as occurred_at,
           ($5::uuid[])[1 + i % ${AUDIT_ACTORS}] as actor_id,
           ($6::text[])[1 + i % ${AUDIT_ACTORS} % ${family.length}] || ' ' || ($7::text[])[1 + i % ${AUDIT_ACTORS} / ${family.length} % ${given.length}] as actor_name,
           'actor' || (i % ${AUDIT_ACTORS}) || '@bench-audit.example' as actor_email,
           '10.0.' || (i % 250) || '.' || (i % 199) as ip, 'Mozilla/5.0 (bench)' as user_agent, 'req-' || i as request_id,
           ($8::text[])[1 + a] as action, ($9::text[])[1 + a] as category, ($10::text[])[1 + a] as target_type,
           ($10::text[])[1 + a] || '-' || k as target_id,
           case when ($10::text[])[1 + a] = 'member'
             then ($6::text[])[1 + k % ${family.length}] || ' ' || ($7::text[])[1 + k / ${family.length} % ${given.length}]
             else ($10::text[])[1 + a] || ' ' || k end as target_name,
           jsonb_build_object('name', jsonb_build_object('before', 'k' || k, 'after', 'k' || (k + 1))) as details,
           '' as prev_hash, '' as hash, 2::smallint as hash_version
         from (select i, (i * 7) % ${actions.length} as a, (i * 31) % ${AUDIT_TARGETS} as k
               from generate_series($11::bigint, $12::bigint) as i) s
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
  return { events, actorIds, memberName, newest, ms: performance.now() - t0 };
}
