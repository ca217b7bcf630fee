/** 2要素認証の再設定 from アカウント設定: a valid current code or backup code, then a new key and fresh backup codes. */
import { and, eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { hashBackupCodes, newTotpSecret } from '../../auth/mfa.ts';
import { auditEvents, sessions, users } from '../../db/schema.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { WRONG_CURRENT_CODE, WRONG_NEW_CODE } from './account-mfa.service.ts';

let deps: TestDeps;
let app: ApiApp;
let companyId: string;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  companyId = (await makeCompany(deps)).id;
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

type ErrorBody = { error: { details?: { path: string; message: string }[] } };
const codeOf = (secret: string) =>
  authenticator.clone({ epoch: deps.clock().getTime() }).generate(secret);

async function mfaMember() {
  const secret = newTotpSecret();
  const user = await makeUser(deps, companyId, {
    mfa: 1,
    mfaSecret: secret,
    mfaBackupCodes: await hashBackupCodes(['ABCDE-23456']),
  });
  return { user, secret, headers: (await signIn(deps, user)).headers };
}
const newSecret = async (headers: Record<string, string>) => {
  const res = await app.inject({ method: 'GET', url: '/account/mfa/secret', headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-store');
  return res.json<{ secret: string; otpauthUri: string; qrCode: string }>();
};
const reRegister = (headers: Record<string, string>, payload: object) =>
  app.inject({ method: 'POST', url: '/account/mfa', headers, payload });
const stored = async (id: string) =>
  (await deps.database.db.select().from(users).where(eq(users.id, id)))[0]!;

describe('2要素認証の再設定', () => {
  it('a current code enrols the new key and answers ten fresh backup codes, recorded', async () => {
    const { user, secret, headers } = await mfaMember();
    const next = await newSecret(headers);
    expect(next.otpauthUri).toContain(encodeURIComponent(user.email));
    expect(next.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    const res = await reRegister(headers, {
      currentCode: codeOf(secret),
      secret: next.secret,
      code: codeOf(next.secret),
    });
    expect(res.statusCode).toBe(200);
    const { backupCodes } = res.json<{ backupCodes: string[] }>();
    expect(backupCodes).toHaveLength(10);
    const after = await stored(user.id);
    expect(after.mfaSecret).toBe(next.secret);
    expect(after.mfaBackupCodes).toHaveLength(10);
    const events = await deps.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.actorId, user.id), eq(auditEvents.action, 'auth.mfaSetUp')));
    expect(events).toHaveLength(1);
  });

  it('a first enrolment keeps this browser signed in past the second-factor step', async () => {
    const user = await makeUser(deps, companyId);
    const { headers, sessionId } = await signIn(deps, user);
    await deps.database.db
      .update(sessions)
      .set({ isMfaVerified: false })
      .where(eq(sessions.id, sessionId));
    const next = await newSecret(headers);
    const res = await reRegister(headers, { secret: next.secret, code: codeOf(next.secret) });
    expect(res.statusCode).toBe(200);
    const [row] = await deps.database.db.select().from(sessions).where(eq(sessions.id, sessionId));
    expect(row!.isMfaVerified).toBe(true);
  });

  it('a backup code proves it too', async () => {
    const { user, headers } = await mfaMember();
    const next = await newSecret(headers);
    const res = await reRegister(headers, {
      currentCode: 'abcde 23456',
      secret: next.secret,
      code: codeOf(next.secret),
    });
    expect(res.statusCode).toBe(200);
    expect((await stored(user.id)).mfaSecret).toBe(next.secret);
  });

  it('refuses without a valid current code, and keeps the old key', async () => {
    const { user, secret, headers } = await mfaMember();
    const next = await newSecret(headers);
    for (const currentCode of ['', '000000', 'ZZZZZ-ZZZZZ']) {
      const res = await reRegister(headers, {
        currentCode,
        secret: next.secret,
        code: codeOf(next.secret),
      });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().error.details?.[0]?.path).toBe('currentCode');
    }
    const wrong = await reRegister(headers, {
      currentCode: '000000',
      secret: next.secret,
      code: codeOf(next.secret),
    });
    expect(wrong.json<ErrorBody>().error.details).toEqual([
      { path: 'currentCode', message: WRONG_CURRENT_CODE },
    ]);
    expect((await stored(user.id)).mfaSecret).toBe(secret);
  });

  it('refuses a code that is not of the new key, before using any proof', async () => {
    const { user, secret, headers } = await mfaMember();
    const next = await newSecret(headers);
    const res = await reRegister(headers, {
      currentCode: 'ABCDE-23456',
      secret: next.secret,
      code: codeOf(secret) === codeOf(next.secret) ? '000000' : codeOf(secret),
    });
    expect(res.json<ErrorBody>().error.details).toEqual([
      { path: 'code', message: WRONG_NEW_CODE },
    ]);
    const after = await stored(user.id);
    expect(after.mfaSecret).toBe(secret);
    expect(after.mfaBackupCodes).toHaveLength(1);
  });
});
