/**
 * Signing in through a company's IdP (docs/design.md "Single sign-on"): starting an SP-initiated request bound
 * to this browser, and consuming the IdP's response at the ACS. Every refusal leaves through `refuse`, the one
 * place an audit record of SSO refusals belongs.
 */
import type { TSsoTestResult } from '@cloudsign/contract';
import type { Profile } from '@node-saml/node-saml';
import type { AppDeps } from '../../deps.ts';
import { hashToken, newOpaqueToken } from '../../auth/tokens.ts';
import { createSession } from '../../auth/sessions.ts';
import { recordLastSignIn } from '../../auth/last-sign-in.repository.ts';
import { isRepeatedUnnamedRefusal } from '../../auth/event-bounds.ts';
import * as repo from './sso.repository.ts';
import * as domains from './sso-domains.repository.ts';
import { authorizeUrl, REQUEST_TTL_MS, SamlRefusal, spIds, validateResponse } from './sso-saml.ts';
import { isValidJitEmail, jitName, readMember } from './sso-attributes.ts';
import { ssoChangeFlag } from './sso-change-watch.ts';
import { jitCompanyFor } from './sso-routing.service.ts';
import { recordConnectionTest } from './sso-test-audit.ts';
import { changes, recordAuditEvent } from '../audit-log/audit-log.record.ts';
import type { RequestOrigin } from '../../lib/http/request-origin.ts';
import { refusedSignInFrom } from '../ip-restriction/sign-in-scopes.ts';
import { ipRefusedMessage, memberLabel, ownValue, showInvisible } from '@cloudsign/contract';

export type SsoPurpose = 'login' | 'test';
export type SsoOutcome =
  | {
      kind: 'signed_in';
      userId: string;
      returnTo: string;
      session: { cookie: string; expiresAt: Date };
    }
  | { kind: 'tested'; returnTo: string }
  | { kind: 'refused'; reason: string; message: string };

const MESSAGES: Record<string, string> = {
  not_configured: 'この組織ではシングルサインオン（SSO）が設定されていません。',
  no_request:
    'ログインの要求が見つからないか、有効期限（10分）が切れています。ログイン画面からもう一度お試しください。',
  signature:
    'IdP からの応答の署名を確認できませんでした。登録されている証明書で署名された応答だけを受け付けます。',
  audience: 'IdP からの応答が、この組織のクラウドサイン宛てではありません。',
  destination: 'IdP からの応答の送信先（Destination）が、この組織のクラウドサインと一致しません。',
  recipient: 'IdP からの応答の受信者（Recipient）が、この組織のクラウドサインと一致しません。',
  time: 'IdP からの応答の有効期限が切れているか、まだ有効になっていません。もう一度お試しください。',
  in_response_to:
    'IdP からの応答が、このブラウザから送ったログインの要求に対応していません。ログイン画面からもう一度お試しください。',
  issuer: 'IdP からの応答の発行者が、登録されている IdP と一致しません。',
  replay: 'この IdP からの応答はすでに使われています。ログイン画面からもう一度お試しください。',
  idp_status: 'IdP でログインが完了しませんでした。IdP の画面をご確認ください。',
  malformed: 'IdP からの応答を読み取れませんでした。',
  no_email:
    'IdP からの応答にメールアドレスが含まれていません。組織の管理者に属性の設定をご確認ください。',
  other_company: 'このメールアドレスは別の組織のメンバーです。組織の管理者にお問い合わせください。',
  unknown_member:
    'このメールアドレスのメンバーはクラウドサインに登録されていません。組織の管理者にメンバーの追加を依頼してください。',
  inactive: 'このメンバーはログインできない状態です。組織の管理者にお問い合わせください。',
};

type Ctx = { companyId: string; origin?: RequestOrigin; purpose?: SsoPurpose };
type Account = { id: string; name: string; email: string; roles?: string[] | null };

/**
 * The one exit for refusals: an audit event in the company whose ACS was posted to (the member as actor when
 * the response named one of theirs), and the Japanese page's message. The library's own words stay in the log.
 */
