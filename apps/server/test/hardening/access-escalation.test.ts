/**
 * Access escalation as a property: no action of a member raises what anyone may read or edit beyond what that
 * member could already edit, and nothing he does raises what he himself may read or edit. Only a company
 * admin grants (auth/access.ts). Random sequences of filing, moving, unfiling, classification rules with and
 * without backfill, dry runs, group grants, admin changes, renames and attribute edits by the members of one
 * company, with company-admin grants and newly concluded documents in between, through the real API with the
 * job worker in-process. After each member action, every member's readable and editable documents are read
 * through the API (the list and each detail's `canEditAttribute`) and compared with those before it; after
 * each concluded document, the cabinets it was filed in must be exactly those a company admin's rules name.
 * At the end of each sequence, every member's まとめてダウンロード of his whole list holds exactly what he reads,
 * and with a deadline on every document and a rule on every cabinet naming every member, his alert digest lists
 * exactly what he reads and his 「期限が近い書類」 nothing more (access-escalation.alerts.ts).
 * FC_SEED / FC_RUNS replay or widen a run; the case count is printed.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp, type ApiApp } from '../../src/api-app.ts';
import { applyClassificationRules } from '../../src/modules/documents/classification.repository.ts';
import { createTestDeps, type TestDeps } from '../support/test-deps.ts';
import { makeDocument } from '../support/fixtures.ts';
import { readManifest, readZip } from '../support/zip-archive.ts';
import { mailedIds, runDigestsForAll, upcomingIds } from './access-escalation.alerts.ts';
import {
  MEMBERS,
  allBackfillsDone,
  filedCabinets,
  makeEscalationWorld,
  type EscalationWorld,
} from './access-escalation.world.ts';

let deps: TestDeps;
let app: ApiApp;

beforeAll(async () => {
  deps = await createTestDeps({ worker: true });
  app = await buildApiApp(deps);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const seed = Number(process.env.FC_SEED ?? Date.now() % 2 ** 31);
const numRuns = Number(process.env.FC_RUNS ?? 6);

type Access = { read: Set<string>; edit: Set<string> };
type Step =
  | { kind: 'member'; actor: number; act: MemberAct; own: boolean }
  | { kind: 'admin'; act: AdminAct }
  | { kind: 'conclude'; sender: number };
type MemberAct =
  | { op: 'file'; cabinet: number; docs: number[]; from: number | null }
  | { op: 'unfile'; cabinet: number; docs: number[] }
  | { op: 'rule'; cabinet: number; groups: number[]; backfill: boolean }
  | { op: 'dryRun'; cabinet: number; groups: number[] }
  | { op: 'unrule'; cabinet: number; groups: number[] }
  | { op: 'grant'; cabinet: number; groups: number[] }
  | { op: 'revoke'; cabinet: number; group: number }
  | { op: 'addAdmin'; cabinet: number; member: number }
  | { op: 'removeAdmin'; cabinet: number; member: number }
  | { op: 'rename'; cabinet: number }
  | { op: 'editAttribute'; doc: number };
type AdminAct =
  | { op: 'rule'; cabinet: number; groups: number[]; backfill: boolean }
  | { op: 'grant'; cabinet: number; groups: number[] }
  | { op: 'file'; cabinet: number; docs: number[] };

const idx = (n: number) => fc.nat({ max: n - 1 });
const docIdx = fc.nat({ max: 63 }); // taken modulo the documents that exist at that step
const docList = fc.array(docIdx, { minLength: 1, maxLength: 3 });
const groupList = fc.array(idx(4), { minLength: 1, maxLength: 2 });
const cab = idx(5);

const memberAct: fc.Arbitrary<MemberAct> = fc.oneof(
  fc.record({
    op: fc.constant('file' as const),
    cabinet: cab,
    docs: docList,
    from: fc.option(cab, { nil: null }),
  }),
  fc.record({ op: fc.constant('unfile' as const), cabinet: cab, docs: docList }),
  fc.record({
    op: fc.constant('rule' as const),
    cabinet: cab,
    groups: groupList,
    backfill: fc.boolean(),
  }),
  fc.record({ op: fc.constant('dryRun' as const), cabinet: cab, groups: groupList }),
  fc.record({ op: fc.constant('unrule' as const), cabinet: cab, groups: groupList }),
  fc.record({ op: fc.constant('grant' as const), cabinet: cab, groups: groupList }),
  fc.record({ op: fc.constant('revoke' as const), cabinet: cab, group: idx(4) }),
  fc.record({ op: fc.constant('addAdmin' as const), cabinet: cab, member: idx(MEMBERS) }),
  fc.record({ op: fc.constant('removeAdmin' as const), cabinet: cab, member: idx(MEMBERS) }),
  fc.record({ op: fc.constant('rename' as const), cabinet: cab }),
  fc.record({ op: fc.constant('editAttribute' as const), doc: docIdx }),
);
const adminAct: fc.Arbitrary<AdminAct> = fc.oneof(
  fc.record({
    op: fc.constant('rule' as const),
    cabinet: cab,
    groups: groupList,
    backfill: fc.boolean(),
  }),
  fc.record({ op: fc.constant('grant' as const), cabinet: cab, groups: groupList }),
  fc.record({ op: fc.constant('file' as const), cabinet: cab, docs: docList }),
);
const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('member' as const),
      actor: idx(MEMBERS),
      act: memberAct,
      own: fc.nat({ max: 4 }).map((n) => n > 0),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('admin' as const), act: adminAct }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('conclude' as const), sender: idx(MEMBERS) }),
  },
);

/** What member `i` reads (the documents list) and edits (each readable document's detail), through the API. */
async function accessOf(w: EscalationWorld, i: number): Promise<Access> {
  const headers = w.memberHeaders[i]!;
  const list = await app.inject({ method: 'GET', url: '/documents?perPage=100', headers });
  expect(list.statusCode, list.body).toBe(200);
  const read = new Set(list.json<{ documents: { id: string }[] }>().documents.map((d) => d.id));
  const edit = new Set<string>();
  for (const id of read) {
    const detail = await app.inject({ method: 'GET', url: `/documents/${id}`, headers });
    if (detail.json<{ document: { canEditAttribute: boolean } }>().document.canEditAttribute)
      edit.add(id);
  }
  return { read, edit };
}

