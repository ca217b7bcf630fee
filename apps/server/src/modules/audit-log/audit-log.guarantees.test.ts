import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TFindAuditEventsResponse } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { expectError } from '../../../test/support/error-body.ts';
import { recordAuditEvent, recordAuditEvents, type AuditEventInput } from './audit-log.record.ts';
import { verifyChain } from './audit-verify.ts';
import {
  chainEvent,
  companyWithEvents,
  recordAwkwardEvents,
  withoutChainTriggers,
} from '../../../test/support/audit-chain.ts';

let deps: TestDeps;
let app: ApiApp;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const execute = (text: string) => deps.database.db.execute(sql.raw(text));
/** Behind the product's back: the table owner switches the chain's triggers off for one statement. */
const tamper = (statement: string) => withoutChainTriggers(deps, statement);

describe('audit log: append-only', () => {
  it('the database refuses UPDATE, DELETE and TRUNCATE of events', async () => {
    const companyId = await companyWithEvents(deps, 2);
    for (const statement of [
      `update audit_events set target_name = 'x' where company_id = '${companyId}'`,
      `delete from audit_events where company_id = '${companyId}'`,
      'truncate audit_events',
    ]) {
      const refused = await execute(statement).then(
        () => 'accepted',
        (err: { cause?: { message?: string } }) => err.cause?.message,
      );
      expect(refused, statement).toBe('監査ログは追記のみです（変更・削除はできません）。');
    }
    expect(await verifyChain(deps.database.db, companyId)).toEqual({ ok: true, events: 2 });
  });
});