async function refuse(
  deps: AppDeps,
  ctx: Ctx,
  reason: string,
  detail?: string,
  account?: Account,
): Promise<SsoOutcome> {
  deps.logger.info({ companyId: ctx.companyId, reason, detail }, 'sso sign-in refused');
  // Without settings the id may name no company at all: nobody's log to write to. A refusal naming no member
  // can be posted by anyone, unlimited: recorded a bounded number of times a minute (the log above keeps all).
  const now = deps.clock();
  const isSkipped =
    reason === 'not_configured' ||
    (!account && (await isRepeatedUnnamedRefusal(deps.database.db, ctx.companyId, reason, now)));
  if (!isSkipped)
    await recordAuditEvent(deps.database.db, {
      occurredAt: now,
      companyId: ctx.companyId,
      actor: account ? { id: account.id, name: account.name, email: account.email } : null,
      origin: ctx.origin,
      action: 'auth.signInFailed',
      target: account && { type: 'member', id: account.id, name: memberLabel(account) },
      details: { method: 'sso', reason, ...(ctx.purpose === 'test' && { connectionTest: true }) },
    });
  return { kind: 'refused', reason, message: ownValue(MESSAGES, reason) ?? MESSAGES.malformed! };
}

/**
 * The company's IP address restriction, decided before a session or a JIT member is made: the SSO scope, then
 * the console scope the session will be used under (sign-in-scopes.ts). Under 制限する a sign-in from outside
 * a list is refused with the address named (記録のみ records the use and goes on).
 */
async function refuseOutsideAllowedAddresses(
  deps: AppDeps,
  ctx: Ctx,
  account: Account | null,
): Promise<SsoOutcome | null> {
  const actor = account && { id: account.id, name: account.name, email: account.email };
  const address = await refusedSignInFrom(
    deps,
    { companyId: ctx.companyId, actor, origin: ctx.origin },
    'sso',
  );
  if (address === null) return null;
  await refuse(deps, ctx, 'ip_not_allowed', address, account ?? undefined);
  return { kind: 'refused', reason: 'ip_not_allowed', message: ipRefusedMessage(address) };
}

/**
 * The session and its auth.signIn event commit together (as the password sign-in's do), so the log never names
 * a sign-in whose session was not made, nor a session without its event.
 */
async function signedIn(
  deps: AppDeps,
  ctx: Ctx,
  account: Account,
  returnTo: string,
  jit = false,
): Promise<SsoOutcome> {
  const flag = await ssoChangeFlag(deps.database.db, ctx.companyId, account, deps.clock());
  const session = await deps.database.db.transaction(async (tx) => {
    const made = await createSession(tx, account.id, true, deps.clock(), true, ctx.origin);
    await recordAuditEvent(tx, {
      companyId: ctx.companyId,
      actor: { id: account.id, name: account.name, email: account.email },
      origin: ctx.origin,
      action: 'auth.signIn',
      target: { type: 'member', id: account.id, name: memberLabel(account) },
      details: { method: 'sso', ...(jit && { createdByJit: true }), ...flag },
    });
    await recordLastSignIn(tx, account.id, deps.clock());
    return made;
  });
  return { kind: 'signed_in', userId: account.id, returnTo, session };
}

export async function startSignIn(
  deps: AppDeps,
  companyId: string,
  input: { purpose: SsoPurpose; returnTo: string; userId?: string },
) {
  const db = deps.database.db;
  const settings = await repo.findSettings(db, companyId);
  if (!settings) return null;
  const { url, requestId } = await authorizeUrl(
    spIds(deps.env.SITE_URL, companyId),
    settings,
    deps.clock,
  );
  const browserToken = newOpaqueToken();
  const now = deps.clock();
  await repo.saveRequest(
    db,
    {
      browser: hashToken(browserToken),
      requestId,
      companyId,
      purpose: input.purpose,
      returnTo: input.returnTo,
      userId: input.userId ?? null,
      expiresAt: new Date(now.getTime() + REQUEST_TTL_MS),
      createdAt: now,
    },
    now,
  );
  return { url, browserToken };
}

