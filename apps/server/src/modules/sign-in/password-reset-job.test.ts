/**
 * 「パスワードをお忘れの方」 answers before anything is mailed, and the same way for every address: the request
 * goes through a job (a registered address no longer answers later than an unknown one), which mails the
 * link and records the request in the member's company log.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany } from '../../../test/support/fixtures.ts';
import { buildSiteApp } from '../../site-app.ts';
import { jobsSettled, makeLoginUser, postForm } from '../../../test/support/site.world.ts';
import { findEventPage } from '../audit-log/audit-log.repository.ts';
import { RESET_SENT } from './password-reset.routes.ts';
import { PASSWORD_RESET_JOB } from './password-reset.jobs.ts';

vi.setConfig({ testTimeout: 60_000 });

let deps: TestDeps;
let app: FastifyInstance;
let companyId: string;

beforeAll(async () => {
  // No worker at first: what the site does before any job runs is what the browser sees.
  deps = await createTestDeps();
  app = await buildSiteApp(deps);
  companyId = (await makeCompany(deps)).id;
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const headers = { 'user-agent': 'ForgotBrowser/1.0' };

describe('「パスワードをお忘れの方」 through a job', () => {
  it('answers a registered address before mailing, like an unknown one; the job mails and records the request', async () => {
    const user = await makeLoginUser(deps, companyId);
    const known = await postForm(app, '/password_forgot', { email: user.email }, { headers });
    const unknown = await postForm(app, '/password_forgot', { email: 'nobody@example.test' });
    for (const r of [known, unknown]) {
      expect(r.statusCode).toBe(200);
      expect(r.body).toContain(RESET_SENT);
    }
    expect(deps.sentMails).toHaveLength(0);
    expect(await findEventPage(deps.database.db, { companyId }, 5)).toEqual([]);

    await deps.jobs.startWorking();
    await jobsSettled(deps, PASSWORD_RESET_JOB);
    expect(deps.sentMails.map((m) => m.to)).toEqual([user.email]);
    const [event, ...others] = await findEventPage(deps.database.db, { companyId }, 5);
    expect(others).toEqual([]);
    expect(event).toMatchObject({
      action: 'auth.passwordResetRequested',
      category: 'auth',
      actorId: user.id,
      targetId: user.id,
      userAgent: 'ForgotBrowser/1.0',
      details: { mailed: true },
    });
  });
});
