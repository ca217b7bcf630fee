/**
 * One request reads its session once: the IP restriction's hook and the route (the token, a first screen)
 * ask for it in turn, and every ask after the first is answered from the first read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../auth/sessions.ts';
import type { AppDeps } from '../deps.ts';
import { createTestDeps, type TestDeps } from '../../test/support/test-deps.ts';
import { makeCompany } from '../../test/support/fixtures.ts';
import { buildSiteApp } from '../site-app.ts';
import { logIn, makeLoginUser } from '../../test/support/site.world.ts';
import { currentSession } from './session-context.ts';

let deps: TestDeps;
let cookie: string;

beforeAll(async () => {
  deps = await createTestDeps();
  const app = await buildSiteApp(deps);
  const user = await makeLoginUser(deps, (await makeCompany(deps)).id);
  cookie = (await logIn(app, user.email)).cookie!;
  await app.close();
});
afterAll(() => deps.cleanup());

/** The deps with a database that counts the reads it is asked for. */
function countingReads(): { deps: AppDeps; reads: () => number } {
  let reads = 0;
  const db = new Proxy(deps.database.db, {
    get(target, key, receiver) {
      const value: unknown = Reflect.get(target, key, receiver);
      if (key !== 'select' || typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        reads += 1;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { deps: { ...deps, database: { ...deps.database, db } }, reads: () => reads };
}

const requestWith = (value: string | undefined) =>
  ({ cookies: value === undefined ? {} : { [SESSION_COOKIE]: value } }) as FastifyRequest;

describe('the session of a request', () => {
  it('is read once, however many steps of the request ask for it', async () => {
    const counted = countingReads();
    const request = requestWith(cookie);
    const first = await currentSession(counted.deps, request);
    const afterFirst = counted.reads();
    expect(afterFirst).toBeGreaterThan(0);
    expect(first?.user.email).toBeDefined();
    const second = await currentSession(counted.deps, request);
    expect(second).toBe(first);
    expect(counted.reads()).toBe(afterFirst);
    // Another request (the next one of the same browser) reads it again.
    await currentSession(counted.deps, requestWith(cookie));
    expect(counted.reads()).toBe(afterFirst * 2);
  });

  it('is none for a request without a cookie or with an unknown one', async () => {
    expect(await currentSession(deps, requestWith(undefined))).toBeNull();
    expect(await currentSession(deps, requestWith('unknown-cookie'))).toBeNull();
  });
});
