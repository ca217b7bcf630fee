import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, base64url } from 'jose';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { signAccessToken } from '../../auth/access-token.ts';

let deps: TestDeps;
let app: ApiApp;
let company: Awaited<ReturnType<typeof makeCompany>>;
let admin: Awaited<ReturnType<typeof makeUser>>;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  company = await makeCompany(deps, { name: '株式会社サンプル', plan: 'enterprise' });
  admin = await makeUser(deps, company.id, {
    name: '管理 花子',
    email: 'hanako@example.test',
    roles: ['CompanyAdmin'],
  });
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

const aud = () => ({ issuer: deps.env.SITE_URL, audience: deps.env.API_URL });

describe('GET /me', () => {
  it('answers the signed-in user with roles, theme and company flags', async () => {
    const { headers } = await signIn(deps, admin);
    const res = await app.inject({ method: 'GET', url: '/me', headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['x-request-id']).toBeTruthy();
    expect(res.json()).toEqual({
      user: {
        id: admin.id,
        name: '管理 花子',
        email: 'hanako@example.test',
        status: 1,
        organization: '',
        roles: ['CompanyAdmin'],
        mfa: 2,
        theme: 'cloudsign',
        company: {
          id: company.id,
          name: '株式会社サンプル',
          plan: 'enterprise',
          documentApproval: 1,
          auditLog: true,
          documentImport: true,
          // Off until an admin lets members use まとめてダウンロード; no idle timeout until one is set.
          bulkDownloadMembers: false,
          isEnabledFederatedIdentity: false,
          mfa: 1,
          idleTimeoutMinutes: null,
        },
      },
    });
  });
});

describe('bearer token edge cases answer 401 with the error shape', () => {
  const expect401 = async (authorization: string | undefined) => {
    const res = await app.inject({
      method: 'GET',
      url: '/me',
      headers: authorization ? { authorization } : {},
    });
    expect(res.statusCode).toBe(401);
    const body = res.json<{ error: { code: string; message: string; requestId: string } }>();
    expect(body.error.code).toBe('unauthenticated');
    expect(body.error.message).toMatch(/[ぁ-んァ-ン一-龥]/);
    expect(body.error.requestId).toBe(res.headers['x-request-id']);
    expect(res.body).not.toMatch(/at .*\.ts|select |stack/i);
  };

  it('no token', async () => expect401(undefined));
  it('not a bearer header', async () => expect401('Basic abc'));
  it('garbage', async () => expect401('Bearer not.a.jwt'));

  it('expired', async () => {
    const { sessionId } = await signIn(deps, admin);
    const past = new Date(Date.now() - 10 * 60 * 1000);
    const jwt = await signAccessToken(
      deps.keys,
      aud(),
      { userId: admin.id, companyId: company.id, sessionId },
      past,
    );
    await expect401(`Bearer ${jwt}`);
  });

  it('not yet valid', async () => {
    const { sessionId } = await signIn(deps, admin);
    const future = new Date(Date.now() + 10 * 60 * 1000);
    const jwt = await signAccessToken(
      deps.keys,
      aud(),
      { userId: admin.id, companyId: company.id, sessionId },
      future,
    );
    await expect401(`Bearer ${jwt}`);
  });

  it('wrong audience', async () => {
    const { sessionId } = await signIn(deps, admin);
    const jwt = await signAccessToken(
      deps.keys,
      { ...aud(), audience: 'https://evil.example' },
      { userId: admin.id, companyId: company.id, sessionId },
    );
    await expect401(`Bearer ${jwt}`);
  });

  it('wrong issuer', async () => {
    const { sessionId } = await signIn(deps, admin);
    const jwt = await signAccessToken(
      deps.keys,
      { ...aud(), issuer: 'https://evil.example' },
      { userId: admin.id, companyId: company.id, sessionId },
    );
    await expect401(`Bearer ${jwt}`);
  });

  it('bad signature', async () => {
    const { jwt } = await signIn(deps, admin);
    const [h, p, s] = jwt.split('.');
    const flipped = s!.startsWith('A') ? `B${s!.slice(1)}` : `A${s!.slice(1)}`;
    await expect401(`Bearer ${h}.${p}.${flipped}`);
  });

  it('alg: none', async () => {
    const { jwt } = await signIn(deps, admin);
    const payload = jwt.split('.')[1];
    const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT' }));
    await expect401(`Bearer ${header}.${payload}.`);
  });

  it('HS256 signed with the public key', async () => {
    const { sessionId } = await signIn(deps, admin);
    const publicJwk = deps.keys.jwks.keys[0]!;
    const secret = new TextEncoder().encode(JSON.stringify(publicJwk));
    const now = Math.floor(Date.now() / 1000);
    const jwt = await new SignJWT({ cid: company.id, sid: sessionId })
      .setProtectedHeader({ alg: 'HS256', kid: publicJwk.kid })
      .setSubject(admin.id)
      .setIssuer(deps.env.SITE_URL)
      .setAudience(deps.env.API_URL)
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .sign(secret);
    await expect401(`Bearer ${jwt}`);
  });

  it('a valid token whose member was deleted', async () => {
    const gone = await makeUser(deps, company.id);
    const { headers } = await signIn(deps, gone);
    const { users } = await import('../../db/schema.ts');
    const { eq } = await import('drizzle-orm');
    await deps.database.db.delete(users).where(eq(users.id, gone.id));
    await expect401(headers.authorization);
  });

  it('a token whose company claim was swapped cannot reach another company', async () => {
    const other = await makeCompany(deps, { name: '他社' });
    const { sessionId } = await signIn(deps, admin);
    const jwt = await signAccessToken(deps.keys, aud(), {
      userId: admin.id,
      companyId: other.id,
      sessionId,
    });
    await expect401(`Bearer ${jwt}`);
  });
});

describe('unknown routes and public routes', () => {
  it('an unknown path answers 404 in the error shape', async () => {
    const res = await app.inject({ method: 'GET', url: '/no-such-route' });
    expect(res.statusCode).toBe(404);
    expect(res.json<{ error: { code: string } }>().error.code).toBe('not_found');
  });

  it('/healthz is public and names the database', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: deps.database.kind });
  });

  it('/openapi.json lists /me with its bearer security', async () => {
    const res = await app.inject({ method: 'GET', url: '/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toContain('/me');
  });
});
