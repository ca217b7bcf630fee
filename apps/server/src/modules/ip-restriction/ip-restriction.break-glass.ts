/**
 * Break-glass (docs/design.md "IP address restriction"): a company admin refused by his own company's console
 * list asks, from the refusal page, for a link mailed to his address. The link is signed (see below), valid
 * LIFT_LINK_MINUTES, and names the admin and the restriction's version: following it (a confirmation page, then a POST, so a mail scanner's GET lifts nothing) sets the
 * console mode to 無効, which moves the version on, so the link works once. Sending is bounded by the mail
 * limits (3 a day per address, 20 per company); requesting and lifting are audited.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppDeps } from '../../deps.ts';
import type { KeySet } from '../../auth/signing-keys.ts';
import { reserveMail } from '../../auth/mail-limits.ts';
import { quotedFields } from '../../lib/mail-quote.ts';
import { recordAuditEvent } from '../audit-log/audit-log.record.ts';
import type { RequestOrigin } from '../../lib/http/request-origin.ts';
import { findCompany } from '../company-settings/company-settings.service.ts';
import * as repo from './ip-restriction.repository.ts';
import { forgetCompany, scopesOf } from './ip-restriction.cache.ts';

export const LIFT_LINK_MINUTES = 30;
export const LIFT_MAIL_SUBJECT = '【クラウドサイン】IPアドレス制限の解除リンク';
/**
 * The link's token is short (it sits in a path segment, which the site caps at 100 characters): the admin's id,
 * the version it lifts and its expiry (24 bytes), then 16 bytes of HMAC-SHA256 over them. The HMAC key is the
 * site's Ed25519 signature of a fixed label: deterministic, the same on every process, and known only to
 * holders of the signing key.
 */
const KEY_LABEL = 'cloudsign ip-restriction lift link key v1';
const macKeys = new WeakMap<KeySet['privateKey'], Promise<Buffer>>();
const macKeyOf = (deps: AppDeps) => {
  let k = macKeys.get(deps.keys.privateKey);
  if (!k) {
    k = crypto.subtle
      .sign('Ed25519', deps.keys.privateKey, new TextEncoder().encode(KEY_LABEL))
      .then((sig) => Buffer.from(sig));
    macKeys.set(deps.keys.privateKey, k);
  }
  return k;
};
const mac = async (deps: AppDeps, payload: Buffer) =>
  createHmac('sha256', await macKeyOf(deps))
    .update(payload)
    .digest()
    .subarray(0, 16);

type Claims = { userId: string; version: number };
type Admin = { id: string; name: string; email: string; companyId: string; roles: string[] };

async function signLiftLink(deps: AppDeps, claims: Claims) {
  const payload = Buffer.alloc(24);
  Buffer.from(claims.userId.replaceAll('-', ''), 'hex').copy(payload, 0);
  payload.writeUInt32BE(claims.version, 16);
  payload.writeUInt32BE(Math.floor(deps.clock().getTime() / 1000) + LIFT_LINK_MINUTES * 60, 20);
  const token = `${payload.toString('base64url')}${(await mac(deps, payload)).toString('base64url')}`;
  return `${deps.env.SITE_URL}/ip_restriction/lift/${token}`;
}

/** The link's claims, or null for any token that is not a live lift link of this site. */
export async function verifyLiftToken(deps: AppDeps, token: string): Promise<Claims | null> {
  if (!/^[\w-]{54}$/.test(token)) return null;
  const payload = Buffer.from(token.slice(0, 32), 'base64url');
  const given = Buffer.from(token.slice(32), 'base64url');
  if (payload.length !== 24 || given.length !== 16) return null;
  if (!timingSafeEqual(given, await mac(deps, payload))) return null;
  if (payload.readUInt32BE(20) * 1000 <= deps.clock().getTime()) return null;
  const hex = payload.subarray(0, 16).toString('hex');
  const userId = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { userId, version: payload.readUInt32BE(16) };
}

