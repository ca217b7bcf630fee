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
import { FAMILY_NAMES, GIVEN_NAMES } from '../../apps/server/src/seed/names.ts';
import { rowsDigest } from '../../apps/server/src/modules/audit-log/row-records-digest.ts';
import { findRowRecordPage } from '../../apps/server/src/modules/audit-log/row-records.repository.ts';

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
  /** Events and per-row records together. */
  events: number;
  /** The events of the chain (the other kinds, and one per bulk batch). */
  chained: number;
  actorIds: string[];
  /** The name of member target k, as the events carry it (the keyword filter searches these). */
  memberName: (k: number) => string;
  /** The newest event's time (the period filter asks for a month before it). */
  newest: Date;
  /** A member and a document that bulk runs changed, as their per-row records name them. */
  bulk: {
    /** Per-row records (audit_row_records). */
    events: number;
    member: { id: string; name: string; email: string; events: number };
    document: { id: string; title: string; localId: string; events: number };
  };
  ms: number;
};

/** Every action but a batch's, whose events the bulk blocks make with their rows' digests. */
const actions = (Object.keys(AUDIT_ACTIONS) as (keyof typeof AUDIT_ACTIONS)[]).filter(
  (a) => a !== 'bulk.rowsRecorded',
);
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
  const secondary = async (table: string, keep: string[]) =>
    (
      await q<{ indexname: string; indexdef: string }>(
        `select indexname, indexdef from pg_indexes where tablename = $1 and not (indexname = any($2))`,
        [table, keep],
      )
    ).rows;
  const indexes = [
    ...(await secondary('audit_events', ['audit_events_pkey', 'audit_events_company_seq_key'])),
    ...(await secondary('audit_row_records', ['audit_row_records_event_key'])),
  ];
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
  let seq = 0;
  let rowRecords = 0;
  const params = (from: number, to: number) => [
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
    seq,
    BULK_ACTIONS,
    BULK_ACTIONS.map((a) => AUDIT_ACTIONS[a].category),
    familyRomaji,
    givenRomaji,
    DOCUMENT_KINDS,
    COMPANY_SUFFIXES,
    bulkMembers,
    bulkDocuments,
  ];
  await database.raw.exec('alter table audit_events disable trigger audit_events_chain');
  try {
    // Chunks of whole periods (a run's three batches, then seven blocks of other events): a batch's event
    // and its rows are made in the same chunk.
    for (let from = 0; from < events; from += BATCH) {
      const to = Math.min(events, from + BATCH) - 1;
      // 1. The bulk blocks' rows, linked to the number their batch's event will get.
      const inserted = await q<{ n: string }>(
        `with ins as (insert into audit_row_records (company_id, event_seq, position, occurred_at, actor_id, action,
           category, target_type, target_id, target_name, name_key, ident_key, details)
         select company_id, batch_seq, position, occurred_at, actor_id, action, category, target_type,
           target_id, target_name, name_key, ident_key, details
         from (${GENERATED}) g where bulk returning 1)
         select count(*) as n from ins`,
        params(from, to),
      );
      rowRecords += Number(inserted.rows[0]!.n);
      // 2. Each batch's digest, computed as verify does from the rows as stored (row-records-digest.ts).
      const digests = new Map<number, ReturnType<typeof rowsDigest>>();
      for (let after = { eventSeq: seq, position: 2 ** 31 - 1 }; ;) {
        const page = await findRowRecordPage(database.db, companyId, 20_000, after);
        for (const r of page) {
          let d = digests.get(r.eventSeq);
          if (!d) digests.set(r.eventSeq, (d = rowsDigest()));
          d.add(r);
        }
        if (page.length < 20_000) break;
        const last = page[page.length - 1]!;
        after = { eventSeq: last.eventSeq, position: last.position };
      }
      // 3. The chunk's events: the other kinds, and one bulk.rowsRecorded per batch with its digest.
      const batches = [...digests.entries()];
      const chained = await q<{ hash: string; seq: string }>(
        `with gen as (
           select gen_random_uuid() as id, company_id, event_seq as seq, occurred_at, actor_id, actor_name,
             actor_email, ip, user_agent, request_id, action, category, target_type, target_id, target_name,
             details, '' as prev_hash, '' as hash, 2::smallint as hash_version
           from (${GENERATED}) g where not bulk
           union all
           select gen_random_uuid(), company_id, batch_seq, occurred_at, actor_id, actor_name, actor_email, ip,
             user_agent, request_id, 'bulk.rowsRecorded', 'bulk', 'bulkRun', (run ->> 'run'), '',
             jsonb_build_object('rows', d.n, 'sha256', d.sha256), '', '', 2::smallint
           from (${GENERATED}) g join unnest($22::bigint[], $23::int[], $24::text[]) as d(seq, n, sha256)
             on d.seq = g.batch_seq
           where bulk and position = 1
         ), ins as (
           insert into audit_events
           select * from bench_audit_chain(array(select row(gen.*)::audit_events from gen order by seq), $25)
           returning seq, hash
         )
         select hash, seq from ins order by seq desc limit 1`,
        [
          ...params(from, to),
          batches.map(([k]) => k),
          batches.map(([, d]) => d.rows),
          batches.map(([, d]) => d.hex()),
          prev,
        ],
      );
      prev = chained.rows[0]!.hash;
      seq = Number(chained.rows[0]!.seq);
      log(`audit events: ${(to + 1).toLocaleString('en')} / ${events.toLocaleString('en')}`);
    }
    await q(
      `insert into audit_chain_heads (company_id, seq, hash) values ($1, $2, $3)
       on conflict (company_id) do update set seq = excluded.seq, hash = excluded.hash`,
      [companyId, seq, prev],
    );
  } finally {
    await database.raw.exec('alter table audit_events enable trigger audit_events_chain');
  }
  for (const ix of indexes) {
    const t = performance.now();
    await database.raw.exec(ix.indexdef);
    log(`audit events: ${ix.indexname} built in ${Math.round(performance.now() - t)} ms`);
  }
  for (const table of ['audit_events', 'audit_row_records'])
    await database.raw.exec(
      database.kind === 'postgres' ? `vacuum analyze ${table}` : `analyze ${table}`,
    );
  const ms = performance.now() - t0;
  return {
    events,
    chained: seq,
    actorIds,
    memberName,
    newest,
    bulk: {
      ...(await bulkTargets(database, companyId, bulkMembers, bulkDocuments)),
      events: rowRecords,
    },
    ms,
  };
}

