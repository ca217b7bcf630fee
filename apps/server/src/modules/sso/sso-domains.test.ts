/**
 * SSO domains against a real DNS server (dnsmasq on loopback, test/support/local-dns.ts): a claimed domain
 * routes nothing until its TXT record is verified; a verified domain sends unknown addresses to the company's
 * IdP and lets JIT create them; one owner per verified domain; public mail domains refused; other companies'
 * ids 404; every change in the audit log.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { and, desc, eq } from 'drizzle-orm';
import type { TSsoDomain, TSsoTestResult } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { buildSiteApp } from '../../site-app.ts';
import { SSO_REQUEST_COOKIE } from './sso-site.routes.ts';
import { auditEvents, ssoDomains, users } from '../../db/schema.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { expectError } from '../../../test/support/error-body.ts';
import { postForm } from '../../../test/support/site.world.ts';
import { makeSsoSettings, idpAnswer, postToAcs } from '../../../test/support/sso.world.ts';
import { makeKey, requestIdOf } from '../../../test/support/saml-idp.ts';
import {
  hasDnsmasq,
  NO_DNSMASQ,
  startLocalDns,
  type LocalDns,
} from '../../../test/support/local-dns.ts';
import * as repo from './sso.repository.ts';
import { startSignIn } from './sso-signin.service.ts';

if (!hasDnsmasq()) console.warn(`SSO domain tests skipped: ${NO_DNSMASQ}`);

describe.skipIf(!hasDnsmasq())('SSO domains, verified through DNS', () => {
  let dns: LocalDns;
  let deps: TestDeps;
  let api: ApiApp;
  let site: FastifyInstance;
  let companyId: string;
  let otherCompanyId: string;
  let adminId: string;
  let adminHeaders: Record<string, string>;
  let otherHeaders: Record<string, string>;
  const idpKey = makeKey();
  let now = new Date();

  beforeAll(async () => {
    dns = await startLocalDns();
    deps = await createTestDeps({ clock: () => now, env: { DNS_SERVERS: dns.server } });
    api = await buildApiApp(deps);
    site = await buildSiteApp(deps);
    companyId = (await makeCompany(deps)).id;
    otherCompanyId = (await makeCompany(deps)).id;
    await makeSsoSettings(deps, [companyId, otherCompanyId]);
    const admin = await makeUser(deps, companyId, { roles: ['CompanyAdmin'] });
    adminId = admin.id;
    const otherAdmin = await makeUser(deps, otherCompanyId, { roles: ['CompanyAdmin'] });
    for (const [id, exception] of [
      [companyId, admin.id],
      [otherCompanyId, otherAdmin.id],
    ] as const) {
      const settings = (await repo.findSettings(deps.database.db, id))!;
      await repo.saveSettings(
        deps.database.db,
        {
          ...settings,
          idpCertificates: [idpKey.certB64],
          jitEnabled: true,
          // The admins keep their password sessions while SSO is on (break-glass).
          exceptionUserIds: [exception],
        },
        now,
      );
      await repo.setEnabled(deps.database.db, id, true);
    }
    ({ headers: adminHeaders } = await signIn(deps, admin));
    ({ headers: otherHeaders } = await signIn(deps, otherAdmin));
  });
  // The SAML library checks assertion times against the real clock.
  beforeEach(() => {
    now = new Date();
  });
  afterAll(async () => {
    await api?.close();
    await site?.close();
    await deps?.cleanup();
    await dns?.stop();
  });

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
    headers = adminHeaders,
  ) => api.inject({ method, url, headers, payload });
  const add = (domain: string, headers = adminHeaders) =>
    call('POST', '/sso_settings/domains', { domain }, headers);
  const verify = (id: string, headers = adminHeaders) =>
    call('POST', `/sso_settings/domains/${id}/verify`, undefined, headers);
  const list = async (headers = adminHeaders) =>
    (await call('GET', '/sso_settings/domains', undefined, headers)).json<{
      domains: TSsoDomain[];
    }>().domains;

  async function lastEvent(company = companyId) {
    const [row] = await deps.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.companyId, company))
      .orderBy(desc(auditEvents.seq))
      .limit(1);
    return row && { action: row.action, targetName: row.targetName, details: row.details };
  }

  /** Whether the login page sends this address to the company's IdP. */
  async function routesToIdp(email: string) {
    // The email-first step: the IdP's hand-over page, or the password step.
    const res = await postForm(site, '/login', { email });
    expect(res.statusCode).toBe(200);
    return res.headers.refresh === `0; url=/sso/${companyId}/login`;
  }

  /** A first sign-in through the IdP of an address nobody has: created by JIT, or refused. */
  async function jitSignIn(email: string) {
    const start = await site.inject({ method: 'GET', url: `/sso/${companyId}/login` });
    const cookie = start.cookies.find((c) => c.name === SSO_REQUEST_COOKIE)!.value;
    return postIdpAnswer(email, cookie, String(start.headers.location));
  }

  /** The admin's connection test answered by the IdP for this address: the message SSO設定 shows. */
  async function connectionTest(email: string) {
    const started = (await startSignIn(deps, companyId, {
      purpose: 'test',
      returnTo: '/company/sso?test=done',
      userId: adminId,
    }))!;
    expect((await postIdpAnswer(email, started.browserToken, started.url)).statusCode).toBe(303);
    return (await repo.findSettings(deps.database.db, companyId))!.lastTest as TSsoTestResult;
  }

  function postIdpAnswer(email: string, cookie: string, requestUrl: string) {
    const answer = idpAnswer(deps, companyId, idpKey, {
      requestId: requestIdOf(requestUrl),
      email,
      attributes: { displayName: '新入 社員', department: '営業部' },
      now,
    });
    return postToAcs(site, companyId, answer, cookie);
  }
  const userOf = async (email: string) =>
    (await deps.database.db.select().from(users).where(eq(users.email, email)))[0];

  it('a claimed domain routes nothing until its TXT record is verified; then it routes and JIT creates', async () => {
    const res = await add(' Corp.Example.TEST. ');
    expect(res.statusCode).toBe(201);
    const claim = res.json<TSsoDomain>();
    expect(claim).toMatchObject({
      domain: 'corp.example.test',
      status: 'unverified',
      verifiedAt: null,
      txtName: '_cloudsign.corp.example.test',
    });
    expect(claim.txtValue).toMatch(/^cloudsign-domain-verification=[0-9a-f]{32}$/);
    expect(await lastEvent()).toEqual({
      action: 'sso.domainAdded',
      targetName: 'corp.example.test',
      details: { domain: 'corp.example.test', txtName: '_cloudsign.corp.example.test' },
    });

    // Unverified: the login page keeps the address on the password form, and the IdP's word creates nobody.
    expect(await routesToIdp('new1@corp.example.test')).toBe(false);
    const refused = await jitSignIn('new1@corp.example.test');
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('クラウドサインに登録されていません');
    expect(await userOf('new1@corp.example.test')).toBeUndefined();

    // Published and verified: both routes open.
    await dns.setTxt({ [claim.txtName]: ['v=spf1 -all', claim.txtValue] });
    const verified = await verify(claim.id);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ id: claim.id, status: 'verified' });
    expect(verified.json<TSsoDomain>().verifiedAt).not.toBeNull();
    expect(await lastEvent()).toEqual({
      action: 'sso.domainVerified',
      targetName: 'corp.example.test',
      details: { domain: 'corp.example.test', txtName: '_cloudsign.corp.example.test' },
    });
    expect(await routesToIdp('new2@corp.example.test')).toBe(true);
    expect((await jitSignIn('new2@corp.example.test')).statusCode).toBe(303);
    expect(await userOf('new2@corp.example.test')).toMatchObject({ companyId, name: '新入 社員' });
    expect((await list()).map((d) => [d.domain, d.status])).toEqual([
      ['corp.example.test', 'verified'],
      ['verified.example.test', 'verified'],
    ]);
  });

  it('the connection test says an unverified domain’s addresses will not be created, a verified one’s will', async () => {
    const claim = (await add('pending.example.test')).json<TSsoDomain>();
    expect(await connectionTest('first@pending.example.test')).toMatchObject({
      ok: true,
      message:
        'ドメイン「pending.example.test」はまだ確認されていないため、このメールアドレスのメンバーは JIT プロビジョニングで作成されません。SSO設定の「ドメイン」で TXT レコードを確認してください。',
    });
    await dns.setTxt({ [claim.txtName]: [claim.txtValue] });
    await verify(claim.id);
    expect((await connectionTest('first@pending.example.test')).message).toBe(
      'このメールアドレスのメンバーはまだいません。初回ログイン時に JIT プロビジョニングで作成されます。',
    );
  });

  it('the record may also be published at the domain itself', async () => {
    const claim = (await add('apex.example.test')).json<TSsoDomain>();
    await dns.setTxt({ 'apex.example.test': [claim.txtValue] });
    expect((await verify(claim.id)).json()).toMatchObject({ status: 'verified' });
  });

  it('refuses a missing or different TXT record with what to publish, and stays unverified', async () => {
    const claim = (await add('mismatch.example.test')).json<TSsoDomain>();
    await dns.setTxt({});
    expectError(
      await verify(claim.id),
      'invalid_state',
      `_cloudsign.mismatch.example.test に TXT レコード「${claim.txtValue}」が見つかりませんでした。DNS に登録し、反映されてからもう一度お試しください。`,
    );
    // Another company's value (or an old one) is not this claim's.
    await dns.setTxt({
      [claim.txtName]: ['cloudsign-domain-verification=0123456789abcdef0123456789abcdef'],
    });
    expectError(
      await verify(claim.id),
      'invalid_state',
      `_cloudsign.mismatch.example.test の TXT レコードの値が、このドメインの確認用の値と一致しません。「${claim.txtValue}」を登録してください。`,
    );
    const [row] = await deps.database.db
      .select()
      .from(ssoDomains)
      .where(eq(ssoDomains.id, claim.id));
    expect(row!.verifiedAt).toBeNull();
    expect(await lastEvent()).toMatchObject({ action: 'sso.domainAdded' });
  });

  it('answers 503 in Japanese when the DNS server does not answer', async () => {
    const claim = (await add('silent.example.test')).json<TSsoDomain>();
    await dns.stop();
    try {
      expectError(
        await verify(claim.id),
        'unavailable',
        'DNS サーバーから応答がなかったため、ドメインを確認できませんでした。時間をおいてもう一度お試しください。',
      );
    } finally {
      dns = await startLocalDns();
      deps.env.DNS_SERVERS = dns.server;
    }
  });

  it('a verified domain has one owner: a second company can neither add nor verify it', async () => {
    const mine = (await add('owned.example.test')).json<TSsoDomain>();
    // Claimed by the other company before ours is verified, with its own record published too.
    const theirs = (await add('owned.example.test', otherHeaders)).json<TSsoDomain>();
    await dns.setTxt({ [mine.txtName]: [mine.txtValue, theirs.txtValue] });
    expect((await verify(mine.id)).statusCode).toBe(200);
    const message = 'このドメインは別の組織が所有を確認済みのため、登録・確認できません。';
    expectError(await verify(theirs.id, otherHeaders), 'conflict', message);
    expectError(await add('owned.example.test', otherHeaders), 'conflict', message);
    // The database holds the rule too, whatever the code does.
    await expect(
      deps.database.db
        .update(ssoDomains)
        .set({ verifiedAt: now })
        .where(eq(ssoDomains.id, theirs.id)),
    ).rejects.toThrow();
    // A second claim by the same company is refused too.
    expectError(
      await add('owned.example.test'),
      'conflict',
      'このドメインはすでに登録されています。',
    );
  });

  it.each([
    'gmail.com',
    'yahoo.co.jp',
    'outlook.com',
    'icloud.com',
    'docomo.ne.jp',
    'mail.docomo.ne.jp',
  ])('refuses the public mail domain %s with 400 and stores nothing', async (domain) => {
    const message = `「${domain}」は誰でもメールアドレスを作れる公開のメールサービスのドメインのため、登録できません。`;
    expectError(await add(domain), 'validation_failed', message, [{ path: 'domain', message }]);
    const rows = await deps.database.db
      .select()
      .from(ssoDomains)
      .where(eq(ssoDomains.domain, domain));
    expect(rows).toEqual([]);
  });

  it('refuses a malformed domain in Japanese', async () => {
    const message =
      'ドメインの形式が正しくありません（例: example.co.jp。日本語ドメインは xn-- で始まる形で入力してください）。';
    expectError(await add('corp..example'), 'validation_failed', '入力内容に誤りがあります。', [
      { path: 'domain', message },
    ]);
  });

  it('another company’s domain ids answer 404 and change nothing', async () => {
    const theirs = (await add('theirs.example.test', otherHeaders)).json<TSsoDomain>();
    await dns.setTxt({ [theirs.txtName]: [theirs.txtValue] });
    expectError(await verify(theirs.id), 'not_found');
    expectError(await call('DELETE', `/sso_settings/domains/${theirs.id}`), 'not_found');
    const [row] = await deps.database.db
      .select()
      .from(ssoDomains)
      .where(and(eq(ssoDomains.id, theirs.id), eq(ssoDomains.companyId, otherCompanyId)));
    expect(row).toMatchObject({ verifiedAt: null });
    expect((await list()).map((d) => d.domain)).not.toContain('theirs.example.test');
  });

  it('removing a verified domain stops its routing at once, recorded', async () => {
    const claim = (await add('gone.example.test')).json<TSsoDomain>();
    await dns.setTxt({ [claim.txtName]: [claim.txtValue] });
    await verify(claim.id);
    expect(await routesToIdp('someone@gone.example.test')).toBe(true);
    const res = await call('DELETE', `/sso_settings/domains/${claim.id}`);
    expect([res.statusCode, res.json()]).toEqual([200, { ok: true }]);
    expect(await lastEvent()).toEqual({
      action: 'sso.domainRemoved',
      targetName: 'gone.example.test',
      details: { domain: 'gone.example.test', wasVerified: true },
    });
    expect(await routesToIdp('someone@gone.example.test')).toBe(false);
  });
});
