/**
 * A request's member carries what requests need and no secret: the password hash, the MFA secret and the backup
 * codes are read only by the sign-in steps that check them. Both session loads (the API's bearer token and the
 * site's cookie) are checked, for a member who has all three.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDeps, type TestDeps } from '../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../test/support/fixtures.ts';
import { findSessionUser } from './current-user.ts';
import { hasMfaEnabled, loadSession, signInSecrets } from './sessions.ts';

const SECRET_KEYS = ['passwordHash', 'mfaSecret', 'mfaBackupCodes', 'mfaLastStep'];

let deps: TestDeps;
beforeAll(async () => {
  deps = await createTestDeps();
});
afterAll(async () => deps.cleanup());

const withSecrets = async () => {
  const company = await makeCompany(deps);
  const user = await makeUser(deps, company.id, {
    mfa: 1,
    mfaSecret: 'JBSWY3DPEHPK3PXP',
    mfaBackupCodes: ['$argon2id$backup'],
    passwordHash: '$argon2id$password',
    mfaLastStep: 42,
  });
  return { user, session: await signIn(deps, user) };
};

describe("a request's member", () => {
  it('through an API token: no secret, and what the console shows of the member', async () => {
    const { user, session } = await withSecrets();
    const row = await findSessionUser(deps.database.db, {
      sessionId: session.sessionId,
      userId: user.id,
      companyId: user.companyId,
    });
    for (const key of SECRET_KEYS) expect(row?.user).not.toHaveProperty(key);
    expect(row?.user).toMatchObject({ id: user.id, email: user.email, name: user.name, mfa: 1 });
  });

  it('through the site cookie: no secret; MFA known as set up; the step that checks reads them', async () => {
    const { user, session } = await withSecrets();
    const loaded = await loadSession(deps.database.db, session.cookie, deps.clock());
    for (const key of SECRET_KEYS) expect(loaded?.user).not.toHaveProperty(key);
    expect(hasMfaEnabled(loaded!.user)).toBe(true);
    expect(await signInSecrets(deps.database.db, user.id)).toEqual({
      passwordHash: '$argon2id$password',
      mfaSecret: 'JBSWY3DPEHPK3PXP',
      mfaBackupCodes: ['$argon2id$backup'],
    });
  });
});