describe('audit log: the hash chain and audit:verify', () => {
  it('events are numbered 1, 2, 3… and each holds the previous one’s hash', async () => {
    const companyId = await companyWithEvents(deps, 3);
    const { rows } = (await execute(
      `select seq, prev_hash, hash from audit_events where company_id = '${companyId}' order by seq`,
    )) as { rows: { seq: string | number; prev_hash: string; hash: string }[] };
    expect(rows.map((r) => Number(r.seq))).toEqual([1, 2, 3]);
    expect(rows[0]!.prev_hash).toBe('');
    expect(rows[1]!.prev_hash).toBe(rows[0]!.hash);
    expect(rows[2]!.prev_hash).toBe(rows[1]!.hash);
    expect(rows[2]!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('verify recomputes exactly the hash the database wrote, whatever the values hold', async () => {
    const company = await makeCompany(deps);
    await recordAwkwardEvents(deps, company.id);
    expect(await verifyChain(deps.database.db, company.id)).toEqual({ ok: true, events: 3 });
  });

  it('concurrent writers in one company never fork the chain', async () => {
    const company = await makeCompany(deps);
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        deps.database.db.transaction((tx) => recordAuditEvent(tx, chainEvent(company.id, i))),
      ),
    );
    expect(await verifyChain(deps.database.db, company.id)).toEqual({ ok: true, events: 12 });
  });

  it('an edited event is found: the first broken link names its number', async () => {
    const companyId = await companyWithEvents(deps, 5);
    await tamper(
      `update audit_events set details = '{"name":{"before":"旧3","after":"改ざん"}}' where company_id = '${companyId}' and seq = 3`,
    );
    expect(await verifyChain(deps.database.db, companyId)).toEqual({
      ok: false,
      seq: 3,
      reason: 'hash',
      message: '3番目の記録: 内容が記録時から変わっています（ハッシュが一致しません）',
    });
  });

  it('an edited event whose hash was recomputed too breaks the next link', async () => {
    const companyId = await companyWithEvents(deps, 4);
    await tamper(
      `update audit_events e set target_name = '改ざん', hash = audit_event_hash(e) where company_id = '${companyId}' and seq = 2`,
    );
    // audit_event_hash(e) saw the old name; recompute once more from the edited row.
    await tamper(
      `update audit_events e set hash = audit_event_hash(e) where company_id = '${companyId}' and seq = 2`,
    );
    expect(await verifyChain(deps.database.db, companyId)).toMatchObject({
      ok: false,
      seq: 3,
      reason: 'link',
    });
  });

  it('of an edit and a removal, the one earlier in the chain is named first', async () => {
    const gapFirst = await companyWithEvents(deps, 6);
    await tamper(`delete from audit_events where company_id = '${gapFirst}' and seq = 2`);
    await tamper(
      `update audit_events set target_name = '改ざん' where company_id = '${gapFirst}' and seq = 5`,
    );
    expect(await verifyChain(deps.database.db, gapFirst)).toMatchObject({ seq: 3, reason: 'gap' });
    const editFirst = await companyWithEvents(deps, 6);
    await tamper(
      `update audit_events set target_name = '改ざん' where company_id = '${editFirst}' and seq = 2`,
    );
    await tamper(`delete from audit_events where company_id = '${editFirst}' and seq = 4`);
    expect(await verifyChain(deps.database.db, editFirst)).toMatchObject({
      seq: 2,
      reason: 'hash',
    });
  });

  it('a removed event in the middle and a removed last event are found', async () => {
    const middle = await companyWithEvents(deps, 4);
    await tamper(`delete from audit_events where company_id = '${middle}' and seq = 2`);
    expect(await verifyChain(deps.database.db, middle)).toMatchObject({
      ok: false,
      seq: 3,
      reason: 'gap',
      message: '3番目の記録: この記録の直前の記録が削除されています（番号が飛んでいます）',
    });
    const tail = await companyWithEvents(deps, 4);
    await tamper(`delete from audit_events where company_id = '${tail}' and seq = 4`);
    expect(await verifyChain(deps.database.db, tail)).toMatchObject({
      ok: false,
      seq: 4,
      reason: 'head',
    });
  });

  it('a time moved by one microsecond is found', async () => {
    const companyId = await companyWithEvents(deps, 2);
    await tamper(
      `update audit_events set occurred_at = occurred_at + interval '1 microsecond' where company_id = '${companyId}' and seq = 1`,
    );
    expect(await verifyChain(deps.database.db, companyId)).toMatchObject({
      ok: false,
      seq: 1,
      reason: 'hash',
    });
  });

  it('text moved from one column into the next is found, even across the separator', async () => {
    const company = await makeCompany(deps);
    await deps.database.db.transaction((tx) =>
      recordAuditEvent(tx, {
        ...chainEvent(company.id, 1),
        actor: { id: crypto.randomUUID(), name: '山田\u001f太郎', email: 'yamada@example.com' },
      }),
    );
    // Joined with the separator, 「山田␟太郎」+「yamada@…」 and 「山田」+「太郎␟yamada@…」 read the same;
    // the byte lengths in the hash tell them apart.
    await tamper(
      `update audit_events set actor_name = '山田', actor_email = E'太郎\\x1fyamada@example.com' where company_id = '${company.id}'`,
    );
    expect(await verifyChain(deps.database.db, company.id)).toMatchObject({
      ok: false,
      seq: 1,
      reason: 'hash',
    });
  });
});

describe('audit log: events hashed before the version 2 hash', () => {
  /** Rewrites a company's chain with the version 1 formula, as it was written before migration 0031. */
  async function asVersion1(companyId: string, events: number) {
    await tamper(`update audit_events set hash_version = 1 where company_id = '${companyId}'`);
    for (let seq = 1; seq <= events; seq++) {
      await tamper(
        `update audit_events e set prev_hash = coalesce((select p.hash from audit_events p
          where p.company_id = e.company_id and p.seq = e.seq - 1), '')
        where company_id = '${companyId}' and seq = ${seq}`,
      );
      await tamper(
        `update audit_events e set hash = audit_event_hash(e) where company_id = '${companyId}' and seq = ${seq}`,
      );
    }
    await tamper(
      `update audit_chain_heads h set hash = e.hash from audit_events e
        where h.company_id = '${companyId}' and e.company_id = h.company_id and e.seq = h.seq`,
    );
  }
  const hashes = async (companyId: string) =>
    (
      (await execute(
        `select hash_version, hash from audit_events where company_id = '${companyId}' order by seq`,
      )) as { rows: { hash_version: number; hash: string }[] }
    ).rows;

  it('stay intact under their own formula, and new events chain on from them', async () => {
    const companyId = await companyWithEvents(deps, 3);
    const before = await hashes(companyId);
    await asVersion1(companyId, 3);
    const after = await hashes(companyId);
    expect(after.map((r) => r.hash_version)).toEqual([1, 1, 1]);
    // Each hash really changed with the formula (the chain above it changes too).
    after.forEach((r, i) => expect(r.hash).not.toBe(before[i]!.hash));
    expect(await verifyChain(deps.database.db, companyId)).toEqual({ ok: true, events: 3 });

    await deps.database.db.transaction((tx) =>
      recordAuditEvents(tx, [chainEvent(companyId, 4), chainEvent(companyId, 5)]),
    );
    expect((await hashes(companyId)).map((r) => r.hash_version)).toEqual([1, 1, 1, 2, 2]);
    expect(await verifyChain(deps.database.db, companyId)).toEqual({ ok: true, events: 5 });
  });

  it('an edit of a version 1 event is still found', async () => {
    const companyId = await companyWithEvents(deps, 3);
    await asVersion1(companyId, 3);
    await tamper(
      `update audit_events set target_name = '改ざん' where company_id = '${companyId}' and seq = 2`,
    );
    expect(await verifyChain(deps.database.db, companyId)).toMatchObject({
      ok: false,
      seq: 2,
      reason: 'hash',
    });
  });

  it('a writer cannot choose the old formula: new events are version 2 whatever it sends', async () => {
    const company = await makeCompany(deps);
    await execute(
      `insert into audit_events (company_id, action, category, hash_version)
        values ('${company.id}', 'cabinet.updated', 'cabinet', 1)`,
    );
    expect((await hashes(company.id)).map((r) => r.hash_version)).toEqual([2]);
    expect(await verifyChain(deps.database.db, company.id)).toEqual({ ok: true, events: 1 });
  });
});

describe('audit log: who may read it', () => {
  it('a holder of 監査ログ閲覧権限 reads their company’s events; others get 403, other companies 404', async () => {
    const company = await makeCompany(deps);
    const auditor = await makeUser(deps, company.id, { roles: ['CompanyAuditor'] });
    const admin = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
    const other = await makeCompany(deps);
    const otherAuditor = await makeUser(deps, other.id, { roles: ['CompanyAuditor'] });
    await deps.database.db.transaction((tx) => recordAuditEvent(tx, chainEvent(company.id, 1)));
    const get = async (who: { id: string; companyId: string }, url: string) =>
      app.inject({ method: 'GET', url, headers: (await signIn(deps, who)).headers });

    const mine = (await get(auditor, '/audit_events')).json<TFindAuditEventsResponse>();
    expect(mine.events.map((e) => e.target.name)).toEqual(['キャビネット1']);
    const id = mine.events[0]!.id;
    expect((await get(auditor, `/audit_events/${id}`)).statusCode).toBe(200);

    const refusal =
      // The holders' count and the rule, not 「ask 組織管理者」 (the admin himself) (issue 33).
      '監査ログを閲覧する権限がありません。監査ログは監査ログ閲覧権限を持つメンバー（現在1名）だけが閲覧できます。この権限は組織管理者も自分自身には付けられないため、別の組織管理者に付けてもらってください。';
    expectError(await get(admin, '/audit_events'), 'forbidden', refusal);
    expectError(await get(otherAuditor, `/audit_events/${id}`), 'not_found');
    expect(
      (await get(otherAuditor, '/audit_events')).json<TFindAuditEventsResponse>().events,
    ).toEqual([]);
  });

  it('the company flag off, or a plan without the audit log, refuses even the privilege holder', async () => {
    for (const over of [{ auditLog: false }, { plan: 'business' as const }]) {
      const company = await makeCompany(deps, over);
      const auditor = await makeUser(deps, company.id, { roles: ['CompanyAuditor'] });
      const res = await app.inject({
        method: 'GET',
        url: '/audit_events',
        headers: (await signIn(deps, auditor)).headers,
      });
      expect(res.statusCode, JSON.stringify(over)).toBe(403);
    }
  });

  it('filters are checked and named in Japanese', async () => {
    const company = await makeCompany(deps);
    const auditor = await makeUser(deps, company.id, { roles: ['CompanyAuditor'] });
    const res = await app.inject({
      method: 'GET',
      url: '/audit_events?from=2026-13-01&category=nope',
      headers: (await signIn(deps, auditor)).headers,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('期間（開始）の日付が正しくありません。');
    expect(res.body).toContain('操作の種類が正しくありません。');
  });

  it('the acting member is found by the address they sign in with, typed as people type it', async () => {
    const company = await makeCompany(deps);
    const auditor = await makeUser(deps, company.id, { roles: ['CompanyAuditor'] });
    const a = await makeUser(deps, company.id, { email: 'sato-audit@example.test' });
    const b = await makeUser(deps, company.id);
    const by = (u: typeof a, n: number): AuditEventInput => ({
      ...chainEvent(company.id, n),
      actor: { id: u.id, name: u.name, email: u.email },
    });
    await deps.database.db.transaction((tx) =>
      recordAuditEvents(tx, [by(a, 1), by(b, 2), by(a, 3)]),
    );
    const get = async (query: string) =>
      app.inject({
        method: 'GET',
        url: `/audit_events?${query}`,
        headers: (await signIn(deps, auditor)).headers,
      });
    // Full-width letters and upper case, as an IME may leave them.
    const found = await get(`actorEmail=${encodeURIComponent('ＳＡＴＯ-audit＠example.test')}`);
    expect(found.json<TFindAuditEventsResponse>().events.map((e) => e.target.name)).toEqual([
      'キャビネット3',
      'キャビネット1',
    ]);
    const nobody = await get('actorEmail=nobody%40example.test');
    expect(nobody.json<TFindAuditEventsResponse>().events).toEqual([]);
    const bad = await get('actorEmail=sato');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('操作したメンバーのメールアドレスの形式が正しくありません。');
  });
});