const allAccess = (w: EscalationWorld) => Promise.all(w.members.map((_, i) => accessOf(w, i)));
const outside = (after: Set<string>, allowed: Set<string>[], existing: Set<string>) =>
  [...after].filter((id) => existing.has(id) && !allowed.some((s) => s.has(id)));

/**
 * Where an act lands. Members mostly act on what they manage and read (so most acts are accepted and the
 * property has something to check), sometimes on anything of the company (so refusals are checked too).
 */
type Pools = { cabinets: string[]; docs: string[] };

async function poolsOf(
  w: EscalationWorld,
  headers: Record<string, string>,
  reads: Set<string>,
  own: boolean,
): Promise<Pools> {
  if (!own) return { cabinets: w.cabinetIds, docs: w.docIds };
  const res = await app.inject({ method: 'GET', url: '/cabinets', headers });
  const managed = res
    .json<{ cabinets: { id: string; isAdmin: boolean }[] }>()
    .cabinets.filter((c) => c.isAdmin)
    .map((c) => c.id);
  return {
    cabinets: managed.length ? managed : w.cabinetIds,
    docs: reads.size ? [...reads] : w.docIds,
  };
}

function callOf(w: EscalationWorld, act: MemberAct | AdminAct, pools: Pools) {
  const at = <T>(list: T[], i: number) => list[i % list.length]!;
  const c = at(pools.cabinets, 'cabinet' in act ? act.cabinet : 0);
  const docs = 'docs' in act ? [...new Set(act.docs.map((d) => at(pools.docs, d)))] : [];
  const groups = 'groups' in act ? act.groups.map((g) => w.groupIds[g]!) : [];
  switch (act.op) {
    case 'file': {
      const from =
        'from' in act && act.from !== null
          ? { fromCabinetId: at(pools.cabinets, act.from + 1) }
          : {};
      return {
        method: 'POST',
        url: `/cabinets/${c}/documents`,
        payload: { documentIds: docs, ...from },
      };
    }
    case 'unfile':
      return { method: 'DELETE', url: `/cabinets/${c}/documents`, payload: { documentIds: docs } };
    case 'rule':
      return {
        method: 'POST',
        url: `/cabinets/${c}/classification_rules`,
        payload: { memberGroupIds: groups, backfill: act.backfill },
      };
    case 'dryRun':
      return {
        method: 'POST',
        url: `/cabinets/${c}/classification_rules/dry_run`,
        payload: { memberGroupIds: groups },
      };
    case 'unrule':
      return {
        method: 'DELETE',
        url: `/cabinets/${c}/classification_rules`,
        payload: { memberGroupIds: groups },
      };
    case 'grant':
      return {
        method: 'PUT',
        url: `/cabinets/${c}/member_groups`,
        payload: { memberGroupIds: groups },
      };
    case 'revoke':
      return {
        method: 'DELETE',
        url: `/cabinets/${c}/member_groups`,
        payload: { memberGroupId: w.groupIds[act.group] },
      };
    case 'addAdmin':
      return {
        method: 'POST',
        url: `/cabinets/${c}/admins`,
        payload: { userIds: [w.members[act.member]!.id] },
      };
    case 'removeAdmin':
      return {
        method: 'DELETE',
        url: `/cabinets/${c}/admins`,
        payload: { userIds: [w.members[act.member]!.id] },
      };
    case 'rename':
      return {
        method: 'PUT',
        url: `/cabinets/${c}`,
        payload: { name: `改名${(w.seq += 1)}`, note: '' },
      };
    case 'editAttribute':
      return {
        method: 'PUT',
        url: `/documents/${at(pools.docs, act.doc)}/attribute`,
        payload: { localId: `L-${(w.seq += 1)}` },
      };
  }
}

