/**
 * The daily alert digest at scale (issue 35): one morning's digests of a company of 10,000 members and 100,000
 * documents on PostgreSQL (× `--scale`). Every user cabinet has two rules (解約通知期限の30日前, 契約終了日の60日前)
 * naming one department group (about a sixth of the members each) besides its admin; a tenth of the documents
 * have a 解約通知期限 in the next 40 days and another tenth a 契約終了日 in the next 70 (no 自動更新, so the
 * ceiling needs no roll-forward). Figure: `runAlertDigests` (per cabinet its recipients, per recipient what he
 * reads and the due documents, then per recipient one transaction inserting the sent keys and the outbox mail).
 * Ceiling: the same keys and one mail per recipient by two set-based statements (recipients, readable cabinets,
 * due documents and the inserts in SQL, each mail's body by string_agg): what the database alone needs for the
 * morning. The two alternate over 3 rounds, the company's keys and mails deleted before each; every round must
 * insert the same number of keys and mails.
 */
import { MemberStatus } from '@cloudsign/contract';
import { interleave, percentile, spreadNote } from './lib/measure.ts';
import type { BenchContext, BenchResult, Benchmark } from './lib/types.ts';
import { runAlertDigests } from '../apps/server/src/modules/alerts/alert-digest.ts';
import { jstDay } from '../apps/server/src/modules/alerts/alert-deadlines.ts';

const ROUNDS = 3;

/** The two rules of every cabinet, as the settings store them. */
const RULES = [
  { key: 'validityEndNoticeAt:30', dateItem: 'validityEndNoticeAt', daysBefore: 30 },
  { key: 'validityEndAt:60', dateItem: 'validityEndAt', daysBefore: 60 },
];

/** A cabinet (or, with `isSystem`, every document) read by `user` (a column): the product's readableCabinets. */
const READS = (cabinet: string, user: string) => `(
  exists (select 1 from cabinet_admins ca where ca.cabinet_id = ${cabinet} and ca.user_id = ${user})
  or exists (select 1 from cabinet_member_groups cmg join member_groups g on g.id = cmg.group_id
    where cmg.cabinet_id = ${cabinet} and (g.type = 1
      or exists (select 1 from member_group_users mgu where mgu.group_id = g.id and mgu.user_id = ${user}))))`;

/**
 * The keys and mails of the morning by SQL alone; answers keys and mails. Due documents per cabinet first, the
 * recipients' readable cabinets once each, then the pairs (the order the digest's own work takes).
 */
const CEILING_SQL = `
with settings as materialized (
  select s.cabinet_id, c.type = 1 as is_system, s.rules, s.member_ids, s.group_ids
  from cabinet_alert_settings s join cabinets c on c.id = s.cabinet_id and c.company_id = s.company_id
  where s.company_id = $1 and jsonb_array_length(s.rules) > 0
), due_docs as materialized (
  select st.cabinet_id, x.key, d.id as document_id, dl.deadline, d.title
  from settings st
  cross join lateral jsonb_to_recordset(st.rules) as x(key text, "dateItem" text, "daysBefore" int)
  join documents d on d.company_id = $1
    and (st.is_system or exists (select 1 from document_cabinets dc where dc.cabinet_id = st.cabinet_id and dc.document_id = d.id))
  cross join lateral (select case x."dateItem" when 'validityEndAt' then d.validity_end_at else d.validity_end_notice_at end as deadline) dl
  where dl.deadline between $2::date and $2::date + x."daysBefore"
), recipients as materialized (
  select st.cabinet_id, u.id as user_id, u.email, 'CompanyAdmin' = any(u.roles) as is_admin
  from settings st join users u on u.company_id = $1 and u.status in (${MemberStatus.Valid}, ${MemberStatus.PasswordReset}) and (
    exists (select 1 from cabinet_admins ca where ca.cabinet_id = st.cabinet_id and ca.user_id = u.id)
    or u.id = any(st.member_ids)
    or exists (select 1 from member_groups g where g.company_id = $1 and g.id = any(st.group_ids)
      and (g.type = 1 or exists (select 1 from member_group_users mgu where mgu.group_id = g.id and mgu.user_id = u.id))))
), reads as materialized (
  select ru.user_id, c.id as cabinet_id, c.type = 1 as is_system
  from (select distinct user_id from recipients where not is_admin) ru
  join cabinets c on c.company_id = $1 and ${READS('c.id', 'ru.user_id')}
), due as (
  select dd.*, r.user_id, r.email
  from due_docs dd join recipients r on r.cabinet_id = dd.cabinet_id
  where r.is_admin
    or exists (select 1 from reads a where a.user_id = r.user_id and a.is_system)
    or exists (select 1 from document_cabinets dr join reads a on a.cabinet_id = dr.cabinet_id and a.user_id = r.user_id
               where dr.document_id = dd.document_id)
), keys as (
  insert into alert_sent_keys (cabinet_id, rule_key, document_id, deadline, user_id, company_id, outbox_id)
  select cabinet_id, key, document_id, deadline, user_id, $1, md5(user_id::text || $2)::uuid from due
  on conflict do nothing
  returning user_id
), mails as (
  insert into alert_mail_outbox (id, company_id, user_id, recipient, subject, body, digest_date)
  select md5(user_id::text || $2)::uuid, $1, user_id, min(email), '期限が近い書類のお知らせ',
    string_agg('■ ' || title || ' ' || deadline, E'\\n'), $2::date
  from due group by user_id
  returning id
)
select (select count(*) from keys)::int as keys, (select count(*) from mails)::int as mails`;

