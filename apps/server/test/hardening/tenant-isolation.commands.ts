/**
 * The commands of the tenant-isolation property test: what an admin of one company does through the API
 * (members, groups, cabinets, PDF imports, moves and copies, attribute edits, bulk runs, exports), each
 * updating the model of that company. Probes use the other company's ids and must look exactly like a
 * missing id (404, same body) and change nothing.
 */
import fc from 'fast-check';
import { expect } from 'vitest';
import type { TBulkManipulation } from '@cloudsign/contract';
import {
  SHARED_GROUP,
  call,
  csvLine,
  csvRows,
  generatedCsv,
  importPdfs,
  next,
  ok,
  pick,
  settle,
  uploadCsv,
  type Model,
  type Real,
  type Side,
} from './tenant-isolation.world.ts';
import { readManifest, readZip } from '../support/zip-archive.ts';

type Cmd = fc.AsyncCommand<Model, Real, false>;
type Run = (s: Side, other: Side, r: Real) => Promise<void>;

/** One command: which company acts, what it needs to exist, what it does. */
function command(
  name: string,
  side: 0 | 1,
  args: number[],
  needs: (s: Side) => boolean,
  run: Run,
): Cmd {
  return {
    check: (m) => needs(m.sides[side]),
    run: async (m, r) => {
      m.ran.push(name);
      const started = Date.now();
      await run(m.sides[side], m.sides[1 - side]!, r);
      if (process.env.FC_TRACE) console.log(`${name}: ${Date.now() - started} ms`);
    },
    toString: () => `${name}(${'AB'[side]}${args.length ? `, ${args.join(', ')}` : ''})`,
  };
}

const always = () => true;
const side = fc.constantFrom<0 | 1>(0, 1);
const nonAdmins = (s: Side) => [...s.members.values()].filter((m) => m.id !== s.admin.id);

async function addMemberToModel(s: Side, r: Real, email: string, groupIds: string[]) {
  const res = await ok(r.app, s.headers, 'GET', `/members?keyword=${encodeURIComponent(email)}`);
  const found = res
    .json<{ members: { id: string; email: string; name: string }[] }>()
    .members.filter((m) => m.email === email);
  expect(found, `bulk-added ${email}`).toHaveLength(1);
  s.members.set(found[0]!.id, { id: found[0]!.id, email, name: found[0]!.name });
  for (const g of groupIds) s.groups.get(g)!.users.add(found[0]!.id);
}

async function runBulk(
  s: Side,
  r: Real,
  base: '/members' | '/documents/attributes',
  upload: string,
  text: string,
  expected: Record<string, number>,
) {
  const uploaded = await uploadCsv(r.app, s.headers, upload, text);
  const url = `${base}/bulk_manipulations/${uploaded.id}`;
  const checked = await settle(r.app, s.headers, url);
  expect(checked, `${upload} check`).toMatchObject({ status: 4, counts: expected });
  await ok(r.app, s.headers, 'PUT', url, { action: 'execute' });
  const done: TBulkManipulation = await settle(r.app, s.headers, url);
  expect(done, `${upload} execute`).toMatchObject({ status: 6 });
  s.artefacts.push({ base, id: uploaded.id, kind: 'run' });
}

/**
 * Uploads a file with one row naming the other company's entity and one naming a random id; the check must
 * reject both with the same message (the id itself aside), so the file tells nothing of the other company.
 * The run is cancelled and kept, so the audit reads its rows and CSVs too.
 */
async function foreignRowsRun(
  s: Side,
  r: Real,
  base: '/members' | '/documents/attributes',
  upload: string,
  header: string[],
  row: (id: string) => string[],
  foreign: string,
) {
  const missing = crypto.randomUUID();
  const m = await uploadCsv(
    r.app,
    s.headers,
    upload,
    [header, row(foreign), row(missing)].map(csvLine).join('\r\n'),
  );
  const url = `${base}/bulk_manipulations/${m.id}`;
  const checked = await settle(r.app, s.headers, url);
  expect(checked, `${upload} with another company's id`).toMatchObject({ status: 3 });
  const res = await ok(r.app, s.headers, 'GET', `${url}/rows?perPage=500`);
  const rows = res.json<{
    rows: { rowNumber: number; errors: { column: string; message: string }[] }[];
  }>().rows;
  const errorsOf = (n: number, id: string) =>
    JSON.stringify(rows.find((x) => x.rowNumber === n)?.errors ?? []).replaceAll(id, '<id>');
  expect(errorsOf(2, foreign), upload).not.toBe('[]');
  expect(errorsOf(2, foreign), upload).toBe(errorsOf(3, missing));
  await ok(r.app, s.headers, 'PUT', url, { action: 'cancel' });
  s.artefacts.push({ base, id: m.id, kind: 'run', echoes: [foreign] });
}

