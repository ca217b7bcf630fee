/** The ACS refuses every response it must not trust, each with its Japanese page and no session. */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { desc, eq } from 'drizzle-orm';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany } from '../../../test/support/fixtures.ts';
import {
  makeLoginUser,
  postForm,
  PASSWORD,
  sessionCookieOf,
  tokenRequest,
} from '../../../test/support/site.world.ts';
import {
  makeKey,
  requestIdOf,
  responseXml,
  signAssertion,
  signResponse,
  type ResponseFields,
  type TestKey,
} from '../../../test/support/saml-idp.ts';
import { postToAcs } from '../../../test/support/sso.world.ts';
import { sqlRows } from '../../../test/support/audit-chain.ts';
import { addSsoDomain } from '../../../test/support/sso-domains.world.ts';
import { buildSiteApp } from '../../site-app.ts';
import { SSO_REQUEST_COOKIE } from './sso-site.routes.ts';
import { auditEvents, memberGroupUsers, memberGroups, sessions, users } from '../../db/schema.ts';
import * as repo from './sso.repository.ts';
import { spIds } from './sso-saml.ts';
import { saveRestriction } from '../ip-restriction/ip-restriction.repository.ts';
import { forgetCompany } from '../ip-restriction/ip-restriction.cache.ts';
import { forgetRecordedRefusals } from '../ip-restriction/ip-restriction.enforce.ts';

let deps: TestDeps;
let app: FastifyInstance;
let now = new Date();
let idpKey: TestKey;
let otherKey: TestKey;
let companyId: string;
let otherCompanyId: string;
let member: { id: string; email: string };
let admin: { id: string; email: string };
let jitGroupId: string;
const IDP = 'https://idp.example.test/saml';
const EMAIL_ATTR = 'mail';

