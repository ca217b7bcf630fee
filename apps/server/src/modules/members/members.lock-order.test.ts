/**
 * Writers of members take the company's member counts before its audit chain head (docs/design.md "Lock
 * order"). A member CSV batch writes its rows, then its events; a console or SCIM create that wrote its event
 * first held the head while waiting for the counts the batch held, and the batch then waited for the head:
 * PostgreSQL broke the deadlock by failing one of them. PostgreSQL only: PGlite has one connection.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestDeps, isPostgresRun, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser } from '../../../test/support/fixtures.ts';
import { auditEvents, users } from '../../db/schema.ts';
import { recordAuditEvent } from '../audit-log/audit-log.record.ts';
import { createMember } from './members.service.ts';

let deps: TestDeps;

beforeAll(async () => {
  deps = await createTestDeps();
});
afterAll(async () => {
  await deps?.cleanup();
});

describe.skipIf(!isPostgresRun())('lock order of member writes (PostgreSQL)', () => {
  it('a create during a batch that holds the member counts waits for it; both commit', async () => {
    const company = await makeCompany(deps);
    const admin = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
    const who = { user: { ...admin, hasMfaSecret: false }, isCompanyAdmin: true };
    let created: Promise<unknown> | undefined;
    // The batch: a member row written (the counts' trigger takes them), then, once the create is under way,
    // its audit event (the head), as a member CSV batch does.
    await deps.database.db.transaction(async (tx) => {
      await tx.execute(sql`update users set name = '一括 更新' where id = ${admin.id}::uuid`);
      created = createMember(deps, who, {
        email: 'lock-order@example.test',
        name: '順序 確認',
        furigana: null,
        organization: '法務部',
        roles: [],
      });
      created.catch(() => undefined);
      // Long enough for the create to reach its first lock (deadlock_timeout is 1 s).
      await new Promise((resolve) => setTimeout(resolve, 300));
      await recordAuditEvent(tx, {
        companyId: company.id,
        actor: { id: admin.id, name: admin.name, email: admin.email },
        action: 'member.updated',
        target: { type: 'member', id: admin.id, name: '一括 更新' },
        occurredAt: deps.clock(),
      });
    });
    await expect(created).resolves.toMatchObject({ email: 'lock-order@example.test' });
    const [member] = await deps.database.db
      .select()
      .from(users)
      .where(eq(users.email, 'lock-order@example.test'));
    const actions = await deps.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(eq(auditEvents.companyId, company.id))
      .orderBy(auditEvents.seq);
    expect(member?.name).toBe('順序 確認');
    expect(actions.map((a) => a.action)).toEqual(['member.updated', 'member.created']);
  });
});