export type LiftRequestOutcome =
  'sent' | 'not_admin' | 'not_restricted' | 'limit_recipient' | 'limit_company';

/** Mails the admin his link, when he is an admin of a company whose console list is enforced. */
export async function requestLift(
  deps: AppDeps,
  admin: Admin,
  origin: RequestOrigin,
): Promise<LiftRequestOutcome> {
  if (!admin.roles.includes('CompanyAdmin')) return 'not_admin';
  const now = deps.clock();
  const result = await deps.database.db.transaction(async (tx) => {
    const row = await repo.selectRestriction(tx, admin.companyId);
    const company = await findCompany(tx, admin.companyId);
    if (!row || !company || scopesOf(row.scopes).console.mode !== 'enforce')
      return 'not_restricted' as const;
    const refused = await reserveMail(tx, admin.companyId, admin.email, 'ipRestrictionLift', now);
    await recordAuditEvent(tx, {
      companyId: admin.companyId,
      actor: { id: admin.id, name: admin.name, email: admin.email },
      origin,
      action: 'ipRestriction.liftRequested',
      target: { type: 'company', id: company.id, name: company.name },
      details: { email: admin.email, mailed: refused === null },
    });
    if (refused) return refused === 'recipient' ? 'limit_recipient' : 'limit_company';
    return { version: row.version, companyName: company.name };
  });
  if (typeof result === 'string') return result;
  const link = await signLiftLink(deps, { userId: admin.id, version: result.version });
  await deps.mailer.send({
    to: admin.email,
    subject: LIFT_MAIL_SUBJECT,
    text: [
      'IPアドレス制限の解除リンクをお送りします。',
      '',
      ...quotedFields([
        ['企業名', result.companyName],
        ['申請した管理者', admin.name],
        ['申請元のIPアドレス', origin.ip],
      ]),
      '',
      `次のリンクを開き、「IPアドレス制限を解除する」を押すと、コンソールのIPアドレス制限が「無効」になります。`,
      `リンクの有効期限は${LIFT_LINK_MINUTES}分で、1回だけ使えます。解除は監査ログに記録されます。`,
      '',
      link,
      '',
      'この申請にお心当たりがない場合は、リンクを開かずに、組織のほかの管理者にお知らせください。',
      '',
      '---',
      'クラウドサイン',
    ].join('\n'),
  });
  return 'sent';
}

export type LiftOutcome = 'lifted' | 'invalid' | 'used';

/** Lifts the console restriction (mode → 無効) once, for an admin who is still one. */
export async function liftRestriction(
  deps: AppDeps,
  token: string,
  origin: RequestOrigin,
): Promise<LiftOutcome> {
  const claims = await verifyLiftToken(deps, token);
  if (!claims) return 'invalid';
  const companyId = await repo.selectCompanyOfUser(deps.database.db, claims.userId);
  if (!companyId) return 'invalid';
  const outcome = await deps.database.db.transaction(async (tx) => {
    const company = await findCompany(tx, companyId, { forUpdate: true });
    const row = await repo.selectRestriction(tx, companyId, { forUpdate: true });
    if (!company || !row) return 'invalid' as const;
    if (row.version !== claims.version) return 'used' as const;
    const admin = await repo.selectActiveAdmin(tx, companyId, claims.userId);
    if (!admin) return 'invalid' as const;
    const scopes = scopesOf(row.scopes);
    const before = scopes.console.mode;
    await repo.saveRestriction(
      tx,
      companyId,
      { ...scopes, console: { ...scopes.console, mode: 'off' } },
      row.version + 1,
      deps.clock(),
    );
    await recordAuditEvent(tx, {
      companyId,
      actor: admin,
      origin,
      action: 'ipRestriction.lifted',
      target: { type: 'company', id: company.id, name: company.name },
      details: { consoleMode: { before, after: 'off' }, via: 'mailLink' },
    });
    return 'lifted' as const;
  });
  if (outcome === 'lifted') forgetCompany(deps.database, companyId);
  return outcome;
}
