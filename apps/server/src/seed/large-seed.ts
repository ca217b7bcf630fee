/**
 * Large companies for benchmarks (`npm run seed -- --company X --members 100000 --documents 1000000`).
 * Set-based `insert … select … from generate_series(…)` in chunks: PostgreSQL builds the rows itself, so
 * nothing is shipped row by row from Node. Works on PGlite too (slower). No PDFs: list, search and bulk
 * benchmarks do not read files.
 */
import type { TPlan } from '@cloudsign/contract';
import { hashPassword } from '../auth/passwords.ts';
import { normalizeSearchText } from '../lib/search-text.ts';
import type { Database } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { DEMO_PASSWORD } from './demo-logins.ts';
import { COUNTERPARTIES, DOC_KINDS } from './document-words.ts';
import { DEPARTMENTS, FAMILY_NAMES, GIVEN_NAMES } from './names.ts';
import {
  cabinetLinksSql,
  documentsSql,
  member,
  membersSql,
  Params,
  participantsSql,
  type Lists,
} from './large-seed.sql.ts';
import { EntityType } from '@cloudsign/contract';

export type LargeSeedOptions = {
  name: string;
  members: number;
  documents: number;
  plan?: TPlan;
  /** Rows per statement; each chunk commits on its own so PGlite's memory stays bounded. */
  chunk?: number;
  onProgress?: (message: string) => void;
};

export type LargeSeedResult = {
  companyId: string;
  adminEmail: string;
  adminId: string;
  emailDomain: string;
  members: number;
  documents: number;
  participants: number;
  cabinetLinks: number;
  ms: { members: number; documents: number; total: number };
};

const USER_GROUPS = [
  '営業部',
  '法務部',
  '経理部',
  '人事部',
  '情報システム部',
  '総務部',
  '経営企画部',
  '役員',
  '東京支社',
  '大阪支社',
];
const USER_CABINETS = ['営業契約', '法務・NDA', '人事・雇用契約', '購買・業務委託', '役員会議事録'];

export async function seedLargeCompany(
  database: Database,
  opts: LargeSeedOptions,
): Promise<LargeSeedResult> {
  if (!Number.isInteger(opts.members) || opts.members < 1)
    throw new Error('メンバー数は1以上の整数で指定してください。');
  if (!Number.isInteger(opts.documents) || opts.documents < 0)
    throw new Error('書類数は0以上の整数で指定してください。');
  const started = performance.now();
  const q = database.raw.query;
  const log = opts.onProgress ?? (() => {});
  const chunk = opts.chunk ?? 50_000;
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  const fixed = await insertFixedRows(database, opts);
  const { companyId, groupIds, cabinetIds, optionIds } = fixed;
  const slug = `c${companyId.slice(0, 8)}.example.com`;

  const lists = wordLists(companyId, slug);
  const run = async (
    build: (p: Params, l: Lists, from: string, to: string) => string,
    total: number,
    label: string,
  ) => {
    for (let from = 1; from <= total; from += chunk) {
      const to = Math.min(total, from + chunk - 1);
      const p = new Params();
      const l = lists(p);
      const sqlText = build(p, l, p.add(from, '::int'), p.add(to, '::int'));
      await q(sqlText, p.values);
      log(`${label}: ${to.toLocaleString('ja-JP')} / ${total.toLocaleString('ja-JP')}`);
    }
  };

  const t0 = performance.now();
  await run(
    (p, l, from, to) => membersSql(l, from, to, p.add(passwordHash, '::text')),
    opts.members,
    'メンバー',
  );
  // Memberships: everyone in one department group, every third member in a second one.
  await run(
    (p, l, from, to) => `
insert into member_group_users (group_id, user_id)
select (${p.add(groupIds, '::uuid[]')})[1 + (n + s) % ${groupIds.length}], ${member.id('n', l)}
from generate_series(${from}, ${to}) as n cross join generate_series(0, 1) as s
where s = 0 or n % 3 = 0`,
    opts.members,
    'グループ所属',
  );
  const t1 = performance.now();
  await q(
    `insert into cabinet_member_groups (cabinet_id, group_id) select c, g from unnest($1::uuid[]) with ordinality as cc(c, ci)
     join unnest($2::uuid[]) with ordinality as gg(g, gi) on gi % ${cabinetIds.length} = ci - 1 or gi = ci`,
    [cabinetIds, groupIds],
  );
  // Member no. 2 (or the admin when alone) administers every user cabinet.
  {
    const p = new Params();
    const adminSql = `insert into cabinet_admins (cabinet_id, user_id) select c, ${member.id(String(Math.min(opts.members, 2)), lists(p))} from unnest(${p.add(cabinetIds, '::uuid[]')}) as c`;
    await q(adminSql, p.values);
  }

  if (opts.documents > 0) {
    await run(
      (p, l, from, to) =>
        documentsSql(
          l,
          from,
          to,
          String(opts.members),
          p.add(optionIds[0], '::text'),
          p.add(optionIds[1], '::text'),
        ),
      opts.documents,
      '書類',
    );
    await run((_p, l, from, to) => participantsSql(l, from, to), opts.documents, '書類の参加者');
    await run(
      (p, l, from, to) =>
        cabinetLinksSql(l, from, to, p.add(cabinetIds, '::uuid[]'), cabinetIds.length),
      opts.documents,
      'キャビネットへの格納',
    );
  }
  const t2 = performance.now();
  return {
    ...(await seedSummary(q, companyId)),
    emailDomain: slug,
    ms: {
      members: Math.round(t1 - t0),
      documents: Math.round(t2 - t1),
      total: Math.round(performance.now() - started),
    },
  };
}