/**
 * What an earlier run seeded in a kept database (audit-kept-database.ts), read back from its tables: the same
 * figures seedAuditEvents answers, but the time it took.
 */
export async function readSeededAuditLog(
  database: Database,
  companyId: string,
): Promise<SeededAuditLog> {
  const q = database.raw.query;
  const one = async <T>(text: string) => (await q<T>(text, [companyId])).rows[0]!;
  const head = await one<{ seq: string }>(
    'select seq from audit_chain_heads where company_id = $1',
  );
  const rows = await one<{ n: string }>(
    'select count(*) as n from audit_row_records where company_id = $1',
  );
  // The seeded events are the ones before this run's own (the bench's member creates and bulk executions).
  const actors = await q<{ actor_id: string }>(
    `select distinct actor_id from audit_events
     where company_id = $1 and actor_email like 'actor%@bench-audit.example' order by actor_id`,
    [companyId],
  );
  const newest = await one<{ t: Date }>(
    `select occurred_at as t from audit_events
     where company_id = $1 and actor_email like 'actor%@bench-audit.example'
     order by occurred_at desc nulls last, seq desc nulls last limit 1`,
  );
  const chained = Number(head.seq);
  const rowRecords = Number(rows.n);
  const events = chained + rowRecords;
  return {
    events,
    chained,
    actorIds: actors.rows.map((r) => r.actor_id),
    memberName,
    newest: new Date(newest.t),
    bulk: {
      ...(await bulkTargets(
        database,
        companyId,
        Math.max(1_000, Math.round(events / 100)),
        Math.max(1_000, Math.round(events / 50)),
      )),
      events: rowRecords,
    },
    ms: 0,
  };
}

/**
 * Items from ($11) to ($12) with, for each, what it is: an event of another kind (`not bulk`, numbered `event_seq`)
 * or a bulk batch's row (numbered `batch_seq`, its batch's event, at `position`). $13 is the last event number
 * before the chunk; a chunk is whole periods of RUN_PERIOD items: the run's three batches' events first, then
 * the other events, in item order.
 */
const GENERATED = `
  select $1::uuid as company_id, bulk, position, run,
    $13::bigint + p * ${3 + RUN_PERIOD - RUN_ROWS} + b + 1 as batch_seq,
    $13::bigint + p * ${3 + RUN_PERIOD - RUN_ROWS} + 3 + (i % ${RUN_PERIOD} - ${RUN_ROWS}) + 1 as event_seq,
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
    -- row-search-keys.ts: NFKC, lower case (ASCII here), one space between words.
    case when kind < 2 then normalize(m_name, NFKC) else normalize(d_title, NFKC) end as name_key,
    case when kind < 2 then lower(m_email) else lower(normalize(d_local_id, NFKC)) end as ident_key,
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
        'bulk', run) end as details
  from (
    select s.*,
      (i - $11::bigint) / ${RUN_PERIOD} as p,
      (i / ${BATCH_ROWS}) % 10 as b,
      i % ${BATCH_ROWS} + 1 as position,
      -- A batch's rows share its time and a run its executor (bulk-row-events.ts rowEvents).
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
        from generate_series($11::bigint, $12::bigint) as i) s0) s) s`;

/** A pool member and a pool document, as their newest per-row record names them, with their counts. */
async function bulkTargets(
  database: Database,
  companyId: string,
  members: number,
  documents: number,
): Promise<Omit<SeededAuditLog['bulk'], 'events'>> {
  const q = database.raw.query;
  const one = async (type: string, key: string) => {
    const { rows } = await q<{ target_id: string; target_name: string; n: string }>(
      `select target_id, (array_agg(target_name order by occurred_at desc, event_seq desc))[1] as target_name,
         count(*) as n
       from audit_row_records where company_id = $1 and target_type = $2 and target_id = md5($3)::uuid::text
       group by target_id`,
      [companyId, type, key],
    );
    if (!rows[0]) throw new Error(`no seeded per-row records of ${key}`);
    return { id: rows[0].target_id, name: rows[0].target_name, events: Number(rows[0].n) };
  };
  const m = await one('member', `bench-member-${4321 % members}`);
  const d = await one('document', `bench-document-${4321 % documents}`);
  const [, name, email] = /^(.*) <(.*)>$/.exec(m.name)!;
  const [, title, localId] = /^(.*)（管理番号: (.*)）$/.exec(d.name)!;
  return {
    member: { id: m.id, name: name!, email: email!, events: m.events },
    document: { id: d.id, title: title!, localId: localId!, events: d.events },
  };
}