export async function consumeResponse(
  deps: AppDeps,
  companyId: string,
  browserToken: string | undefined,
  samlResponse: string,
  origin?: RequestOrigin,
): Promise<SsoOutcome> {
  const db = deps.database.db;
  const now = deps.clock();
  const ctx: Ctx = { companyId, origin };
  const settings = await repo.findSettings(db, companyId);
  if (!settings) return refuse(deps, ctx, 'not_configured');
  const request = browserToken
    ? await repo.takeRequest(db, hashToken(browserToken), companyId, now)
    : null;
  if (!request) return refuse(deps, ctx, 'no_request');
  const purpose = request.purpose as SsoPurpose;
  ctx.purpose = purpose;
  let valid;
  try {
    valid = await validateResponse(
      spIds(deps.env.SITE_URL, companyId),
      settings,
      samlResponse,
      request.requestId,
      deps.clock,
    );
  } catch (e) {
    if (e instanceof SamlRefusal) return refuse(deps, ctx, e.reason, e.message);
    throw e;
  }
  const keepUntil = new Date(
    Math.max(valid.notOnOrAfter?.getTime() ?? 0, now.getTime()) + 24 * 3600 * 1000,
  );
  if (!(await repo.consumeAssertion(db, companyId, valid.assertionId, keepUntil, now)))
    return refuse(deps, ctx, 'replay');

  const read = readMember(settings, valid.profile);
  if (purpose === 'test') {
    await recordTest(deps, settings, read, { testedBy: request.userId, origin });
    return { kind: 'tested', returnTo: request.returnTo };
  }
  if (!read.email) return refuse(deps, ctx, 'no_email');
  const user = await repo.findUserByEmail(db, read.email);
  // Another company's member is not named in this company's log.
  if (user && user.companyId !== companyId) return refuse(deps, ctx, 'other_company');
  const ipRefused = await refuseOutsideAllowedAddresses(deps, ctx, user);
  if (ipRefused) return ipRefused;
  if (user) {
    if (user.status !== 1 && user.status !== 2)
      return refuse(deps, ctx, 'inactive', undefined, user);
    return signedIn(deps, ctx, user, request.returnTo);
  }
  // The rule the login page routed the address by (its domain verified here, SSO, the plan and JIT on).
  if (!isValidJitEmail(read) || (await jitCompanyFor(deps, read.email)) !== companyId)
    return refuse(deps, ctx, 'unknown_member');
  const created = await createJitMember(deps, ctx, {
    companyId,
    email: read.email,
    name: jitName(read),
    organization: read.organization,
    groupIds: settings.jitGroupIds,
  });
  return signedIn(deps, ctx, created, request.returnTo, true);
}

/** The member, their default groups and the audit event of their creation commit together. */
async function createJitMember(
  deps: AppDeps,
  ctx: Ctx,
  m: Parameters<typeof repo.createJitMember>[1],
) {
  return deps.database.db.transaction(async (tx) => {
    const row = await repo.createJitMember(tx, m, deps.clock());
    await recordAuditEvent(tx, {
      companyId: m.companyId,
      // Nobody acted in the console: the IdP's first sign-in created them (JIT provisioning).
      actor: null,
      origin: ctx.origin,
      action: 'member.created',
      target: { type: 'member', id: row.id, name: memberLabel(row) },
      details: {
        ...changes({ name: '', email: '', organization: '' }, row, [
          'name',
          'email',
          'organization',
        ]),
        createdByJit: true,
      },
    });
    return row;
  });
}

async function recordTest(
  deps: AppDeps,
  settings: repo.SsoSettingsRow,
  read: ReturnType<typeof readMember>,
  by: { testedBy: string | null; origin?: RequestOrigin },
) {
  const db = deps.database.db;
  const user = read.email ? await repo.findUserByEmail(db, read.email) : null;
  const member = user && user.companyId === settings.companyId ? user : null;
  const domain = read.email.split('@')[1] ?? '';
  const claim = domain ? await domains.findDomainByName(db, settings.companyId, domain) : null;
  const jit = settings.jitEnabled && !!claim?.verifiedAt;
  const message = !read.email
    ? MESSAGES.no_email!
    : member
      ? `${member.name}（${member.email}）としてログインします。`
      : user
        ? MESSAGES.other_company!
        : jit
          ? 'このメールアドレスのメンバーはまだいません。初回ログイン時に JIT プロビジョニングで作成されます。'
          : settings.jitEnabled && claim
            ? `ドメイン「${domain}」はまだ確認されていないため、このメールアドレスのメンバーは JIT プロビジョニングで作成されません。SSO設定の「ドメイン」で TXT レコードを確認してください。`
            : MESSAGES.unknown_member!;
  const result: TSsoTestResult = {
    at: deps.clock().toISOString(),
    ok: !!read.email && (!user || !!member),
    message,
    attributes: read.attributes,
    email: showInvisible(read.email),
    member: member && { id: member.id, name: member.name, email: member.email },
  };
  const company = await repo.findCompany(db, settings.companyId);
  await db.transaction(async (tx) => {
    await repo.saveSettings(tx, { ...settings, lastTest: result }, deps.clock());
    const { companyId } = settings;
    await recordConnectionTest(tx, companyId, company?.name ?? '', by.testedBy, by.origin, result);
  });
}

export type { Profile };