export const commandArbs: fc.Arbitrary<Cmd>[] = [
  side.map((c) =>
    command('createMember', c, [], always, async (s, _o, r) => {
      const n = next(s);
      const body = {
        email: `${s.tag}-m${n}@example.test`,
        name: `${s.tag} 山田${n}`,
        organization: `${s.tag}部`,
      };
      const user = (await ok(r.app, s.headers, 'POST', '/users', body)).json<{
        user: { id: string };
      }>().user;
      s.members.set(user.id, { id: user.id, email: body.email, name: body.name });
    }),
  ),
  fc.tuple(side, fc.nat()).map(([c, i]) =>
    command(
      'editMember',
      c,
      [i],
      (s) => nonAdmins(s).length > 0,
      async (s, _o, r) => {
        const m = nonAdmins(s)[i % nonAdmins(s).length]!;
        m.name = `${s.tag} 改名${next(s)}`;
        await ok(r.app, s.headers, 'PUT', `/users/${m.id}`, {
          name: m.name,
          organization: `${s.tag}課`,
        });
      },
    ),
  ),
  fc.tuple(side, fc.nat()).map(([c, i]) =>
    command(
      'deleteMember',
      c,
      [i],
      (s) => nonAdmins(s).length > 0,
      async (s, _o, r) => {
        const m = nonAdmins(s)[i % nonAdmins(s).length]!;
        // The company's admin takes over whatever cabinets and documents the member held (offboarding).
        await ok(r.app, s.headers, 'DELETE', `/users/${m.id}?successorId=${s.admin.id}`);
        s.members.delete(m.id);
        for (const g of s.groups.values()) g.users.delete(m.id);
        for (const cab of s.cabinets.values())
          if (cab.admins.delete(m.id)) cab.admins.add(s.admin.id);
      },
    ),
  ),
  side.map((c) =>
    command('createGroup', c, [], always, async (s, _o, r) => {
      const name = `${s.tag} 営業${next(s)}`;
      const g = (
        await ok(r.app, s.headers, 'POST', '/member_groups', { name, note: `${s.tag} 備考` })
      ).json<{ memberGroup: { id: string } }>().memberGroup;
      s.groups.set(g.id, { id: g.id, name, users: new Set() });
    }),
  ),
  fc.tuple(side, fc.nat(), fc.nat()).map(([c, gi, mi]) =>
    command(
      'groupAddMember',
      c,
      [gi, mi],
      (s) => nonAdmins(s).length > 0,
      async (s, _o, r) => {
        const g = pick(s.groups, gi)!;
        const m = nonAdmins(s)[mi % nonAdmins(s).length]!;
        await ok(r.app, s.headers, 'POST', `/member_groups/${g.id}/users`, { userIds: [m.id] });
        g.users.add(m.id);
      },
    ),
  ),
  fc.tuple(side, fc.nat()).map(([c, gi]) =>
    command('editGroup', c, [gi], always, async (s, _o, r) => {
      const g = pick(s.groups, gi)!;
      if (g.name === SHARED_GROUP) return; // the shared name stays: bulk files refer to it
      g.name = `${s.tag} 改組${next(s)}`;
      await ok(r.app, s.headers, 'PUT', `/member_groups/${g.id}`, { name: g.name });
    }),
  ),
  side.map((c) =>
    command('createCabinet', c, [], always, async (s, _o, r) => {
      const name = `${s.tag} 契約棚${next(s)}`;
      const cab = (
        await ok(r.app, s.headers, 'POST', '/cabinets', { name, note: `${s.tag} メモ` })
      ).json<{ cabinet: { id: string } }>().cabinet;
      s.cabinets.set(cab.id, {
        id: cab.id,
        name,
        docs: new Set(),
        groups: new Set(),
        admins: new Set(),
      });
    }),
  ),
  fc.tuple(side, fc.nat(), fc.nat(), fc.nat()).map(([c, ci, gi, mi]) =>
    command('editCabinet', c, [ci, gi, mi], always, async (s, _o, r) => {
      const cab = pick(s.cabinets, ci)!;
      cab.name = `${s.tag} 棚改${next(s)}`;
      await ok(r.app, s.headers, 'PUT', `/cabinets/${cab.id}`, { name: cab.name, note: '' });
      const g = pick(s.groups, gi)!;
      await ok(r.app, s.headers, 'PUT', `/cabinets/${cab.id}/member_groups`, {
        memberGroupIds: [g.id],
      });
      cab.groups.add(g.id);
      const m = [...s.members.values()][mi % s.members.size]!;
      await ok(r.app, s.headers, 'POST', `/cabinets/${cab.id}/admins`, { userIds: [m.id] });
      cab.admins.add(m.id);
    }),
  ),
  fc.tuple(side, fc.nat()).map(([c, ci]) =>
    command(
      'deleteCabinet',
      c,
      [ci],
      (s) => s.cabinets.size > 1,
      async (s, _o, r) => {
        const cab = [...s.cabinets.values()].slice(1)[ci % (s.cabinets.size - 1)]!; // the shared cabinet stays
        await ok(r.app, s.headers, 'DELETE', `/cabinets/${cab.id}`);
        s.cabinets.delete(cab.id);
      },
    ),
  ),
  fc.tuple(side, fc.nat(), fc.integer({ min: 1, max: 2 })).map(([c, ci, count]) =>
    command('importPdfs', c, [ci, count], always, async (s, _o, r) => {
      const cab = pick(s.cabinets, ci)!;
      const files = Array.from({ length: count }, () => ({
        name: `${s.tag}契約書${next(s)}`,
        counterparty: `株式会社${s.tag}相手`,
      }));
      const res = await importPdfs(r.app, s.headers, cab.id, files);
      expect(res.statusCode, res.body).toBe(200);
      const { results } = res.json<{ results: { ok: boolean; documentId?: string }[] }>();
      results.forEach((x, i) => {
        expect(x.ok, JSON.stringify(x)).toBe(true);
        s.docs.set(x.documentId!, { id: x.documentId!, title: files[i]!.name });
        cab.docs.add(x.documentId!);
        for (const ruled of s.cabinets.values())
          if (ruled.filesEverything) ruled.docs.add(x.documentId!);
      });
    }),
  ),
  fc.tuple(side, fc.nat(), fc.nat(), fc.boolean()).map(([c, di, ci, move]) =>
    command(
      move ? 'moveDocument' : 'copyDocument',
      c,
      [di, ci],
      (s) => s.docs.size > 0 && s.cabinets.size > 1,
      async (s, _o, r) => {
        const doc = pick(s.docs, di)!;
        const from = [...s.cabinets.values()].find((x) => x.docs.has(doc.id));
        const to = [...s.cabinets.values()].filter((x) => x !== from)[
          ci % (s.cabinets.size - (from ? 1 : 0))
        ]!;
        const body =
          move && from
            ? { documentIds: [doc.id], fromCabinetId: from.id }
            : { documentIds: [doc.id] };
        await ok(r.app, s.headers, 'POST', `/cabinets/${to.id}/documents`, body);
        to.docs.add(doc.id);
        if (move && from) from.docs.delete(doc.id);
      },
    ),
  ),
  fc.tuple(side, fc.nat()).map(([c, di]) =>
    command(
      'editAttributes',
      c,
      [di],
      (s) => s.docs.size > 0,
      async (s, _o, r) => {
        const doc = pick(s.docs, di)!;
        await ok(r.app, s.headers, 'PUT', `/documents/${doc.id}/attribute`, {
          counterparty: `${s.tag} 商事${next(s)}`,
          localId: `${s.tag}-${next(s)}`,
          amount: 1000,
        });
      },
    ),
  ),
  fc.tuple(side, fc.integer({ min: 1, max: 2 }), fc.boolean()).map(([c, count, inShared]) =>
    command('memberBulkAdd', c, [count, Number(inShared)], always, async (s, _o, r) => {
      const shared = [...s.groups.values()].find((g) => g.name === SHARED_GROUP)!;
      const rows = Array.from({ length: count }, () => {
        const n = next(s);
        return [
          `${s.tag}-b${n}@example.test`,
          `${s.tag} 一括${n}`,
          `${s.tag}室`,
          '0',
          '1',
          '',
          '',
          '',
          inShared ? SHARED_GROUP : '',
        ];
      });
      const header = [
        'メールアドレス',
        '氏名',
        '所属',
        '組織管理権限',
        '承認権限',
        '監査ログ閲覧権限',
        '書類インポート権限',
        'テンプレート共有権限',
        'メンバーグループ',
      ];
      await runBulk(
        s,
        r,
        '/members',
        '/members/bulk_add',
        [header, ...rows].map(csvLine).join('\r\n'),
        { add: count },
      );
      for (const row of rows) await addMemberToModel(s, r, row[0]!, inShared ? [shared.id] : []);
    }),
  ),
  fc.tuple(side, fc.nat()).map(([c, mi]) =>
    command(
      'memberBulkEdit',
      c,
      [mi],
      (s) => nonAdmins(s).length > 0,
      async (s, _o, r) => {
        const template = await generatedCsv(
          r.app,
          s.headers,
          '/members/bulk_edit/csv_template',
          '/members/bulk_edit/csv_template',
          { filters: {}, encoding: 'utf8bom' },
        );
        s.artefacts.push({ base: '/members', id: template.id, url: template.url, kind: 'file' });
        const [header, ...rows] = csvRows(template.text);
        expect(rows, 'edit template rows').toHaveLength(s.members.size);
        const target = nonAdmins(s)[mi % nonAdmins(s).length]!;
        const row = rows.find((x) => x[header!.indexOf('メールアドレス')] === target.email)!;
        target.name = `${s.tag} 一括改${next(s)}`;
        row[header!.indexOf('氏名')] = target.name;
        await runBulk(
          s,
          r,
          '/members',
          '/members/bulk_edit',
          [header!, ...rows].map(csvLine).join('\r\n'),
          { update: 1 },
        );
      },
    ),
  ),
  side.map((c) =>
    command('memberExport', c, [], always, async (s, _o, r) => {
      const file = await generatedCsv(r.app, s.headers, '/members/export/csv', '/members/export', {
        filters: {},
        encoding: 'sjis',
      });
      expect(csvRows(file.text).length - 1, 'export rows').toBe(s.members.size);
      s.artefacts.push({ base: '/members', id: file.id, url: file.url, kind: 'file' });
    }),
  ),
  fc.tuple(side, fc.nat()).map(([c, di]) =>
    command(
      'attributeBulkEdit',
      c,
      [di],
      (s) => s.docs.size > 0,
      async (s, _o, r) => {
        const file = await generatedCsv(
          r.app,
          s.headers,
          '/documents/attributes/bulk_edit/csv',
          '/documents/attributes/bulk_edit/csv',
          { conditions: {}, encoding: 'utf8bom' },
        );
        s.artefacts.push({
          base: '/documents/attributes',
          id: file.id,
          url: file.url,
          kind: 'file',
        });
        const [header, ...rows] = csvRows(file.text);
        expect(rows, 'attribute CSV rows').toHaveLength(s.docs.size);
        const doc = pick(s.docs, di)!;
        const row = rows.find((x) => x[0] === doc.id)!;
        const text = [
          ['書類ID', '更新日時', '契約相手の名称'],
          [row[0]!, row[header!.indexOf('更新日時')]!, `${s.tag} 一括相手${next(s)}`],
        ]
          .map(csvLine)
          .join('\r\n');
        await runBulk(s, r, '/documents/attributes', '/documents/attributes/bulk_edit', text, {
          update: 1,
        });
      },
    ),
  ),
  fc.tuple(side, fc.nat()).map(([c, ci]) =>
    command('classifyEverything', c, [ci], always, async (s, _o, r) => {
      // A rule for 「すべてのメンバー」 files every company document: its dry-run count and its backfill's
      // links are counts that must cover this company's documents exactly.
      const cab = pick(s.cabinets, ci)!;
      const body = { memberGroupIds: [s.systemGroupId] };
      const expected = [...s.docs.keys()].filter((d) => !cab.docs.has(d)).length;
      const dry = await ok(
        r.app,
        s.headers,
        'POST',
        `/cabinets/${cab.id}/classification_rules/dry_run`,
        body,
      );
      expect(dry.json<{ count: number }>().count, 'dry-run count').toBe(expected);
      const res = await ok(r.app, s.headers, 'POST', `/cabinets/${cab.id}/classification_rules`, {
        ...body,
        backfill: true,
      });
      const { id } = res.json<{ backfill: { id: string } }>().backfill;
      let backfill = { state: 'queued', linked: -1 };
      for (let i = 0; i < 1200 && ['queued', 'running'].includes(backfill.state); i += 1) {
        await new Promise((done) => setTimeout(done, 50));
        const url = `/cabinets/${cab.id}/classification_rules/backfills/${id}`;
        backfill = (await ok(r.app, s.headers, 'GET', url)).json<{ backfill: typeof backfill }>()
          .backfill;
      }
      expect(backfill, 'backfill').toMatchObject({ state: 'succeeded', linked: expected });
      for (const d of s.docs.keys()) cab.docs.add(d);
      cab.filesEverything = true;
    }),
  ),
  fc
    .tuple(side, fc.nat(), fc.constantFrom('add', 'edit', 'delete', 'attributes'))
    .map(([c, i, kind]) =>
      command(`foreignCsvRows:${kind}`, c, [i], always, async (s, o, r) => {
        const member = [...o.members.keys()][i % o.members.size]!;
        if (kind === 'add') {
          const group = [o.systemGroupId, ...o.groups.keys()][i % (o.groups.size + 1)]!;
          const email = () => `${s.tag}-x${next(s)}@example.test`;
          await foreignRowsRun(
            s,
            r,
            '/members',
            '/members/bulk_add',
            ['メールアドレス', 'メンバーグループ'],
            (id) => [email(), id],
            group,
          );
        } else if (kind === 'edit') {
          await foreignRowsRun(
            s,
            r,
            '/members',
            '/members/bulk_edit',
            ['メンバーID', '氏名'],
            (id) => [id, `${s.tag} 乗っ取り`],
            member,
          );
        } else if (kind === 'delete') {
          await foreignRowsRun(
            s,
            r,
            '/members',
            '/members/bulk_delete',
            ['メンバーID', 'メールアドレス'],
            (id) => [id, ''],
            member,
          );
        } else {
          const doc = pick(o.docs, i)!.id;
          const header = ['書類ID', '更新日時', '契約相手の名称'];
          await foreignRowsRun(
            s,
            r,
            '/documents/attributes',
            '/documents/attributes/bulk_edit',
            header,
            (id) => [id, '2026-01-01T00:00:00.000+09:00', `${s.tag} 乗っ取り`],
            doc,
          );
        }
      }),
    ),
  fc
    .tuple(side, fc.constantFrom(null, 15, 60), fc.constantFrom(12, 24, 720))
    .map(([c, idle, hours]) =>
      command('setSessionLimits', c, [idle ?? 0, hours], always, async (s, other, r) => {
        // Company-wide limits without ids: the other company's stay as they were, and the preview of
        // this one names none of its members.
        const before = await ok(r.app, other.headers, 'GET', '/company/session_limits');
        const body = { idleTimeoutMinutes: idle, sessionMaxHours: hours };
        const preview = await r.app.inject({
          method: 'POST',
          url: '/company/session_limits/preview',
          headers: { ...s.headers, 'if-match': '*' },
          payload: body,
        });
        expect(preview.statusCode, preview.body).toBe(200);
        const named = preview.json<{ preview: { members: { id: string }[] } }>().preview.members;
        for (const m of named) expect(other.members.has(m.id)).toBe(false);
        await ok(r.app, s.headers, 'PUT', '/company/session_limits', body);
        const after = await ok(r.app, other.headers, 'GET', '/company/session_limits');
        expect(after.json()).toEqual(before.json());
      }),
    ),
  fc
    .tuple(side, fc.constantFrom('log', 'enforce'), fc.constantFrom('127.0.0.0/8', '::1/128'))
    .map(([c, mode, cidr]) =>
      command('setIpRestriction', c, [mode.length, cidr.length], always, async (s, other, r) => {
        // A company-wide list without ids: the other company's stays as it was and answers a request from
        // an address outside this one's list as it did before (refused only by its own list, if it set one
        // earlier in the run), and this one's preview names none of its members.
        const before = await ok(r.app, other.headers, 'GET', '/company/ip_restriction');
        const fromOutside = () =>
          r.app.inject({
            method: 'GET',
            url: '/company/ip_restriction',
            headers: other.headers,
            remoteAddress: '192.0.2.1',
          });
        const outsideBefore = (await fromOutside()).statusCode;
        const body = {
          console: {
            mode,
            ranges: [
              { cidr: '127.0.0.0/8', memo: s.tag },
              { cidr, memo: '' },
            ],
          },
          scim: { mode: 'off', ranges: [] },
          sso: { mode: 'log', ranges: [{ cidr, memo: '' }] },
        };
        const preview = await ok(r.app, s.headers, 'POST', '/company/ip_restriction/preview', body);
        const named = preview.json<{ preview: { members: { id: string }[] } }>().preview.members;
        for (const m of named) expect(other.members.has(m.id)).toBe(false);
        const res = await r.app.inject({
          method: 'PUT',
          url: '/company/ip_restriction',
          headers: { ...s.headers, 'if-match': '*' },
          payload: body,
        });
        expect(res.statusCode, res.body).toBe(200);
        const after = await ok(r.app, other.headers, 'GET', '/company/ip_restriction');
        expect(after.json()).toEqual(before.json());
        expect((await fromOutside()).statusCode).toBe(outsideBefore);
      }),
    ),
  fc.tuple(side, fc.nat()).map(([c, i]) =>
    command('setLeaverSettings', c, [i], always, async (s, other, r) => {
      // 退職者の引き継ぎ names a member as 移管先: another company's member reads exactly like one that does
      // not exist, nothing is saved, and the other company's settings and queue stay as they were.
      const foreign = [...other.members.values()][i % other.members.size]!.id;
      const before = await ok(r.app, other.headers, 'GET', '/company/provisioning/leavers');
      const save = (fallbackMemberId: string) =>
        r.app.inject({
          method: 'PUT',
          url: '/company/provisioning/leavers',
          headers: { ...s.headers, 'if-match': '*' },
          payload: { successorRule: 'fallback', fallbackMemberId, brakeThreshold: null },
        });
      const refused = await save(foreign);
      const missing = await save(crypto.randomUUID());
      const strip = (body: string) => body.replace(/"requestId":"[^"]*"/, '');
      expect(refused.statusCode, refused.body).toBe(400);
      expect(strip(refused.body)).toBe(strip(missing.body));
      const saved = await save(s.admin.id);
      expect(saved.statusCode, saved.body).toBe(200);
      const own = saved.json<{ settings: { fallbackMember: { id: string } | null } }>();
      expect(own.settings.fallbackMember?.id).toBe(s.admin.id);
      const after = await ok(r.app, other.headers, 'GET', '/company/provisioning/leavers');
      expect(after.json()).toEqual(before.json());
      const queue = await ok(r.app, s.headers, 'GET', '/company/provisioning/deactivations');
      const queued = queue.json<{ queue: { queued: { member: { id: string } }[] } }>();
      for (const q of queued.queue.queued) expect(other.members.has(q.member.id)).toBe(false);
    }),
  ),
  side.map((c) =>
    // まとめてダウンロード of every document: the archive holds exactly the company's own documents.
    command('bulkDownload', c, [], always, async (s, _o, r) => {
      const asked = await ok(r.app, s.headers, 'POST', '/documents/downloads', {
        encoding: 'utf8bom',
      });
      const id = asked.json<{ manipulation: { id: string } }>().manipulation.id;
      for (let i = 0; ; i++) {
        const st = await ok(r.app, s.headers, 'GET', `/documents/downloads/${id}`);
        if (st.json<{ status: number }>().status !== 5) break;
        expect(i, 'download still running').toBeLessThan(600);
        await new Promise((done) => setTimeout(done, 100));
      }
      const zip = await ok(r.app, s.headers, 'GET', `/documents/downloads/${id}/zip`);
      const entries = await readZip(zip.rawPayload);
      const rows = readManifest(entries.at(-1)!.bytes, 'utf8bom');
      expect(new Set(rows.map((row) => row['書類ID'])), 'downloaded documents').toEqual(
        new Set(s.docs.keys()),
      );
    }),
  ),
  fc.tuple(side, fc.nat()).map(([c, i]) =>
    // 税務調査対応: a 課税期間's pack holds only the company's own documents and their own corrections.
    command('taxAuditPack', c, [i], always, async (s, _o, r) => {
      const ids = [...s.docs.keys()];
      const dated = ids[i % ids.length]!;
      const put = await r.app.inject({
        method: 'PUT',
        url: `/documents/${dated}/attribute`,
        headers: { ...s.headers, 'if-match': '*' },
        payload: { contractAt: '2025-06-01', amount: 1000 + i },
      });
      expect(put.statusCode, put.body).toBe(200);
      const period = { from: '令和7年4月1日', to: '令和8年3月31日' };
      const count = await ok(r.app, s.headers, 'POST', '/tax_audit_packs/count', { period });
      const asked = await ok(r.app, s.headers, 'POST', '/tax_audit_packs', {
        period,
        encoding: 'utf8bom',
      });
      const id = asked.json<{ manipulation: { id: string } }>().manipulation.id;
      for (let n = 0; ; n++) {
        const st = await ok(r.app, s.headers, 'GET', `/tax_audit_packs/${id}`);
        if (st.json<{ status: number }>().status !== 5) break;
        expect(n, 'pack still running').toBeLessThan(600);
        await new Promise((done) => setTimeout(done, 100));
      }
      const zip = await ok(r.app, s.headers, 'GET', `/tax_audit_packs/${id}/zip`);
      const entries = await readZip(zip.rawPayload);
      const manifest = readManifest(entries.at(-2)!.bytes, 'utf8bom');
      const corrections = readManifest(entries.at(-1)!.bytes, 'utf8bom');
      const packed = new Set(manifest.map((row) => row['書類ID']));
      expect(packed.has(dated)).toBe(true);
      expect(count.json<{ documents: number }>().documents).toBe(packed.size);
      for (const d of packed) expect(s.docs.has(d!), 'packed document').toBe(true);
      expect(corrections.length).toBeGreaterThan(0);
      for (const row of corrections) expect(packed.has(row['書類ID']), 'corrected').toBe(true);
    }),
  ),
  fc.tuple(side, fc.nat()).map(([c, i]) =>
    command('foreignProbes', c, [i], always, async (s, other, r) => {
      // Every probe with the i-th of the other company's entities, each compared with a random id.
      for (const probe of foreignProbes(s, other, i)) {
        const headers = probe.scim ? s.scimHeaders : s.headers;
        const foreign = await call(
          r.app,
          headers,
          probe.method,
          probe.url(probe.foreign),
          probe.body?.(probe.foreign),
        );
        const missingId = crypto.randomUUID();
        const missing = await call(
          r.app,
          headers,
          probe.method,
          probe.url(missingId),
          probe.body?.(missingId),
        );
        const label = `${probe.method} ${probe.url('<foreign>')} ${JSON.stringify(probe.body?.('<foreign>') ?? '')}`;
        expect(foreign.statusCode, `${label}: ${foreign.body}`).toBe(404);
        // Another company's id must be indistinguishable from an id that does not exist.
        const strip = (body: string) => body.replace(/"requestId":"[^"]*"/, '');
        expect(strip(foreign.body), label).toBe(strip(missing.body));
        expect(missing.statusCode, label).toBe(404);
      }
    }),
  ),
];

