/**
 * Provisioning tokens (企業設定 › プロビジョニング): the secret is answered once and stored only as its SHA-256;
 * at most 5 unrevoked; a revoked token is refused by /scim/v2 in the SCIM error schema; creating, first use
 * and revoking are audited; the request log is the company's own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TCreatedProvisioningToken, TProvisioningTokensResponse } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { auditEvents, provisioningTokens } from '../../db/schema.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { expectError } from '../../../test/support/error-body.ts';
import { hashProvisioningSecret } from './provisioning-tokens.service.ts';

describe('provisioning tokens', () => {
  let deps: TestDeps;
  let api: ApiApp;
  let companyId: string;
  let admin: Record<string, string>;
  let member: Record<string, string>;
  let otherAdmin: Record<string, string>;

  beforeAll(async () => {
    deps = await createTestDeps();
    api = await buildApiApp(deps);
    companyId = (await makeCompany(deps)).id;
    const otherId = (await makeCompany(deps)).id;
    admin = (await signIn(deps, await makeUser(deps, companyId, { roles: ['CompanyAdmin'] })))
      .headers;
    member = (await signIn(deps, await makeUser(deps, companyId))).headers;
    otherAdmin = (await signIn(deps, await makeUser(deps, otherId, { roles: ['CompanyAdmin'] })))
      .headers;
    // A fresh database on a busy machine can take more than the default minute.
  }, 180_000);
  afterAll(async () => {
    await api.close();
    await deps.cleanup();
  });

  const create = (name: string, headers = admin) =>
    api.inject({ method: 'POST', url: '/provisioning/tokens', headers, payload: { name } });
  const scim = (secret: string) =>
    api.inject({
      method: 'GET',
      url: '/scim/v2/Users?count=1',
      headers: { authorization: `Bearer ${secret}` },
    });

  it('answers the secret once and keeps only its hash', async () => {
    const res = await create('Entra ID');
    expect(res.statusCode).toBe(201);
    const { token, secret } = res.json<TCreatedProvisioningToken>();
    expect(secret).toMatch(/^csscim_[A-Za-z0-9_-]{43}$/);
    const [row] = await deps.database.db
      .select()
      .from(provisioningTokens)
      .where(eq(provisioningTokens.id, token.id));
    expect(row!.tokenHash).toBe(hashProvisioningSecret(secret));
    expect(JSON.stringify(row)).not.toContain(secret);
    const list = await api.inject({ method: 'GET', url: '/provisioning/tokens', headers: admin });
    const body = list.json<TProvisioningTokensResponse>();
    expect(list.body).not.toContain(secret);
    expect(body.baseUrl).toBe('http://localhost:3001/scim/v2');
    expect(body.tokens.find((t) => t.id === token.id)).toMatchObject({
      name: 'Entra ID',
      lastUsedAt: null,
      revokedAt: null,
    });
  });

  it('records the first use once, and a revoked token is refused in the SCIM error schema', async () => {
    const { token, secret } = (await create('Okta')).json<TCreatedProvisioningToken>();
    expect((await scim(secret)).statusCode).toBe(200);
    expect((await scim(secret)).statusCode).toBe(200);
    const revoked = await api.inject({
      method: 'POST',
      url: `/provisioning/tokens/${token.id}/revoke`,
      headers: admin,
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<{ token: { revokedAt: string | null } }>().token.revokedAt).not.toBeNull();
    const refused = await scim(secret);
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['content-type']).toMatch(/^application\/scim\+json/);
    expect(refused.json()).toEqual({
      schemas: ['urn:ietf:params:scim:api:messages:2.0:Error'],
      status: '401',
      detail: 'このトークンは無効化されています。',
    });
    const events = await deps.database.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.companyId, companyId), eq(auditEvents.targetId, token.id)));
    expect(events.map((e) => e.action).sort()).toEqual([
      'provisioning.tokenCreated',
      'provisioning.tokenFirstUsed',
      'provisioning.tokenRevoked',
    ]);
    const log = await api.inject({ method: 'GET', url: '/provisioning/log', headers: admin });
    const entries = log.json<{ entries: { tokenName: string; status: number }[] }>().entries;
    expect(entries.filter((e) => e.tokenName === 'Okta').map((e) => e.status)).toEqual([200, 200]);
    const otherLog = await api.inject({
      method: 'GET',
      url: '/provisioning/log',
      headers: otherAdmin,
    });
    expect(otherLog.json<{ entries: unknown[] }>().entries).toEqual([]);
  });

  it('allows 5 unrevoked tokens at once', async () => {
    const list = await api.inject({ method: 'GET', url: '/provisioning/tokens', headers: admin });
    const active = list.json<TProvisioningTokensResponse>().tokens.filter((t) => !t.revokedAt);
    for (let i = active.length; i < 5; i++)
      expect((await create(`rotation ${i}`)).statusCode).toBe(201);
    const sixth = await create('six');
    expect(sixth.statusCode).toBe(409);
    expect(sixth.json<{ error: { message: string } }>().error.message).toBe(
      '有効なトークンは5個までです。使わなくなったトークンを無効化してから作成してください。',
    );
  });

  it('refuses a blank name in Japanese, a member with 403 and another company with 404', async () => {
    expectError(await create('  '), 'validation_failed', '入力内容に誤りがあります。', [
      { path: 'name', message: 'トークン名を入力してください。' },
    ]);
    expect((await create('x', member)).statusCode).toBe(403);
    // Revoked first, so this test creates one whatever the 5-token limit left.
    const [mine] = await deps.database.db
      .insert(provisioningTokens)
      .values({ companyId, name: 'mine', tokenHash: 'x'.repeat(64), revokedAt: new Date() })
      .returning();
    const foreign = await api.inject({
      method: 'POST',
      url: `/provisioning/tokens/${mine!.id}/revoke`,
      headers: otherAdmin,
    });
    expect(foreign.statusCode).toBe(404);
  });
});
