/**
 * Prints the SQL statements the documents search issues for the benchmark's searches (and a few more shapes:
 * deep pages, cabinet scopes, members), over a small seeded company, with ids replaced by names. Run before
 * and after a change to the planner and diff the outputs: the same text means the same plans at scale.
 *
 *   TEST_DB_KIND=postgres TEST_DATABASE_URL=postgres://... node --import tsx bench/documents-statements.ts > out.txt
 */
import { sql } from 'drizzle-orm';
import { ZDocumentFindQuery } from '../packages/contract/src/index.ts';
import * as schema from '../apps/server/src/db/schema.ts';
import { createTestDeps } from '../apps/server/test/support/test-deps.ts';
import { makeCompany, makeDocument, makeUser } from '../apps/server/test/support/fixtures.ts';
import { findDocuments } from '../apps/server/src/modules/documents/documents.service.ts';
import { recordStatements } from '../apps/server/test/support/record-statements.ts';

const COUNT = 29_000;
const deps = await createTestDeps();
const db = deps.database.db;
const company = await makeCompany(deps, { name: '株式会社計画' });
const [system] = await db
  .select()
  .from(schema.cabinets)
  .where(sql`company_id = ${company.id} and type = 1`);
const [one] = await db
  .insert(schema.cabinets)
  .values({ id: '00000000-0000-4000-8000-000000000002', companyId: company.id, name: '営業' })
  .returning();
const [two] = await db
  .insert(schema.cabinets)
  .values({ id: '00000000-0000-4000-8000-000000000003', companyId: company.id, name: '人事' })
  .returning();
const model = await makeDocument(deps, company.id, {
  id: '00000000-0000-4000-8000-000000000001',
  title: 'ひな形',
});
await db.execute(sql`
  insert into documents (id, company_id, sender_id, title, search_text, status, contract_at, amount,
    updated_at, created_at)
  select md5('doc' || i)::uuid, d.company_id, d.sender_id, t.title, t.title,
    case when i % 4 = 1 then 1 else 2 end, date '2024-01-01' + (i % 730), (i * 7919) % 10000000,
    timestamptz '2025-01-01T00:00:00Z' - make_interval(secs => i),
    timestamptz '2024-01-01T00:00:00Z' + make_interval(secs => i)
  from documents d, generate_series(1, ${COUNT}) i,
  lateral (select case when i % 4 = 0 then '大阪物産 覚書 契約' when i % 4 = 1 then '東京商事 業務委託契約書'
    when i % 32 = 2 then '北斗製作所 売買契約書' else '業務委託契約書 第' || i || '号' end as title) t
  where d.id = ${model.id}`);
await db.execute(
  sql`insert into document_cabinets (cabinet_id, document_id) select ${one!.id}, md5('doc' || i)::uuid from generate_series(1, 3000) i`,
);
await db.execute(
  sql`insert into document_cabinets (cabinet_id, document_id) select ${two!.id}, md5('doc' || i)::uuid from generate_series(2001, 4000) i`,
);
await deps.database.raw.exec('analyze');

const [allGroup] = await db
  .select()
  .from(schema.memberGroups)
  .where(sql`company_id = ${company.id} and type = 1`);
const group = async (name: string, cabinetIds: string[]) => {
  const [g] = await db
    .insert(schema.memberGroups)
    .values({ companyId: company.id, name })
    .returning();
  for (const c of cabinetIds)
    await db.insert(schema.cabinetMemberGroups).values({ cabinetId: c, groupId: g!.id });
  return g!;
};
const member = async (email: string, groupId?: string) => {
  const u = await makeUser(deps, company.id, { email });
  if (groupId) await db.insert(schema.memberGroupUsers).values({ groupId, userId: u.id });
  return { isCompanyAdmin: false, user: { ...u, hasMfaSecret: false } };
};
const admin = {
  isCompanyAdmin: true,
  user: {
    ...(await makeUser(deps, company.id, { email: 'admin@plan.test', roles: ['CompanyAdmin'] })),
    hasMfaSecret: false,
  },
};
const oneReader = await member('one@plan.test', (await group('一つ', [one!.id])).id);
const twoReader = await member('two@plan.test', (await group('二つ', [one!.id, two!.id])).id);
const noReader = await member('none@plan.test');
const systemReader = await member('system@plan.test', (await group('全体', [system!.id])).id);
void allGroup;