type Probe = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: (id: string) => string;
  body?: (id: string) => object;
  foreign: string;
  /** Sent with the company's SCIM token instead of its admin's session. */
  scim?: true;
};

/** Calls of company `s` carrying one id of company `o` (in the path, the query or the body). */
function foreignProbes(s: Side, o: Side, i: number): Probe[] {
  const member = [...o.members.values()][i % o.members.size]!.id;
  const group = [o.systemGroupId, ...o.groups.keys()][i % (o.groups.size + 1)]!;
  const cabinet = [o.systemCabinetId, ...o.cabinets.keys()][i % (o.cabinets.size + 1)]!;
  const doc = o.docs.size > 0 ? pick(o.docs, i)!.id : o.systemCabinetId;
  const own = {
    group: pick(s.groups, i)!.id,
    cabinet: pick(s.cabinets, i)!.id,
    doc: s.docs.size > 0 ? pick(s.docs, i)!.id : doc,
  };
  const run = o.artefacts.find((a) => a.kind === 'run');
  const runUrl = `${run?.base ?? '/members'}/bulk_manipulations/`;
  const runId = run?.id ?? member;
  return [
    { method: 'GET', url: (id) => `/users/${id}`, foreign: member },
    {
      method: 'POST',
      url: (id) => `/provisioning/tokens/${id}/revoke`,
      foreign: o.provisioningTokenId,
    },
    // Held deactivations (退職者の引き継ぎ) are decided within the company only: another company's id is unknown.
    {
      method: 'POST',
      url: () => '/company/provisioning/deactivations/apply',
      body: (id) => ({ ids: [id] }),
      foreign: member,
    },
    {
      method: 'POST',
      url: () => '/company/provisioning/deactivations/cancel',
      body: (id) => ({ ids: [id] }),
      foreign: member,
    },
    // SCIM: the token reaches its own company only.
    { method: 'GET', url: (id) => `/scim/v2/Users/${id}`, foreign: member, scim: true },
    {
      method: 'PUT',
      url: (id) => `/scim/v2/Users/${id}`,
      body: () => ({ displayName: `${s.tag} 乗っ取り` }),
      foreign: member,
      scim: true,
    },
    { method: 'DELETE', url: (id) => `/scim/v2/Users/${id}`, foreign: member, scim: true },
    { method: 'GET', url: (id) => `/scim/v2/Groups/${id}`, foreign: group, scim: true },
    {
      method: 'PUT',
      url: (id) => `/scim/v2/Groups/${id}`,
      body: () => ({ displayName: `${s.tag} 乗っ取り` }),
      foreign: group,
      scim: true,
    },
    { method: 'DELETE', url: (id) => `/scim/v2/Groups/${id}`, foreign: group, scim: true },
    {
      method: 'PUT',
      url: (id) => `/users/${id}`,
      body: () => ({ name: `${s.tag} 乗っ取り` }),
      foreign: member,
    },
    { method: 'DELETE', url: (id) => `/users/${id}`, foreign: member },
    { method: 'GET', url: (id) => `/users/${id}/holdings`, foreign: member },
    { method: 'DELETE', url: (id) => `/account/sessions/${id}`, foreign: o.sessionPublicId },
    { method: 'GET', url: (id) => `/member_groups/${id}`, foreign: group },
    {
      method: 'POST',
      url: () => `/member_groups/${own.group}/users`,
      body: (id) => ({ userIds: [id] }),
      foreign: member,
    },
    {
      method: 'PUT',
      url: () => `/cabinets/${own.cabinet}/member_groups`,
      body: (id) => ({ memberGroupIds: [id] }),
      foreign: group,
    },
    {
      method: 'POST',
      url: () => `/cabinets/${own.cabinet}/admins`,
      body: (id) => ({ userIds: [id] }),
      foreign: member,
    },
    {
      method: 'POST',
      url: () => `/cabinets/${own.cabinet}/documents`,
      body: (id) => ({ documentIds: [id] }),
      foreign: doc,
    },
    {
      method: 'POST',
      url: () => `/cabinets/${own.cabinet}/documents`,
      body: (id) => ({ documentIds: [own.doc], fromCabinetId: id }),
      foreign: cabinet,
    },
    { method: 'GET', url: (id) => `/documents/${id}`, foreign: doc },
    {
      method: 'POST',
      url: () => '/documents/downloads',
      body: (id) => ({ conditions: { cabinetId: id } }),
      foreign: cabinet,
    },
    {
      method: 'POST',
      url: () => '/tax_audit_packs/count',
      body: (id) => ({
        period: { from: '2025-04-01', to: '2026-03-31' },
        conditions: { cabinetId: id },
      }),
      foreign: cabinet,
    },
    {
      method: 'PUT',
      url: (id) => `/documents/${id}/attribute`,
      body: () => ({ counterparty: `${s.tag} 乗っ取り` }),
      foreign: doc,
    },
    { method: 'GET', url: (id) => `/cabinets/${id}`, foreign: cabinet },
    {
      method: 'POST',
      url: () => `/cabinets/${own.cabinet}/classification_rules/dry_run`,
      body: (id) => ({ memberGroupIds: [id] }),
      foreign: group,
    },
    { method: 'GET', url: (id) => `/documents?cabinetId=${id}`, foreign: cabinet },
    { method: 'GET', url: (id) => `/cabinets/${id}/alert_settings`, foreign: cabinet },
    {
      method: 'PUT',
      url: (id) => `/cabinets/${id}/alert_settings`,
      body: () => ({ rules: [], memberIds: [], groupIds: [] }),
      foreign: cabinet,
    },
    {
      method: 'PUT',
      url: () => `/cabinets/${own.cabinet}/alert_settings`,
      body: (id) => ({ rules: [], memberIds: [id], groupIds: [] }),
      foreign: member,
    },
    {
      method: 'PUT',
      url: () => `/cabinets/${own.cabinet}/alert_settings`,
      body: (id) => ({ rules: [], memberIds: [], groupIds: [id] }),
      foreign: group,
    },
    { method: 'GET', url: (id) => `/members?groupId=${id}`, foreign: group },
    { method: 'GET', url: (id) => `/cabinets_read_document/${id}`, foreign: member },
    { method: 'GET', url: (id) => `${runUrl}${id}/result.csv`, foreign: runId },
  ];
}