/**
 * The keys and mails of a morning whose earlier mornings were mailed (only today's fresh keys go in, and only
 * their recipients get a mail): candidates by the date indexes first, then the cabinets, recipients and rights as
 * in CEILING_SQL. Answers keys and mails.
 */
const FRESH_CEILING_SQL = CEILING_SQL.replace(
  /\), due_docs as materialized \([\s\S]*?\), recipients as materialized/,
  `), cand as materialized (
  select d.id, d.title, d.validity_end_at, d.validity_end_notice_at from documents d
  where d.company_id = $1 and (d.validity_end_at between $2::date and $2::date + $3::int
    or d.validity_end_notice_at between $2::date and $2::date + $3::int)
), due_docs as materialized (
  select st.cabinet_id, x.key, d.id as document_id, dl.deadline, d.title
  from settings st
  cross join lateral jsonb_to_recordset(st.rules) as x(key text, "dateItem" text, "daysBefore" int)
  join cand d on (st.is_system or exists (select 1 from document_cabinets dc where dc.cabinet_id = st.cabinet_id and dc.document_id = d.id))
  cross join lateral (select case x."dateItem" when 'validityEndAt' then d.validity_end_at else d.validity_end_notice_at end as deadline) dl
  where dl.deadline between $2::date and $2::date + x."daysBefore"
), recipients as materialized`,
)
  .replace(
    'returning user_id\n), mails as (',
    'returning user_id, document_id, deadline\n), mails as (',
  )
  .replace(
    'from due group by user_id',
    `from (select k.user_id, u.email, d.title, k.deadline from keys k
    join users u on u.id = k.user_id join documents d on d.id = k.document_id) due group by user_id`,
  );