async function send(
  w: EscalationWorld,
  headers: Record<string, string>,
  act: MemberAct | AdminAct,
  pools: Pools,
) {
  const call = callOf(w, act, pools) as {
    method: 'POST' | 'PUT' | 'DELETE';
    url: string;
    payload: Record<string, unknown>;
  };
  // The model is about who reaches what, not versions: a save goes over whatever is stored (If-Match: *).
  const res = await app.inject({ ...call, headers: { 'if-match': '*', ...headers } });
  // A refusal is an answer too; only a server error is not.
  expect(res.statusCode, `${call.method} ${call.url}: ${res.body}`).toBeLessThan(500);
  await allBackfillsDone(deps, w.companyId);
  return res.statusCode;
}

/** Every document of the world gets a stored PDF (one shared file), and members may bulk download. */
async function withFiles(w: EscalationWorld) {
  const key = `documents/escalation-${w.companyId}.pdf`;
  await deps.storage.write(key, Buffer.from('%PDF-1.4\n%%EOF\n'));
  await deps.database.raw.query(
    `insert into document_files (document_id, name, size, storage_key)
     select d.id, 'a.pdf', 14, $2 from documents d
     where d.company_id = $1 and not exists (select 1 from document_files f where f.document_id = d.id)`,
    [w.companyId, key],
  );
  await deps.database.raw.query('update companies set bulk_download_members = true where id = $1', [
    w.companyId,
  ]);
}

/** The documents of a member's まとめてダウンロード of his whole list, read from the archive's manifest. */
async function downloadedIds(headers: Record<string, string>): Promise<Set<string>> {
  const res = await app.inject({
    method: 'POST',
    url: '/documents/downloads',
    headers,
    payload: { encoding: 'utf8bom', nameRule: 'id_title' },
  });
  expect(res.statusCode, res.body).toBe(202);
  const id = res.json<{ manipulation: { id: string } }>().manipulation.id;
  for (let i = 0; ; i += 1) {
    const s = await app.inject({ method: 'GET', url: `/documents/downloads/${id}`, headers });
    const status = s.json<{ status: number }>().status;
    if (status === 6) break;
    expect(status, s.body).toBe(5);
    if (i > 600) throw new Error('download still running');
    await new Promise((r) => setTimeout(r, 50));
  }
  const zip = await app.inject({ method: 'GET', url: `/documents/downloads/${id}/zip`, headers });
  const entries = await readZip(zip.rawPayload);
  return new Set(readManifest(entries.at(-1)!.bytes, 'utf8bom').map((r) => r['書類ID']!));
}

