/**
 * Provisioning tokens (issue 34, docs/design.md "SCIM provisioning"): named bearer tokens of a company's IdP.
 * The secret is 32 random bytes behind a recognisable prefix, shown once; only its SHA-256 is stored, so the
 * lookup is one index probe and a copy of the table signs nothing in. Up to 5 unrevoked at once (rotation
 * with overlap); creating, first use and revoking are audited.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  PROVISIONING_LOG_DAYS,
  PROVISIONING_TOKEN_PREFIX,
  PROVISIONING_TOKENS_MAX,
  SCIM_BASE_PATH,
  memberLabel,
  type TProvisioningToken,
} from '@cloudsign/contract';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { AppDeps } from '../../deps.ts';
import type { AuthContext } from '../../auth/current-user.ts';
import { auditBy, recordAuditEvent } from '../audit-log/audit-log.record.ts';
import type { RequestOrigin } from '../../lib/http/request-origin.ts';
import * as repo from './provisioning.repository.ts';

type Who = Pick<AuthContext, 'user' | 'origin'>;

export const hashProvisioningSecret = (secret: string) =>
  createHash('sha256').update(secret, 'utf8').digest('hex');

const tokenTarget = (t: { id: string; name: string }) => ({
  type: 'provisioningToken' as const,
  id: t.id,
  name: t.name,
});

const toToken = (r: repo.TokenListRow): TProvisioningToken => ({
  id: r.id,
  name: r.name,
  createdAt: r.createdAt.toISOString(),
  createdBy: r.creatorEmail ? memberLabel({ name: r.creatorName, email: r.creatorEmail }) : '',
  firstUsedAt: r.firstUsedAt?.toISOString() ?? null,
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  revokedAt: r.revokedAt?.toISOString() ?? null,
});

export const scimBaseUrl = (deps: Pick<AppDeps, 'env'>) =>
  `${deps.env.API_URL.replace(/\/+$/, '')}${SCIM_BASE_PATH}`;

export async function findTokens(deps: AppDeps, who: Who) {
  const rows = await repo.listTokens(deps.database.db, who.user.companyId);
  return { tokens: rows.map(toToken), baseUrl: scimBaseUrl(deps) };
}

export async function createToken(deps: AppDeps, who: Who, body: { name: string }) {
  const companyId = who.user.companyId;
  const secret = `${PROVISIONING_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  const id = await deps.database.db.transaction(async (tx) => {
    await repo.lockCompany(tx, companyId);
    if ((await repo.countActiveTokens(tx, companyId)) >= PROVISIONING_TOKENS_MAX) {
      const message = `有効なトークンは${PROVISIONING_TOKENS_MAX}個までです。使わなくなったトークンを無効化してから作成してください。`;
      throw new AppError('invalid_state', message, [{ path: 'name', message }]);
    }
    const now = deps.clock();
    const row = await repo.insertToken(tx, {
      companyId,
      name: body.name,
      tokenHash: hashProvisioningSecret(secret),
      createdBy: who.user.id,
      createdAt: now,
    });
    await recordAuditEvent(tx, {
      ...auditBy(who),
      action: 'provisioning.tokenCreated',
      target: tokenTarget(row),
      occurredAt: now,
    });
    return row.id;
  });
  const row = await repo.findTokenListRow(deps.database.db, companyId, id);
  return { token: toToken(row!), secret };
}

export async function revokeToken(deps: AppDeps, who: Who, id: string) {
  const companyId = who.user.companyId;
  await deps.database.db.transaction(async (tx) => {
    const token = await repo.findToken(tx, companyId, id, true);
    if (!token) throw notFound();
    if (token.revokedAt) throw new AppError('invalid_state', 'このトークンはすでに無効です。');
    const now = deps.clock();
    await repo.revokeToken(tx, id, now);
    await recordAuditEvent(tx, {
      ...auditBy(who),
      action: 'provisioning.tokenRevoked',
      target: tokenTarget(token),
      occurredAt: now,
    });
  });
  const row = await repo.findTokenListRow(deps.database.db, companyId, id);
  return { token: toToken(row!) };
}

export type ScimCaller = { tokenId: string; tokenName: string; companyId: string };

/**
 * The token of a SCIM request: `null` when unknown, `'revoked'` when revoked (both 401). The first use is
 * recorded as an audit event once; later uses only move 最終利用日時 (at most once a minute).
 */
/**
 * 最終利用日時 moves at most once a minute (the UPDATE says so too); remembered here, so that a sync's requests
 * do not each pay the round trip of an UPDATE that changes nothing. Another process touches on its own.
 */
const TOUCH_EVERY_MS = 60_000;
const touchedAt = new Map<string, number>();

/**
 * Requests of one token that arrive while its lookup is under way share that lookup (an IdP's 20 concurrent
 * requests, one statement). Its answer is at most that one round trip older than the request (a revocation
 * committed meanwhile is seen by the next request); nothing is kept once the lookup has answered.
 */
const lookups = new WeakMap<object, Map<string, ReturnType<typeof repo.findTokenByHash>>>();
function lookUpToken(deps: AppDeps, hash: string) {
  let inFlight = lookups.get(deps.database);
  if (!inFlight)
    lookups.set(
      deps.database,
      (inFlight = new Map<string, ReturnType<typeof repo.findTokenByHash>>()),
    );
  const known = inFlight.get(hash);
  if (known) return known;
  const map = inFlight;
  const found = repo.findTokenByHash(deps.database.db, hash).finally(() => map.delete(hash));
  map.set(hash, found);
  return found;
}

export async function authenticateToken(
  deps: AppDeps,
  secret: string,
  origin: RequestOrigin,
): Promise<ScimCaller | null | 'revoked'> {
  if (!secret.startsWith(PROVISIONING_TOKEN_PREFIX) || secret.length > 200) return null;
  const db = deps.database.db;
  const token = await lookUpToken(deps, hashProvisioningSecret(secret));
  if (!token) return null;
  if (token.revokedAt) return 'revoked';
  const now = deps.clock();
  if (!token.firstUsedAt) {
    await db.transaction(async (tx) => {
      if (!(await repo.markFirstUse(tx, token.id, now))) return;
      await recordAuditEvent(tx, {
        companyId: token.companyId,
        actor: { id: token.id, name: token.name, email: '' },
        origin: { ...origin, source: 'SCIM' },
        action: 'provisioning.tokenFirstUsed',
        target: tokenTarget(token),
        occurredAt: now,
      });
    });
  } else if (now.getTime() - (touchedAt.get(token.id) ?? 0) >= TOUCH_EVERY_MS) {
    touchedAt.set(token.id, now.getTime());
    await repo.touchToken(db, token.id, now);
  }
  return { tokenId: token.id, tokenName: token.name, companyId: token.companyId };
}

export async function findLog(deps: AppDeps, who: Who) {
  const since = new Date(deps.clock().getTime() - PROVISIONING_LOG_DAYS * 24 * 3600 * 1000);
  const rows = await repo.listLog(deps.database.db, who.user.companyId, since);
  return {
    entries: rows.map((r) => ({
      id: r.id,
      occurredAt: r.occurredAt.toISOString(),
      tokenName: r.tokenName,
      method: r.method,
      resource: r.resource,
      target: r.target,
      status: r.status,
      detail: r.detail,
    })),
  };
}

export async function pruneProvisioningLog(deps: AppDeps) {
  const before = new Date(deps.clock().getTime() - PROVISIONING_LOG_DAYS * 24 * 3600 * 1000);
  return repo.purgeLog(deps.database.db, before);
}