async function digestBench(ctx: BenchContext): Promise<BenchResult> {
  const deps = await ctx.deps('postgres');
  const seeded = await ctx.largeCompany({
    members: ctx.size(10_000),
    documents: ctx.size(100_000),
    kind: 'postgres',
  });
  const db = deps.database.raw;
  const companyId = seeded.companyId;
  const today = jstDay(deps.clock());
  // Deadlines: every 10th document's 解約通知期限 within 40 days, every 10th + 5's 契約終了日 within 70 days.
  await db.query(
    `update documents set auto_update = 2,
       validity_end_notice_at = case when ('x' || substr(md5(id::text), 1, 8))::bit(32)::int % 10 = 0
         then $2::date + (('x' || substr(md5(id::text), 9, 4))::bit(16)::int % 40) end,
       validity_end_at = case when ('x' || substr(md5(id::text), 1, 8))::bit(32)::int % 10 = 5
         then $2::date + (('x' || substr(md5(id::text), 9, 4))::bit(16)::int % 70) end
     where company_id = $1`,
    [companyId, today],
  );
  // Each user cabinet: the two rules, to one department group (in turn) besides its admin.
  await db.query(
    `insert into cabinet_alert_settings (cabinet_id, company_id, rules, member_ids, group_ids)
     select c.id, $1, $2::jsonb, '{}', array[g.id]
     from (select id, row_number() over (order by id) as n from cabinets where company_id = $1 and type <> 1) c
     join (select id, row_number() over (order by id) as n, count(*) over () as k from member_groups
           where company_id = $1 and type <> 1) g on g.n = 1 + (c.n - 1) % g.k
     on conflict (cabinet_id) do nothing`,
    [companyId, JSON.stringify(RULES)],
  );
  const clear = () =>
    db.query(
      `delete from alert_sent_keys where company_id = $1; delete from alert_mail_outbox where company_id = $1`.replaceAll(
        '$1',
        `'${companyId}'`,
      ),
    );
  const counts = async () =>
    (
      await db.query<{ keys: number; mails: number }>(
        `select (select count(*) from alert_sent_keys where company_id = $1)::int as keys,
                (select count(*) from alert_mail_outbox where company_id = $1)::int as mails`,
        [companyId],
      )
    ).rows[0]!;
  const made: string[] = [];
  const r = await interleave({
    rounds: ROUNDS,
    figure: async () => {
      await clear();
      const t = performance.now();
      await runAlertDigests(deps);
      const ms = performance.now() - t;
      const c = await counts();
      made.push(`digest ${c.keys}/${c.mails}`);
      return [ms];
    },
    ceiling: async () => {
      await clear();
      const t = performance.now();
      const { rows } = await db.query<{ keys: number; mails: number }>(CEILING_SQL, [
        companyId,
        today,
      ]);
      const ms = performance.now() - t;
      made.push(`SQL ${rows[0]!.keys}/${rows[0]!.mails}`);
      return [ms];
    },
  });
  await clear();
  const ms = percentile(r.figure, 50);
  const ceiling = percentile(r.ceiling, 50);
  const same = new Set(made.map((m) => m.split(' ')[1])).size === 1;
  const cabinets = (
    await db.query<{ n: number }>(
      'select count(*)::int as n from cabinet_alert_settings where company_id = $1',
      [companyId],
    )
  ).rows[0]!.n;
  return {
    figure: Math.round(ms) / 1000,
    ceiling: Math.round(ceiling) / 1000,
    unit: 's',
    pass: same && ms <= 60_000 && ms <= 10 * ceiling,
    note:
      `${seeded.members.toLocaleString('en')} members, ${seeded.documents.toLocaleString('en')} documents, ` +
      `${cabinets} cabinets with 2 rules each; keys/mails per round: ${made.join(', ')}` +
      `${same ? '' : ' (NOT the same)'}; median of ${ROUNDS} rounds; ${spreadNote(r.ratios)}`,
  };
}

/** The longest lead of RULES: a candidate's date lies within it. */
const LEAD_DAYS = Math.max(...RULES.map((r) => r.daysBefore));

/**
 * A realistic morning: 1,000,000 documents (× `--scale`) of which 契約終了日 is set on half and 解約通知期限 on a
 * fifth, spread evenly over three years from a month ago (a tenth of the future ones 自動更新, never rolled: their
 * date is ahead), so about 640 documents (× scale) reach their alert day each morning. Each user cabinet has the
 * two rules for its 4 admins, 4 chosen members and a 10-member group 「期限管理チーム」; yesterday's morning ran
 * first, so the measured morning inserts only today's fresh keys and mails only their recipients (as every
 * morning but a company's first). Ceiling: FRESH_CEILING_SQL; both must insert the same keys and mails.
 */