describe('access escalation (model-based, one company per run)', () => {
  it(
    'no member action raises what anyone reads or edits beyond what that member already edits',
    { timeout: 600_000 },
    async () => {
      const stats = { runs: 0, memberSteps: 0, refused: 0, adminSteps: 0, concluded: 0 };
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 8, maxLength: 16 }), async (steps) => {
          const w = await makeEscalationWorld(deps);
          let before = await allAccess(w);
          for (const s of steps) {
            const existing = new Set(w.docIds);
            if (s.kind === 'admin') {
              stats.adminSteps += 1;
              const pools = { cabinets: w.cabinetIds, docs: w.docIds };
              if ((await send(w, w.adminHeaders, s.act, pools)) < 300 && s.act.op === 'rule')
                w.recordAdminRule(pools.cabinets[s.act.cabinet]!, s.act.groups);
              before = await allAccess(w);
              continue;
            }
            if (s.kind === 'conclude') {
              stats.concluded += 1;
              const sender = w.members[s.sender]!;
              const doc = await makeDocument(deps, w.companyId, { senderId: sender.id, status: 2 });
              await deps.database.db.transaction((tx) =>
                applyClassificationRules(tx, w.companyId, [doc.id]),
              );
              w.docIds.push(doc.id);
              // Filed exactly where a company admin's rule for one of the sender's groups says.
              expect(
                await filedCabinets(deps, doc.id),
                `filing of a document concluded by member ${s.sender}`,
              ).toEqual(w.expectedFiling(s.sender));
              before = await allAccess(w);
              continue;
            }
            stats.memberSteps += 1;
            const headers = w.memberHeaders[s.actor]!;
            const status = await send(
              w,
              headers,
              s.act,
              await poolsOf(w, headers, before[s.actor]!.read, s.own),
            );
            if (status >= 300) stats.refused += 1;
            const after = await allAccess(w);
            const actorEdits = before[s.actor]!.edit;
            const label = `member ${s.actor} ${JSON.stringify(s.act)}${s.own ? ' on his own' : ''} → ${status}`;
            expect(
              outside(after[s.actor]!.read, [before[s.actor]!.read], existing),
              `${label}: he reads more`,
            ).toEqual([]);
            expect(
              outside(after[s.actor]!.edit, [actorEdits], existing),
              `${label}: he edits more`,
            ).toEqual([]);
            after.forEach((a, m) => {
              expect(
                outside(a.read, [before[m]!.read, actorEdits], existing),
                `${label}: member ${m} reads what the actor cannot edit`,
              ).toEqual([]);
              expect(
                outside(a.edit, [before[m]!.edit, actorEdits], existing),
                `${label}: member ${m} edits what the actor cannot edit`,
              ).toEqual([]);
            });
            before = after;
          }
          // まとめてダウンロード of everything, by each member: exactly what he reads, nothing more.
          await withFiles(w);
          for (const [m, access] of before.entries())
            expect(
              [...(await downloadedIds(w.memberHeaders[m]!))].sort(),
              `member ${m}'s まとめてダウンロード after ${steps.length} steps`,
            ).toEqual([...access.read].sort());
          // Alerts: every document due, every cabinet's digest to every member: only what each reads.
          await runDigestsForAll(deps, app, w);
          for (const [m, access] of before.entries()) {
            const label = `member ${m}'s alerts after ${steps.length} steps`;
            expect((await mailedIds(deps, w, m)).sort(), `${label}: digest`).toEqual(
              [...access.read].filter((id) => w.docIds.includes(id)).sort(),
            );
            expect(
              outside(new Set(await upcomingIds(app, w, m)), [access.read], new Set(w.docIds)),
              `${label}: 期限が近い書類`,
            ).toEqual([]);
          }
          stats.runs += 1;
        }),
        { seed, numRuns, endOnFailure: true },
      );
      console.log(
        `access escalation: seed ${seed}, ${stats.runs} cases, ${stats.memberSteps} member actions (${stats.refused} refused), ` +
          `${stats.adminSteps} company-admin grants, ${stats.concluded} documents concluded`,
      );
      expect(stats.runs).toBe(numRuns);
    },
  );
});
