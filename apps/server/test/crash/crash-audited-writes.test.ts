/**
 * The audited-writes crash check itself: it passes on a session's changes with their events and finds a
 * change without its event, an event without its change and a started run without its event.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BulkStatus } from '@cloudsign/contract';
import { buildApiApp } from '../../src/api-app.ts';
import { recordAuditEvent } from '../../src/modules/audit-log/audit-log.record.ts';
import { makeCompany, makeUser, signIn } from '../support/fixtures.ts';
import { createTestDeps, type TestDeps } from '../support/test-deps.ts';
import {
  runAuditedWrites,
  verifyAuditedWrites,
  type AuditedWritesJob,
} from './crash-audited-writes.ts';

let deps: TestDeps;
let job: AuditedWritesJob;
beforeAll(async () => {
  deps = await createTestDeps();
  const company = await makeCompany(deps, { name: '監査チェック' });
  const admin = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
  const app = await buildApiApp(deps);
  job = { companyId: company.id, userId: admin.id, runIds: [], iterations: 2 };
  await runAuditedWrites(deps, app, (await signIn(deps, admin)).headers, job, () => {});
  await app.close();
});
afterAll(() => deps.cleanup());

const raw = (text: string, values: unknown[]) => deps.database.raw.query(text, values);

it('passes on the changes of a session, each with its event', async () => {
  expect(await verifyAuditedWrites(deps, job)).toMatch(
    /^2 members, 2 cabinets and 0\/0 runs each with its event, chain of \d+ events intact$/,
  );
});

it('finds a member created without its event', async () => {
  await raw(`insert into users (company_id, email, name, status) values ($1, $2, '記録なし', 1)`, [
    job.companyId,
    `w-99-${job.companyId}@example.test`,
  ]);
  await expect(verifyAuditedWrites(deps, job)).rejects.toThrow(/"created":0/);
  await raw(`delete from users where email = $1`, [`w-99-${job.companyId}@example.test`]);
});

it('finds an event whose cabinet does not exist', async () => {
  const company = await makeCompany(deps, { name: '孤立した記録' });
  const admin = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
  await recordAuditEvent(deps.database.db, {
    companyId: company.id,
    actor: { id: admin.id, name: admin.name, email: admin.email },
    action: 'cabinet.created',
    target: { type: 'cabinet', id: crypto.randomUUID(), name: '存在しない棚' },
    details: {},
  });
  const orphanJob = { ...job, companyId: company.id };
  await expect(verifyAuditedWrites(deps, orphanJob)).rejects.toThrow(/eventWithoutChange/);
});

it('finds a run whose execution started without its bulk.executed event', async () => {
  const [run] = (
    await raw(
      `insert into bulk_manipulations (company_id, target, kind, status) values ($1, 'members', 1, $2) returning id`,
      [job.companyId, BulkStatus.Processing],
    )
  ).rows as { id: string }[];
  await expect(verifyAuditedWrites(deps, { ...job, runIds: [run!.id] })).rejects.toThrow(/"run":/);
});
