/**
 * Every audit event a request without a session can cause is bounded: a stranger's requests cost nothing,
 * and each event is a row in some company's log. (Throttled passwords and codes: login-throttle.test.ts;
 * reset requests: password-reset.test.ts, 5 per address an hour.)
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany } from '../../../test/support/fixtures.ts';
import { makeSsoSettings } from '../../../test/support/sso.world.ts';
import { buildSiteApp } from '../../site-app.ts';
import { postForm } from '../../../test/support/site.world.ts';
import { UNNAMED_REFUSALS_PER_MINUTE } from '../../auth/event-bounds.ts';
import { findEventPage } from '../audit-log/audit-log.repository.ts';

vi.setConfig({ testTimeout: 60_000 });

let deps: TestDeps;
let app: FastifyInstance;
let companyId: string;
let now = new Date('2026-04-01T09:00:00Z');

beforeAll(async () => {
  deps = await createTestDeps({ clock: () => now });
  app = await buildSiteApp(deps);
  companyId = (await makeCompany(deps)).id;
  await makeSsoSettings(deps, [companyId]);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const reasons = async () =>
  (await findEventPage(deps.database.db, { companyId }, 1000)).map(
    (e) => (e.details as { reason: string }).reason,
  );

describe('SSO responses posted by anyone', () => {
  it('a flood of refused responses naming no member records a bounded number of events per reason a minute', async () => {
    for (let i = 0; i < 25; i += 1) {
      const res = await postForm(app, `/sso/${companyId}/acs`, { SAMLResponse: 'PHNhbWw+' });
      expect(res.statusCode).toBe(403);
      expect(res.body).toContain(
        'ログインの要求が見つからないか、有効期限（10分）が切れています。',
      );
    }
    expect(await reasons()).toHaveLength(UNNAMED_REFUSALS_PER_MINUTE);
    now = new Date(now.getTime() + 61_000);
    await postForm(app, `/sso/${companyId}/acs`, { SAMLResponse: 'PHNhbWw+' });
    expect(await reasons()).toHaveLength(UNNAMED_REFUSALS_PER_MINUTE + 1);
    expect(new Set(await reasons())).toEqual(new Set(['no_request']));
  });
});