beforeAll(async () => {
  deps = await createTestDeps({ clock: () => now });
  app = await buildSiteApp(deps);
  idpKey = makeKey();
  otherKey = makeKey(365, 'attacker');
  const company = await makeCompany(deps, { mfa: 2 });
  companyId = company.id;
  otherCompanyId = (await makeCompany(deps)).id;
  member = await makeLoginUser(deps, companyId, { email: 'taro@corp.example.test' });
  admin = await makeLoginUser(deps, companyId, {
    email: 'admin@corp.example.test',
    roles: ['CompanyAdmin'],
  });
  const [group] = await deps.database.db
    .insert(memberGroups)
    .values({ companyId, name: '新入社員', type: 0 })
    .returning();
  jitGroupId = group!.id;
  for (const [id, cert] of [
    [companyId, idpKey.certB64],
    [otherCompanyId, otherKey.certB64],
  ] as const) {
    await repo.saveSettings(
      deps.database.db,
      {
        companyId: id,
        idpEntityId: IDP,
        idpSsoUrl: 'https://idp.example.test/sso',
        idpCertificates: [cert],
        emailAttribute: EMAIL_ATTR,
        nameAttribute: 'displayName',
        organizationAttribute: 'department',
        exceptionUserIds: id === companyId ? [admin.id] : [],
        jitEnabled: true,
        jitGroupIds: id === companyId ? [jitGroupId] : [],
      },
      now,
    );
    await repo.setEnabled(deps.database.db, id, true);
    // Each company's own domain, proven (sso-domains.test.ts proves it through DNS).
    await addSsoDomain(deps, id, id === companyId ? 'corp.example.test' : 'other.example.test', {
      verified: true,
    });
  }
});
// The library checks assertion times against the real clock; ours follows it between tests.
beforeEach(() => {
  now = new Date();
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

/** A request started in a browser: its cookie and the AuthnRequest id the IdP must answer. */
async function startLogin(company = companyId, returnTo = '/documents') {
  const res = await app.inject({
    method: 'GET',
    url: `/sso/${company}/login?return_to=${encodeURIComponent(returnTo)}`,
  });
  expect(res.statusCode).toBe(303);
  const cookie = res.cookies.find((c) => c.name === SSO_REQUEST_COOKIE)!.value;
  return { cookie, requestId: requestIdOf(String(res.headers.location)) };
}

function fields(requestId: string, over: Partial<ResponseFields> = {}): ResponseFields {
  const sp = spIds(deps.env.SITE_URL, companyId);
  return {
    issuer: IDP,
    destination: sp.acsUrl,
    audience: sp.entityId,
    inResponseTo: requestId,
    nameId: member.email,
    attributes: { [EMAIL_ATTR]: member.email },
    now,
    ...over,
  };
}

const postAcs = (xml: string, cookie: string | undefined, company = companyId) =>
  postToAcs(app, company, xml, cookie);

function expectRefused(res: Awaited<ReturnType<typeof postAcs>>, message: string) {
  expect(res.statusCode).toBe(403);
  expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
  expect(res.body).toContain('シングルサインオンでログインできませんでした');
  expect(res.body).toContain(message);
  expect(sessionCookieOf(res)).toBeUndefined();
}

const SIGNATURE = 'IdP からの応答の署名を確認できませんでした';

describe('ACS accepts', () => {
  it('a response with a signed assertion: a session past the company MFA, to return_to', async () => {
    const { cookie, requestId } = await startLogin(companyId, '/documents?page=2');
    const res = await postAcs(signAssertion(responseXml(fields(requestId)), idpKey), cookie);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`${deps.env.SITE_URL}/documents?page=2`);
    const session = sessionCookieOf(res);
    expect(session).toBeTruthy();
    // Company MFA is required (mfa 2) and the member has none: an SSO session is done regardless.
    const next = await app.inject({
      method: 'GET',
      url: '/login',
      cookies: { cs_session: session! },
    });
    expect(next.statusCode).toBe(303);
    expect(next.headers.location).toBe(`${deps.env.SITE_URL}/`);
  });

  it.each(['https://evil.example/x', '//evil.example/x', 'javascript:alert(1)'])(
    'a return_to of %s started at the company URL: back to the top page, never off the site',
    async (returnTo) => {
      const { cookie, requestId } = await startLogin(companyId, returnTo);
      const res = await postAcs(signAssertion(responseXml(fields(requestId)), idpKey), cookie);
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe(`${deps.env.SITE_URL}/`);
    },
  );

  it('no auth.signIn event without its session: the two commit together', async () => {
    const signIns = async () =>
      (
        await deps.database.db
          .select({ action: auditEvents.action })
          .from(auditEvents)
          .where(eq(auditEvents.actorId, member.id))
      ).filter((e) => e.action === 'auth.signIn').length;
    const before = await signIns();
    // The session cannot be written: the log must not say the member signed in.
    await sqlRows(
      deps,
      `create function refuse_session() returns trigger language plpgsql as $$
       begin raise exception 'refused for the test'; end $$`,
    );
    await sqlRows(
      deps,
      'create trigger refuse_session before insert on sessions for each row execute function refuse_session()',
    );
    try {
      const { cookie, requestId } = await startLogin();
      const res = await postAcs(signAssertion(responseXml(fields(requestId)), idpKey), cookie);
      expect(res.statusCode).toBe(500);
      expect(sessionCookieOf(res)).toBeFalsy();
    } finally {
      await sqlRows(deps, 'drop trigger refuse_session on sessions');
      await sqlRows(deps, 'drop function refuse_session()');
    }
    expect(await signIns()).toBe(before);
  });

  it('a response signed as a whole', async () => {
    const { cookie, requestId } = await startLogin();
    const res = await postAcs(signResponse(responseXml(fields(requestId)), idpKey), cookie);
    expect(res.statusCode).toBe(303);
    expect(sessionCookieOf(res)).toBeTruthy();
  });

  it('a response within the clock skew after NotOnOrAfter', async () => {
    const { cookie, requestId } = await startLogin();
    const xml = signAssertion(responseXml(fields(requestId, { validFor: -30 })), idpKey);
    expect((await postAcs(xml, cookie)).statusCode).toBe(303);
  });

  it('JIT: an unknown address of the company domain becomes a member with mapped name, department, groups', async () => {
    const { cookie, requestId } = await startLogin();
    const email = 'hanako@corp.example.test';
    const xml = responseXml(
      fields(requestId, {
        nameId: email,
        attributes: { [EMAIL_ATTR]: email, displayName: '山田 花子', department: '営業部' },
      }),
    );
    const res = await postAcs(signAssertion(xml, idpKey), cookie);
    expect(res.statusCode).toBe(303);
    const [created] = await deps.database.db.select().from(users).where(eq(users.email, email));
    expect(created).toMatchObject({
      companyId,
      name: '山田 花子',
      organization: '営業部',
      status: 1,
    });
    const groups = await deps.database.db
      .select()
      .from(memberGroupUsers)
      .where(eq(memberGroupUsers.userId, created!.id));
    expect(groups.map((g) => g.groupId)).toEqual([jitGroupId]);
    // In the audit log: created by the system (no actor), then signed in by the new member.
    expect(await lastAuditEvents(2)).toEqual([
      {
        action: 'member.created',
        actorEmail: '',
        targetId: created!.id,
        details: {
          name: { before: '', after: '山田 花子' },
          email: { before: '', after: email },
          organization: { before: '', after: '営業部' },
          createdByJit: true,
        },
      },
      {
        action: 'auth.signIn',
        actorEmail: email,
        targetId: created!.id,
        details: { method: 'sso', createdByJit: true },
      },
    ]);
  });
});

describe('ACS refuses', () => {
  it('an unsigned response', async () => {
    const { cookie, requestId } = await startLogin();
    expectRefused(await postAcs(responseXml(fields(requestId)), cookie), SIGNATURE);
  });

  it('a response signed by a certificate that is not configured', async () => {
    const { cookie, requestId } = await startLogin();
    const xml = signAssertion(responseXml(fields(requestId)), otherKey);
    expectRefused(await postAcs(xml, cookie), SIGNATURE);
  });

  it('a signed response altered after signing', async () => {
    const { cookie, requestId } = await startLogin();
    const xml = signAssertion(responseXml(fields(requestId)), idpKey).replace(
      `>${member.email}<`,
      `>${admin.email}<`,
    );
    expectRefused(await postAcs(xml, cookie), SIGNATURE);
  });

  it('another audience', async () => {
    const { cookie, requestId } = await startLogin();
    const xml = signAssertion(
      responseXml(fields(requestId, { audience: 'https://other-sp.example.test' })),
      idpKey,
    );
    expectRefused(await postAcs(xml, cookie), 'この組織のクラウドサイン宛てではありません');
  });

  it('another Destination', async () => {
    const { cookie, requestId } = await startLogin();
    const xml = signAssertion(
      responseXml(fields(requestId, { destination: 'https://other-sp.example.test/acs' })),
      idpKey,
    );
    expectRefused(await postAcs(xml, cookie), '送信先（Destination）');
  });

  it('another Recipient', async () => {
    const { cookie, requestId } = await startLogin();
    const xml = signAssertion(
      responseXml(fields(requestId, { recipient: 'https://other-sp.example.test/acs' })),
      idpKey,
    );
    expectRefused(await postAcs(xml, cookie), '受信者（Recipient）');
  });

  it('an expired assertion beyond the clock skew', async () => {
    const { cookie, requestId } = await startLogin();
    const xml = signAssertion(responseXml(fields(requestId, { validFor: -120 })), idpKey);
    expectRefused(await postAcs(xml, cookie), '有効期限が切れているか');
  });

  it('an assertion not yet valid', async () => {
    const { cookie, requestId } = await startLogin();
    const later = new Date(now.getTime() + 10 * 60_000);
    const xml = signAssertion(responseXml(fields(requestId, { now: later })), idpKey);
    expectRefused(await postAcs(xml, cookie), '有効期限が切れているか');
  });

  it('an InResponseTo other than the request of this browser', async () => {
    const { cookie } = await startLogin();
    const other = await startLogin();
    const xml = signAssertion(responseXml(fields(other.requestId)), idpKey);
    expectRefused(
      await postAcs(xml, cookie),
      'このブラウザから送ったログインの要求に対応していません',
    );
  });

  it('a browser without the request cookie, and a request used once already', async () => {
    const { cookie, requestId } = await startLogin();
    const xml = signAssertion(responseXml(fields(requestId)), idpKey);
    expectRefused(await postAcs(xml, undefined), 'ログインの要求が見つからないか');
    expect((await postAcs(xml, cookie)).statusCode).toBe(303);
    expectRefused(await postAcs(xml, cookie), 'ログインの要求が見つからないか');
  });

  it('a request older than its 10 minutes', async () => {
    const { cookie, requestId } = await startLogin();
    const started = now;
    now = new Date(started.getTime() + 11 * 60_000);
    try {
      const xml = signAssertion(responseXml(fields(requestId)), idpKey);
      expectRefused(await postAcs(xml, cookie), 'ログインの要求が見つからないか');
    } finally {
      now = started;
    }
  });

  it('an assertion id seen before, even answering a fresh request', async () => {
    const first = await startLogin();
    const assertionId = '_replayed-assertion';
    const one = signAssertion(responseXml(fields(first.requestId, { assertionId })), idpKey);
    expect((await postAcs(one, first.cookie)).statusCode).toBe(303);
    const second = await startLogin();
    const two = signAssertion(responseXml(fields(second.requestId, { assertionId })), idpKey);
    expectRefused(await postAcs(two, second.cookie), 'すでに使われています');
  });

  it('a comment inside NameID (signature unchanged by canonicalization)', async () => {
    const { cookie, requestId } = await startLogin();
    const attacker = `${member.email}.evil.test`;
    const signed = signAssertion(
      responseXml(fields(requestId, { nameId: attacker, attributes: { [EMAIL_ATTR]: attacker } })),
      idpKey,
    );
    const xml = signed.replaceAll(`>${attacker}<`, `>${member.email}<!---->.evil.test<`);
    expectRefused(await postAcs(xml, cookie), 'IdP からの応答を読み取れませんでした');
  });

  it('a response made for another company’s SP', async () => {
    const { cookie, requestId } = await startLogin();
    const otherSp = spIds(deps.env.SITE_URL, otherCompanyId);
    const xml = signAssertion(
      responseXml(fields(requestId, { destination: otherSp.acsUrl, audience: otherSp.entityId })),
      idpKey,
    );
    expectRefused(await postAcs(xml, cookie), '送信先（Destination）');
  });

  it('a valid response of this company posted to another company’s ACS', async () => {
    const { requestId } = await startLogin();
    const other = await startLogin(otherCompanyId);
    const xml = signAssertion(responseXml(fields(requestId)), idpKey);
    expectRefused(await postAcs(xml, other.cookie, otherCompanyId), '送信先（Destination）');
  });

  describe('an Issuer other than the registered IdP entity id, though signed by its key', () => {
    const EVIL = 'https://evil-idp.example.test/saml';
    const ISSUER = `<saml:Issuer>${IDP}</saml:Issuer>`;
    const ISSUER_MESSAGE = 'IdP からの応答の発行者が、登録されている IdP と一致しません。';

    it.each([
      [
        'on the assertion and the response',
        (xml: string) => xml.replaceAll(ISSUER, `<saml:Issuer>${EVIL}</saml:Issuer>`),
      ],
      // The assertion is signed: the Response's Issuer is outside the signature, still checked.
      [
        'on the response only',
        (xml: string) => xml.replace(ISSUER, `<saml:Issuer>${EVIL}</saml:Issuer>`),
      ],
      [
        'on the assertion only',
        (xml: string) =>
          xml.replace(
            /(<saml:Assertion[^>]*>)<saml:Issuer>[^<]*<\/saml:Issuer>/,
            `$1<saml:Issuer>${EVIL}</saml:Issuer>`,
          ),
      ],
    ])('%s: refused with the reason in the log', async (_, edit) => {
      const { cookie, requestId } = await startLogin();
      const xml = signAssertion(edit(responseXml(fields(requestId))), idpKey);
      expectRefused(await postAcs(xml, cookie), ISSUER_MESSAGE);
      expect(await lastAuditEvent()).toEqual({
        action: 'auth.signInFailed',
        actorEmail: '',
        targetId: '',
        details: { method: 'sso', reason: 'issuer' },
      });
    });

    it('a response without its own (optional) Issuer is still accepted', async () => {
      const { cookie, requestId } = await startLogin();
      const xml = signAssertion(responseXml(fields(requestId)).replace(ISSUER, ''), idpKey);
      expect((await postAcs(xml, cookie)).statusCode).toBe(303);
    });
  });

  it('an address of another company', async () => {
    const stranger = await makeLoginUser(deps, otherCompanyId);
    const { cookie, requestId } = await startLogin();
    const xml = signAssertion(
      responseXml(fields(requestId, { attributes: { [EMAIL_ATTR]: stranger.email } })),
      idpKey,
    );
    expectRefused(await postAcs(xml, cookie), 'このメールアドレスは別の組織のメンバーです');
  });
});

describe('ACS refuses signature wrapping', () => {
  const evilAssertion = (signed: string) => {
    const start = signed.indexOf('<saml:Assertion');
    const end = signed.indexOf('</saml:Assertion>') + '</saml:Assertion>'.length;
    const original = signed.slice(start, end);
    const evil = original
      .replace(/<ds:Signature[\s\S]*<\/ds:Signature>/, '')
      .replaceAll(member.email, admin.email)
      .replace(/ID="[^"]+"/, 'ID="_evil"');
    return { start, end, original, evil };
  };

  it.each([
    [
      'an unsigned assertion before the signed one',
      (s: string, p: ReturnType<typeof evilAssertion>) =>
        s.slice(0, p.start) + p.evil + s.slice(p.start),
    ],
    [
      'an unsigned assertion after the signed one',
      (s: string, p: ReturnType<typeof evilAssertion>) =>
        s.slice(0, p.end) + p.evil + s.slice(p.end),
    ],
    [
      'the signed assertion hidden in the evil one’s Advice',
      (s: string, p: ReturnType<typeof evilAssertion>) =>
        s.slice(0, p.start) +
        p.evil.replace(
          '<saml:Conditions',
          `<saml:Advice>${p.original}</saml:Advice><saml:Conditions`,
        ) +
        s.slice(p.end),
    ],
    [
      'the signed assertion moved into Extensions, the evil one in its place',
      (s: string, p: ReturnType<typeof evilAssertion>) =>
        s
          .slice(0, p.start)
          .replace(
            '<samlp:Status>',
            `<samlp:Extensions>${p.original}</samlp:Extensions><samlp:Status>`,
          ) +
        p.evil +
        s.slice(p.end),
    ],
    [
      'the evil assertion taking the signed one’s ID',
      (s: string, p: ReturnType<typeof evilAssertion>) => {
        const id = /ID="([^"]+)"/.exec(p.original)![1]!;
        return (
          s.slice(0, p.start) +
          p.evil.replace('ID="_evil"', `ID="${id}"`) +
          p.original +
          s.slice(p.end)
        );
      },
    ],
  ])('%s', async (_, wrap) => {
    const { cookie, requestId } = await startLogin();
    const signed = signAssertion(responseXml(fields(requestId)), idpKey);
    const res = await postAcs(wrap(signed, evilAssertion(signed)), cookie);
    expect(res.statusCode).toBe(403);
    expect(sessionCookieOf(res)).toBeUndefined();
    const adminSessions = await deps.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.userId, admin.id));
    expect(adminSessions).toEqual([]);
  });
});