async function realisticBench(ctx: BenchContext): Promise<BenchResult> {
  const deps = await ctx.deps('postgres');
  const seeded = await ctx.largeCompany({
    members: ctx.size(10_000),
    documents: ctx.size(1_000_000),
    kind: 'postgres',
  });
  const db = deps.database.raw;
  const companyId = seeded.companyId;
  const now = deps.clock();
  const today = jstDay(now);
  const yesterday = new Date(now.getTime() - 24 * 3600_000);
  ctx.log('期限アラート: 書類の日付と設定を作成中');
  const h = (from: number, len: number) =>
    `('x' || substr(md5(id::text), ${from}, ${len}))::bit(${len * 4})::int`;
  await db.query(
    `update documents set
       validity_end_at = case when ${h(1, 4)} % 100 < 50 then $2::date - 30 + ${h(5, 4)} % 1095 end,
       validity_end_notice_at = case when ${h(1, 4)} % 100 between 50 and 69 then $2::date - 30 + ${h(5, 4)} % 1095 end,
       auto_update = case when ${h(9, 4)} % 10 = 0 and ${h(1, 4)} % 100 < 70 and ${h(5, 4)} % 1095 >= 30 then 1 else 2 end
     where company_id = $1`,
    [companyId, today],
  );
  const pick = async (offset: number, n: number) =>
    (
      await db.query<{ id: string }>(
        `select id from users where company_id = $1 and status = ${MemberStatus.Valid} order by id offset $2 limit $3`,
        [companyId, offset, n],
      )
    ).rows.map((r) => r.id);
  const team = await pick(100, 10);
  const [{ id: groupId }] = (
    await db.query<{ id: string }>(
      `insert into member_groups (id, company_id, name) values (gen_random_uuid(), $1, '期限管理チーム') returning id`,
      [companyId],
    )
  ).rows as [{ id: string }];
  await db.query(
    `insert into member_group_users (group_id, user_id) select $1, u from unnest($2::uuid[]) u`,
    [groupId, team],
  );
  const cabinets = (
    await db.query<{ id: string }>(
      `select id from cabinets where company_id = $1 and type <> 1 order by id`,
      [companyId],
    )
  ).rows;
  for (const [n, c] of cabinets.entries()) {
    await db.query(
      `insert into cabinet_admins (cabinet_id, user_id) select $1, u from unnest($2::uuid[]) u on conflict do nothing`,
      [c.id, await pick(200 + n * 10, 3)],
    );
    await db.query(
      `insert into cabinet_alert_settings (cabinet_id, company_id, rules, member_ids, group_ids)
       values ($1, $2, $3::jsonb, $4::uuid[], array[$5::uuid])`,
      [c.id, companyId, JSON.stringify(RULES), await pick(400 + n * 10, 4), groupId],
    );
  }
  // Yesterday's morning, so the measured one finds its window's earlier keys in place.
  await runAlertDigests({ ...deps, clock: () => yesterday });
  const clear = () =>
    db.query(
      `with gone as (delete from alert_mail_outbox where company_id = $1 and digest_date = $2::date returning id)
       delete from alert_sent_keys where company_id = $1 and outbox_id in (select id from gone)`,
      [companyId, today],
    );
  const counts = async () =>
    (
      await db.query<{ keys: number; mails: number }>(
        `select (select count(*) from alert_sent_keys k join alert_mail_outbox o on o.id = k.outbox_id
                 where o.company_id = $1 and o.digest_date = $2::date)::int as keys,
                (select count(*) from alert_mail_outbox where company_id = $1 and digest_date = $2::date)::int as mails`,
        [companyId, today],
      )
    ).rows[0]!;
  const made: string[] = [];
  const r = await interleave({
    rounds: 5,
    figure: async () => {
      await clear();
      const t = performance.now();
      await runAlertDigests(deps);
      const ms = performance.now() - t;
      const c = await counts();
      made.push(`${c.keys}/${c.mails}`);
      return [ms];
    },
    ceiling: async () => {
      await clear();
      const t = performance.now();
      const { rows } = await db.query<{ keys: number; mails: number }>(FRESH_CEILING_SQL, [
        companyId,
        today,
        LEAD_DAYS,
      ]);
      const ms = performance.now() - t;
      made.push(`${rows[0]!.keys}/${rows[0]!.mails}`);
      return [ms];
    },
  });
  await clear();
  const ms = percentile(r.figure, 50);
  const ceiling = percentile(r.ceiling, 50);
  const same = new Set(made).size === 1;
  return {
    figure: Math.round(ms) / 1000,
    ceiling: Math.round(ceiling) / 1000,
    unit: 's',
    pass: same && ms <= 60_000 && ms <= 10 * ceiling,
    note:
      `${seeded.members.toLocaleString('en')} members, ${seeded.documents.toLocaleString('en')} documents, ` +
      `${cabinets.length} cabinets × 2 rules, 4 admins + 4 members + a 10-member group each; fresh keys/mails per round ` +
      `${made.join(', ')}${same ? '' : ' (NOT the same)'}; median of 5 rounds; ${spreadNote(r.ratios)}`,
  };
}

export const benchmarks: Benchmark[] = [
  {
    name: 'alert digest: one morning, 10,000 members, 100,000 documents (PostgreSQL)',
    target: '≤ 60 s and ≤ 10× the set-based SQL, same keys and mails',
    run: digestBench,
  },
  {
    name: 'alert digest: a realistic morning, 1,000,000 documents (PostgreSQL)',
    target: '≤ 60 s and ≤ 10× the set-based SQL, same keys and mails',
    run: realisticBench,
  },
];