/** The company and its fixed rows (groups, cabinets, attribute options) in one transaction. */
function insertFixedRows(database: Database, opts: LargeSeedOptions) {
  return database.db.transaction(async (tx) => {
    const [c] = await tx
      .insert(t.companies)
      .values({
        name: opts.name,
        plan: opts.plan ?? 'enterprise',
        documentApproval: 1,
        auditLog: true,
        documentImport: true,
        mfa: 1,
      })
      .returning({ id: t.companies.id });
    const companyId = c!.id;
    await tx
      .insert(t.memberGroups)
      .values({ companyId, name: 'すべてのメンバー', type: EntityType.System });
    await tx
      .insert(t.cabinets)
      .values({ companyId, name: 'すべての書類', type: EntityType.System });
    const groups = await tx
      .insert(t.memberGroups)
      .values(USER_GROUPS.map((name) => ({ companyId, name })))
      .returning({ id: t.memberGroups.id });
    const cabinets = await tx
      .insert(t.cabinets)
      .values(USER_CABINETS.map((name) => ({ companyId, name })))
      .returning({ id: t.cabinets.id });
    const options = await tx
      .insert(t.documentAttributeOptions)
      .values(['契約種別', '部署'].map((name, i) => ({ companyId, name, position: i + 1 })))
      .returning({ id: t.documentAttributeOptions.id });
    return {
      companyId,
      groupIds: groups.map((g) => g.id),
      cabinetIds: cabinets.map((x) => x.id),
      optionIds: options.map((o) => o.id),
    };
  });
}

/**
 * Word lists travel as array parameters, bound only when a statement uses them (PostgreSQL cannot type an
 * unused parameter); normalised twins make search_text in SQL.
 */
function wordLists(companyId: string, slug: string) {
  const arrays: Record<string, readonly string[]> = {
    familyK: FAMILY_NAMES.map((f) => f.k),
    familyN: FAMILY_NAMES.map((f) => normalizeSearchText(f.k)),
    familyR: FAMILY_NAMES.map((f) => f.r),
    givenK: GIVEN_NAMES.map((g) => g.k),
    givenN: GIVEN_NAMES.map((g) => normalizeSearchText(g.k)),
    givenR: GIVEN_NAMES.map((g) => g.r),
    familyY: FAMILY_NAMES.map((f) => f.y),
    givenY: GIVEN_NAMES.map((g) => g.y),
    orgs: DEPARTMENTS.map((d) => d.org),
    orgsN: DEPARTMENTS.map((d) => normalizeSearchText(d.org)),
    kinds: DOC_KINDS.map((k) => k.title),
    kindsN: DOC_KINDS.map((k) => normalizeSearchText(k.title)),
    kindsType: DOC_KINDS.map((k) => k.contractType),
    cps: COUNTERPARTIES.map((c) => c.name),
    cpsN: COUNTERPARTIES.map((c) => normalizeSearchText(c.name)),
    cpsDomain: COUNTERPARTIES.map((c) => c.domain),
  };
  const lists = (p: Params): Lists => {
    const bound = new Map<string, string>();
    const bind = (key: string, value: unknown, cast: string) => {
      if (!bound.has(key)) bound.set(key, p.add(value, cast));
      return bound.get(key)!;
    };
    const l = {
      nFamily: FAMILY_NAMES.length,
      nGiven: GIVEN_NAMES.length,
      nOrgs: DEPARTMENTS.length,
      nKinds: DOC_KINDS.length,
      nCps: COUNTERPARTIES.length,
    } as Lists;
    for (const [key, value] of Object.entries(arrays))
      Object.defineProperty(l, key, { get: () => bind(key, value, '::text[]') });
    Object.defineProperty(l, 'company', { get: () => bind('company', companyId, '::uuid') });
    Object.defineProperty(l, 'slug', { get: () => bind('slug', slug, '::text') });
    return l;
  };
  return lists;
}

/** What the seed made, counted from the tables, and the admin to sign in as. */
async function seedSummary(q: Database['raw']['query'], companyId: string) {
  const count = async (sqlText: string) =>
    Number((await q<{ n: string | number }>(sqlText, [companyId])).rows[0]!.n);
  const admin = (
    await q<{ id: string; email: string }>(
      `select id, email from users where company_id = $1 and 'CompanyAdmin' = any(roles) order by email limit 1`,
      [companyId],
    )
  ).rows[0]!;
  return {
    companyId,
    adminEmail: admin.email,
    adminId: admin.id,
    members: await count(`select count(*) as n from users where company_id = $1`),
    documents: await count(`select count(*) as n from documents where company_id = $1`),
    participants: await count(
      `select count(*) as n from document_participants p join documents d on d.id = p.document_id where d.company_id = $1`,
    ),
    cabinetLinks: await count(
      `select count(*) as n from document_cabinets l join cabinets c on c.id = l.cabinet_id where c.company_id = $1`,
    ),
  };
}
