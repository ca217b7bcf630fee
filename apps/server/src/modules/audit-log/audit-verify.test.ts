/**
 * audit:verify computes every hash itself and compares the chain with an anchor taken outside the database:
 * a replaced hash function in the database, or events cut from the end with the head moved back, are found.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany } from '../../../test/support/fixtures.ts';
import {
  AWKWARD,
  AWKWARD_UNESCAPED,
  chainEvent,
  companyWithEvents,
  recordAwkwardEvents,
  sqlRows,
  withoutChainTriggers,
} from '../../../test/support/audit-chain.ts';
import { recordAuditEvents } from './audit-log.record.ts';
import { findChainHead } from './audit-log.repository.ts';
import { findAnchors, formatAnchor, parseAnchor } from './audit-anchor.ts';
import { hashV1, hashV2 } from './audit-hash.ts';
import { verifyChain } from './audit-verify.ts';
import { pruneCompany } from './audit-retention.repository.ts';
import { recordRowRecords } from './row-records.ts';

let deps: TestDeps;
beforeAll(async () => {
  deps = await createTestDeps();
});
afterAll(async () => {
  await deps.cleanup();
});

const execute = <T>(text: string) => sqlRows<T>(deps, text);
const anchorOf = async (companyId: string) => {
  const head = await findChainHead(deps.database.db, companyId);
  return { companyId, seq: head!.seq, hash: head!.hash };
};

describe('audit:verify hashes in Node, with the documented formulas', () => {
  it('both versions give the database function’s hash, whatever the values hold', async () => {
    const company = await makeCompany(deps);
    await recordAwkwardEvents(deps, company.id);
    // The same columns the verify reads, beside the database's own function of both versions.
    const rows = await execute<Record<string, string>>(
      `select e.prev_hash as c2, e.id::text as c3, e.company_id::text as c4, e.seq::text as c5,
        encode(timestamptz_send(e.occurred_at), 'hex') as c6, coalesce(e.actor_id::text, '') as c7,
        e.actor_name as c8, e.actor_email as c9, e.ip as c10, e.user_agent as c11, e.request_id as c12,
        e.action as c13, e.category as c14, e.target_type as c15, e.target_id as c16, e.target_name as c17,
        e.details::text as c18,
        ${[1, 2]
          .map(
            (v) => `audit_event_hash_of(${v}::smallint, e.prev_hash, e.id, e.company_id, e.seq,
            e.occurred_at, e.actor_id, e.actor_name, e.actor_email, e.ip, e.user_agent, e.request_id,
            e.action, e.category, e.target_type, e.target_id, e.target_name, e.details) as v${v}`,
          )
          .join(', ')}
      from audit_events e where e.company_id = '${company.id}' order by e.seq`,
    );
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      const f = ['', '', ...Array.from({ length: 17 }, (_, i) => row[`c${i + 2}`]!)];
      expect(hashV1(f)).toBe(row.v1);
      expect(hashV2(f)).toBe(row.v2);
    }
    // On PostgreSQL through COPY: escaped lines decoded, the unescaped one hashed from its bytes.
    expect(await verifyChain(deps.database.db, company.id)).toEqual({ ok: true, events: 3 });
  });

  it('an edit is found even when the database’s hash function was replaced to vouch for it', async () => {
    const companyId = await companyWithEvents(deps, 4);
    const [original] = await execute<{ def: string }>(
      `select pg_get_functiondef('audit_event_hash_of'::regproc) as def`,
    );
    await withoutChainTriggers(
      deps,
      `update audit_events set target_name = '改ざん' where company_id = '${companyId}' and seq = 2`,
    );
    // Whoever owns the function makes it answer each event's stored hash: a check inside the database now
    // finds every event as written.
    await execute(`create or replace function audit_event_hash_of(
        hash_version smallint, prev_hash text, id uuid, company_id uuid, seq bigint, occurred_at timestamptz,
        actor_id uuid, actor_name text, actor_email text, ip text, user_agent text, request_id text,
        action text, category text, target_type text, target_id text, target_name text, details jsonb
      ) returns text language sql stable as $$ select e.hash from audit_events e where e.id = $3 $$`);
    try {
      const [vouched] = await execute<{ n: string }>(
        `select count(*) as n from audit_events e where e.company_id = '${companyId}'
          and e.hash <> audit_event_hash(e)`,
      );
      expect(Number(vouched!.n)).toBe(0);
      expect(await verifyChain(deps.database.db, companyId)).toEqual({
        ok: false,
        seq: 2,
        reason: 'hash',
        message: '2番目の記録: 内容が記録時から変わっています（ハッシュが一致しません）',
      });
    } finally {
      await execute(original!.def);
    }
  });
});

describe('audit:verify against an anchor kept outside the database', () => {
  it('events cut from the end with the head moved back verify alone, and are found given the anchor', async () => {
    const companyId = await companyWithEvents(deps, 5);
    const anchor = await anchorOf(companyId);
    expect(anchor.seq).toBe(5);
    expect(await verifyChain(deps.database.db, companyId, anchor)).toEqual({ ok: true, events: 5 });

    await withoutChainTriggers(
      deps,
      `delete from audit_events where company_id = '${companyId}' and seq > 3`,
      `update audit_chain_heads h set seq = 3, hash = e.hash from audit_events e
         where h.company_id = '${companyId}' and e.company_id = h.company_id and e.seq = 3`,
    );
    // Without the anchor the shortened chain is whole: this is what the anchor is for.
    expect(await verifyChain(deps.database.db, companyId)).toEqual({ ok: true, events: 3 });
    expect(await verifyChain(deps.database.db, companyId, anchor)).toEqual({
      ok: false,
      seq: 4,
      reason: 'cut',
      message:
        '4番目の記録: この記録から先が削除されています（控えておいたチェーンの先頭より前でチェーンが終わっています）',
    });

    // New events written over the cut reach the anchor's number again, with other hashes.
    await recordAuditEvents(deps.database.db, [
      chainEvent(companyId, 40),
      chainEvent(companyId, 50),
    ]);
    expect(await verifyChain(deps.database.db, companyId)).toEqual({ ok: true, events: 5 });
    expect(await verifyChain(deps.database.db, companyId, anchor)).toMatchObject({
      ok: false,
      seq: 5,
      reason: 'anchor',
    });
  });

  it('an anchor reads back from any text, and a malformed one is refused', () => {
    const a = { companyId: crypto.randomUUID(), seq: 12, hash: 'ab'.repeat(32) };
    const token = formatAnchor(a);
    expect(parseAnchor(token)).toEqual(a);
    expect(parseAnchor(`${token}x`)).toBeNull();
    expect(parseAnchor(`${a.companyId}:0:${a.hash}`)).toBeNull();
    expect(findAnchors(`"チェーンの先頭","${token}"\r\n`)).toEqual([a]);
  });
});

describe('audit:verify at the chain’s start', () => {
  it('the oldest events deleted behind the product’s back are found (retention’s verify: audit-retention.test.ts)', async () => {
    const companyId = await companyWithEvents(deps, 4);
    await withoutChainTriggers(
      deps,
      `delete from audit_events where company_id = '${companyId}' and seq < 3`,
    );
    expect(await verifyChain(deps.database.db, companyId)).toEqual({
      ok: false,
      seq: 3,
      reason: 'gap',
      message: '3番目の記録: この記録の直前の記録が削除されています（番号が飛んでいます）',
    });
  });

  it('a chain every event of which retention deleted begins at its record, and verifies', async () => {
    const company = await makeCompany(deps);
    const old = new Date('2015-01-01T00:00:00Z');
    await recordAuditEvents(deps.database.db, [
      chainEvent(company.id, 1, old),
      chainEvent(company.id, 2, old),
    ]);
    expect(await pruneCompany(deps.database.db, company.id, new Date())).toBe(2);
    expect(await verifyChain(deps.database.db, company.id)).toEqual({ ok: true, events: 1 });
  });
});

describe('audit:verify reads the tables as they lie', () => {
  it('events moved out of the table’s order verify, and an edit among them is still found', async () => {
    const companyId = await companyWithEvents(deps, 6);
    // An update writes the row anew at the table's end: the first two events now come last in a plain read.
    await withoutChainTriggers(
      deps,
      `update audit_events set seq = seq where company_id = '${companyId}' and seq in (2, 1)`,
    );
    expect(await verifyChain(deps.database.db, companyId)).toEqual({ ok: true, events: 6 });
    await withoutChainTriggers(
      deps,
      `update audit_events set target_name = '改ざん' where company_id = '${companyId}' and seq = 1`,
    );
    expect(await verifyChain(deps.database.db, companyId)).toMatchObject({
      ok: false,
      seq: 1,
      reason: 'hash',
    });
  });

  it('row records of awkward values verify, and an edit of one is found at its batch', async () => {
    const company = await makeCompany(deps);
    const actor = { id: crypto.randomUUID(), name: AWKWARD, email: 'a@example.com' };
    await deps.database.db.transaction((tx) =>
      recordRowRecords(
        tx,
        [AWKWARD, AWKWARD_UNESCAPED, '髙橋 誠'].map((name, i) => ({
          companyId: company.id,
          actor,
          action: 'member.updated' as const,
          target: {
            type: 'member' as const,
            id: crypto.randomUUID(),
            name: `${name} <m${i}@example.com>`,
          },
          details: {
            name: { before: name, after: `${name}2` },
            nested: { bb: [AWKWARD, 0.1, -2e-7], a: true, '\u001f': null },
            bulk: { run: 'run-1', rowNumber: i + 2 },
          },
        })),
      ),
    );
    expect(await verifyChain(deps.database.db, company.id)).toEqual({ ok: true, events: 1 });
    await withoutChainTriggers(
      deps,
      `update audit_row_records set details = jsonb_set(details, '{name,after}', '"改ざん"')
        where company_id = '${company.id}' and position = 2`,
    );
    expect(await verifyChain(deps.database.db, company.id)).toMatchObject({
      ok: false,
      seq: 1,
      reason: 'rows',
    });
  });
});