const names = new Map<string, string>([
  [company.id, '<company>'],
  [model.id, '<model document>'],
  [system!.id, '<system>'],
  [one!.id, '<cabinet one>'],
  [two!.id, '<cabinet two>'],
  [admin.user.id, '<admin>'],
  [oneReader.user.id, '<one reader>'],
  [twoReader.user.id, '<two reader>'],
  [noReader.user.id, '<no reader>'],
  [systemReader.user.id, '<system reader>'],
]);
const named = (s: string) => [...names].reduce((t, [id, n]) => t.replaceAll(id, n), s);

const k = encodeURIComponent;
const SEARCHES: [string, typeof admin, string][] = [
  ['first page', admin, ''],
  ['keyword 契約 (2 characters)', admin, `keyword=${k('契約')}`],
  ['keyword 東 (1 character)', admin, `keyword=${k('東')}`],
  ['counterparty keyword 北斗製作所', admin, `keyword=${k('北斗製作所')}`],
  [
    'contract date + amount range',
    admin,
    'contractAtFrom=2024-01-01&contractAtTo=2024-06-30&amountFrom=1000000&amountTo=5000000',
  ],
  ['keyword 業務委託 with status 締結済', admin, `keyword=${k('業務委託')}&status=2`],
  [
    'keyword 北斗製作所 with an amount range',
    admin,
    `keyword=${k('北斗製作所')}&amountFrom=1000000&amountTo=5000000`,
  ],
  ['keyword 契約 page 1 again', admin, `keyword=${k('契約')}`],
  ['keyword 契約 page 2 (anchored)', admin, `keyword=${k('契約')}&page=2`],
  ['keyword 契約 page 3 (anchored)', admin, `keyword=${k('契約')}&page=3`],
  ['keyword 契約 deep page', admin, `keyword=${k('契約')}&page=200&perPage=50`],
  ['first page deep', admin, 'page=200&perPage=50'],
  ['past the last page', admin, `keyword=${k('北斗製作所')}&page=30`],
  ['keyword 業務委託 sorted by title', admin, `keyword=${k('業務委託')}&sort=title&order=asc`],
  ['cabinet one', admin, `cabinetId=${one!.id}`],
  ['cabinet one deep', admin, `cabinetId=${one!.id}&page=5`],
  ['system cabinet', admin, `cabinetId=${system!.id}`],
  ['cabinet one keyword 契約', admin, `cabinetId=${one!.id}&keyword=${k('契約')}`],
  ['member one cabinet list', oneReader, ''],
  ['member one cabinet keyword 東', oneReader, `keyword=${k('東')}`],
  ['member one cabinet keyword 契約', oneReader, `keyword=${k('契約')}`],
  ['member two cabinets list', twoReader, ''],
  ['member two cabinets keyword 東京', twoReader, `keyword=${k('東京')}`],
  ['member two cabinets filter one', twoReader, `cabinetId=${one!.id}&status=2`],
  ['member no cabinet', noReader, `keyword=${k('東')}`],
  ['member system list', systemReader, ''],
  ['member system keyword 業務委託', systemReader, `keyword=${k('業務委託')}`],
  ['member system cabinet filter', systemReader, `cabinetId=${system!.id}&status=1`],
  [
    'options, sender, dates',
    admin,
    `sender=${k('山田')}&localId=A-1&sentAtFrom=2024-01-01&sentAtTo=2024-02-01&validityEndAtFrom=2024-01-01&autoUpdate=1`,
  ],
  ['uuid keyword', admin, `keyword=${model.id}`],
];

for (const pageCache of [false, true]) {
  for (const [label, who, query] of SEARCHES) {
    const q = ZDocumentFindQuery.parse(Object.fromEntries(new URLSearchParams(query)));
    let res!: Awaited<ReturnType<typeof findDocuments>>;
    const statements = await recordStatements(deps, async (logged) => {
      res = await findDocuments({ db: logged, auth: who }, q, { pageCache });
    });
    const lines = statements.map((st) => `  ${st.sql}\n    ${JSON.stringify(st.params)}`);
    console.log(
      named(
        `## ${label} (pageCache ${pageCache}): total ${res.total}${res.isTotalExact ? '' : '+'}, ${res.documents.length} rows, first ${res.documents[0]?.title ?? '-'} ${res.documents[0]?.id ?? ''}`,
      ),
    );
    console.log(named(lines.join('\n')));
  }
}
await deps.cleanup();