/**
 * Not a redirect (the login form's CSP form-action would stop the browser at the IdP's origin): a page that
 * moves on to the company's SSO URL by itself, with a link to it.
 */
function expectHandOver(res: Awaited<ReturnType<typeof postAcs>>, target: string) {
  expect(res.statusCode).toBe(200);
  expect(res.headers.location).toBeUndefined();
  expect(res.headers.refresh).toBe(`0; url=${target}`);
  expect(res.body).toContain('組織の IdP のログイン画面に移動します。');
  expect(res.body).toContain(`href="${target.replace(/&/g, '&amp;')}"`);
}

describe('email-first login', () => {
  it('sends a member of an SSO company to the IdP, even with a password typed', async () => {
    const res = await postForm(app, '/login', {
      email: member.email,
      password: PASSWORD,
      return_to: '/documents',
    });
    expectHandOver(res, `/sso/${companyId}/login?return_to=%2Fdocuments`);
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('hands a member of an SSO company over to the IdP from step 1 (the email alone)', async () => {
    const res = await postForm(app, '/login', { email: member.email, return_to: '/documents' });
    expectHandOver(res, `/sso/${companyId}/login?return_to=%2Fdocuments`);
    expect(res.body).not.toContain('type="password"');
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('shows the exception admin the password step, then signs them in with the password', async () => {
    const step1 = await postForm(app, '/login', { email: admin.email });
    expect(step1.statusCode).toBe(200);
    expect(step1.headers.refresh).toBeUndefined();
    expect(step1.body).toMatch(
      /autocomplete="username"\s+maxlength="254"\s+value="[^"]+"\s+readonly/,
    );
    expect(step1.body).toContain(`value="${admin.email}"`);
    expect(step1.body).toContain('<label for="password">パスワード</label>');
    const res = await postForm(app, '/login', { email: admin.email, password: PASSWORD });
    expect(res.statusCode).toBe(303);
    expect(sessionCookieOf(res)).toBeTruthy();
  });

  it('sends an unknown address of a JIT domain to the IdP, and refuses it when JIT is off', async () => {
    const email = 'newcomer@corp.example.test';
    const res = await postForm(app, '/login', { email, password: '' });
    expectHandOver(res, `/sso/${companyId}/login`);
    const settings = (await repo.findSettings(deps.database.db, companyId))!;
    await repo.saveSettings(deps.database.db, { ...settings, jitEnabled: false }, now);
    try {
      const { cookie, requestId } = await startLogin();
      const xml = signAssertion(
        responseXml(fields(requestId, { attributes: { [EMAIL_ATTR]: email } })),
        idpKey,
      );
      expectRefused(await postAcs(xml, cookie), 'クラウドサインに登録されていません');
    } finally {
      await repo.saveSettings(deps.database.db, settings, now);
    }
  });

  it('creates nobody by JIT from a login started before SSO was switched off', async () => {
    const email = 'latecomer@corp.example.test';
    const { cookie, requestId } = await startLogin();
    await repo.setEnabled(deps.database.db, companyId, false);
    try {
      // The login page sends this address to nobody's IdP now; the ACS answers by the same rule.
      const login = await postForm(app, '/login', { email });
      expect(login.headers.refresh).toBeUndefined();
      const xml = signAssertion(
        responseXml(fields(requestId, { attributes: { [EMAIL_ATTR]: email } })),
        idpKey,
      );
      expectRefused(await postAcs(xml, cookie), 'クラウドサインに登録されていません');
      const [created] = await deps.database.db.select().from(users).where(eq(users.email, email));
      expect(created).toBeUndefined();
    } finally {
      await repo.setEnabled(deps.database.db, companyId, true);
    }
  });
});

/** The company's newest audit events, oldest first, as the 監査ログ shows them. */
async function lastAuditEvents(n: number) {
  const rows = await deps.database.db
    .select()
    .from(auditEvents)
    .where(eq(auditEvents.companyId, companyId))
    .orderBy(desc(auditEvents.seq))
    .limit(n);
  return rows.reverse().map((row) => ({
    action: row.action,
    actorEmail: row.actorEmail,
    targetId: row.targetId,
    details: row.details,
  }));
}
const lastAuditEvent = async () => (await lastAuditEvents(1))[0];

describe('the audit log and the member’s state', () => {
  it('records a refusal without an actor and a sign-in by the member, both as SSO', async () => {
    const first = await startLogin();
    expectRefused(await postAcs(responseXml(fields(first.requestId)), first.cookie), SIGNATURE);
    expect(await lastAuditEvent()).toEqual({
      action: 'auth.signInFailed',
      actorEmail: '',
      targetId: '',
      details: { method: 'sso', reason: 'signature' },
    });
    const second = await startLogin();
    const res = await postAcs(
      signAssertion(responseXml(fields(second.requestId)), idpKey),
      second.cookie,
    );
    expect(res.statusCode).toBe(303);
    expect(await lastAuditEvent()).toEqual({
      action: 'auth.signIn',
      actorEmail: member.email,
      targetId: member.id,
      details: { method: 'sso' },
    });
  });

  it('ends a deactivated member’s SSO session at the next request and refuses their next SSO sign-in', async () => {
    const who = await makeLoginUser(deps, companyId, { email: 'kotei@corp.example.test' });
    const signIn = async () => {
      const { cookie, requestId } = await startLogin();
      const xml = responseXml(
        fields(requestId, { nameId: who.email, attributes: { [EMAIL_ATTR]: who.email } }),
      );
      return postAcs(signAssertion(xml, idpKey), cookie);
    };
    const session = sessionCookieOf(await signIn());
    expect((await tokenRequest(app, session)).statusCode).toBe(200);
    await deps.database.db.update(users).set({ status: 3 }).where(eq(users.id, who.id));
    expect((await tokenRequest(app, session)).statusCode).toBe(403);
    expectRefused(await signIn(), 'このメンバーはログインできない状態です。');
    expect(await lastAuditEvent()).toEqual({
      action: 'auth.signInFailed',
      actorEmail: who.email,
      targetId: who.id,
      details: { method: 'sso', reason: 'inactive' },
    });
  });

  it('ends a deleted member’s SSO session at the next request', async () => {
    const who = await makeLoginUser(deps, companyId, { email: 'taisha@corp.example.test' });
    const { cookie, requestId } = await startLogin();
    const xml = responseXml(
      fields(requestId, { nameId: who.email, attributes: { [EMAIL_ATTR]: who.email } }),
    );
    const session = sessionCookieOf(await postAcs(signAssertion(xml, idpKey), cookie));
    expect((await tokenRequest(app, session)).statusCode).toBe(200);
    await deps.database.db.delete(sessions).where(eq(sessions.userId, who.id));
    await deps.database.db.delete(users).where(eq(users.id, who.id));
    expect((await tokenRequest(app, session)).statusCode).toBe(403);
  });
});

describe('the IP address restriction at the ACS (SSO scope, then console scope)', () => {
  type Mode = 'enforce' | 'log' | 'off';
  const list = (mode: Mode) => ({
    mode,
    ranges: mode === 'off' ? [] : [{ cidr: '10.0.0.0/8', memo: '本社' }],
  });
  const scopes = (sso: Mode, console: Mode = 'off') => ({
    console: list(console),
    scim: list('off'),
    sso: list(sso),
  });
  let version = 0;
  async function restrict(mode: Mode, console: Mode = 'off') {
    version += 1;
    await saveRestriction(deps.database.db, companyId, scopes(mode, console), version, now);
    forgetCompany(deps.database, companyId);
    forgetRecordedRefusals();
  }
  afterAll(() => restrict('off'));

  it('制限する: a sign-in from outside the list is refused naming the address, with no session', async () => {
    await restrict('enforce');
    const { cookie, requestId } = await startLogin();
    const res = await postAcs(signAssertion(responseXml(fields(requestId)), idpKey), cookie);
    expectRefused(res, 'お使いのIPアドレス（127.0.0.1）からは利用できません');
    expect(await lastAuditEvents(2)).toEqual([
      {
        action: 'ipRestriction.refused',
        actorEmail: member.email,
        targetId: companyId,
        details: { scope: 'sso', ipMode: 'enforce', address: '127.0.0.1', surface: 'sso' },
      },
      {
        action: 'auth.signInFailed',
        actorEmail: member.email,
        targetId: member.id,
        details: { method: 'sso', reason: 'ip_not_allowed' },
      },
    ]);
  });

  it('制限する: no member is made by JIT from outside the list', async () => {
    await restrict('enforce');
    const email = 'outside.jit@corp.example.test';
    const { cookie, requestId } = await startLogin();
    const xml = responseXml(
      fields(requestId, { nameId: email, attributes: { [EMAIL_ATTR]: email } }),
    );
    expectRefused(await postAcs(signAssertion(xml, idpKey), cookie), '127.0.0.1');
    expect(await deps.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('記録のみ: the member signs in and the use is recorded', async () => {
    await restrict('log');
    const { cookie, requestId } = await startLogin();
    const res = await postAcs(signAssertion(responseXml(fields(requestId)), idpKey), cookie);
    expect(res.statusCode).toBe(303);
    expect(sessionCookieOf(res)).toBeDefined();
    expect((await lastAuditEvents(2)).map((e) => e.action)).toEqual([
      'ipRestriction.refused',
      'auth.signIn',
    ]);
  });

  // The session would be refused at its first request: the console list decides the sign-in, as it does a
  // password sign-in's, and no session nor JIT member is made.
  it('the console scope’s 制限する refuses an SSO sign-in from outside its list, SSO scope off', async () => {
    await restrict('off', 'enforce');
    const { cookie, requestId } = await startLogin();
    const res = await postAcs(signAssertion(responseXml(fields(requestId)), idpKey), cookie);
    expectRefused(res, 'お使いのIPアドレス（127.0.0.1）からは利用できません');
    expect(await lastAuditEvents(2)).toEqual([
      {
        action: 'ipRestriction.refused',
        actorEmail: member.email,
        targetId: companyId,
        details: { scope: 'console', ipMode: 'enforce', address: '127.0.0.1', surface: 'sso' },
      },
      {
        action: 'auth.signInFailed',
        actorEmail: member.email,
        targetId: member.id,
        details: { method: 'sso', reason: 'ip_not_allowed' },
      },
    ]);
    const email = 'console.outside.jit@corp.example.test';
    const jit = await startLogin();
    const xml = responseXml(
      fields(jit.requestId, { nameId: email, attributes: { [EMAIL_ATTR]: email } }),
    );
    expectRefused(await postAcs(signAssertion(xml, idpKey), jit.cookie), '127.0.0.1');
    expect(await deps.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('both scopes 記録のみ: the member signs in and each scope records the use once', async () => {
    await restrict('log', 'log');
    const { cookie, requestId } = await startLogin();
    const res = await postAcs(signAssertion(responseXml(fields(requestId)), idpKey), cookie);
    expect(res.statusCode).toBe(303);
    const events = await lastAuditEvents(3);
    expect(events.map((e) => [e.action, (e.details as { scope?: string }).scope])).toEqual([
      ['ipRestriction.refused', 'sso'],
      ['ipRestriction.refused', 'console'],
      ['auth.signIn', undefined],
    ]);
    // The session is then used from the same address under 記録のみ: not refused.
    expect((await tokenRequest(app, sessionCookieOf(res))).statusCode).toBe(200);
  });
});

describe('certificate rollover', () => {
  it('accepts either certificate while both are registered, and only the new one after the old is removed', async () => {
    const newKey = makeKey(730, 'idp-next');
    const db = deps.database.db;
    const before = (await repo.findSettings(db, companyId))!;
    const signedBy = async (key: TestKey) => {
      const { cookie, requestId } = await startLogin();
      return postAcs(signAssertion(responseXml(fields(requestId)), key), cookie);
    };
    try {
      await repo.saveSettings(
        db,
        { ...before, idpCertificates: [idpKey.certB64, newKey.certB64] },
        now,
      );
      expect((await signedBy(idpKey)).statusCode).toBe(303);
      expect((await signedBy(newKey)).statusCode).toBe(303);
      await repo.saveSettings(db, { ...before, idpCertificates: [newKey.certB64] }, now);
      expect((await signedBy(newKey)).statusCode).toBe(303);
      expectRefused(await signedBy(idpKey), SIGNATURE);
    } finally {
      await repo.saveSettings(db, before, now);
    }
  });
});
