/**
 * SCIM Users (RFC 7643 §4.1) on the console's member rules: every write is a call of the member services, so
 * validation, uniqueness, the last-admin guard, invitations and audit events are the console's own.
 * userName = e-mail; 氏名 = familyName + givenName (Japanese order) or displayName; department = 所属.
 */
import { MemberStatus, ZMemberEmail, ZMemberName, ZMemberOrganization } from '@cloudsign/contract';
import type { ScimResource } from 'scim-patch';
import type { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { inOneTransaction } from '../../db/one-transaction.ts';
import { createMember, updateMember } from '../members/members.service.ts';
import { inviterOf } from '../members/member-mappers.ts';
import { queueScimInvitation } from './scim-invitations.ts';
import * as provisioning from './provisioning.repository.ts';
import type { LogRow } from './provisioning.repository.ts';
import * as repo from './scim.repository.ts';
import { userFilterSql } from './scim-filter.sql.ts';
import { ScimError, invalidValue, scimNotFound } from './scim-errors.ts';
import { applyPatch, normalizeOps, scimBool } from './scim-patch-ops.ts';
import { ENTERPRISE_SCHEMA, USER_SCHEMA, listOf } from './scim-schemas.ts';
import { scimDeactivate, scimReactivate } from './scim-status.ts';
import { lockForDeactivation } from './leavers.service.ts';
import { companyUsesSso } from '../sso/sso-routing.service.ts';
import type { ScimWho } from './scim-who.ts';
import { readPaging, type ScimListQuery } from './scim-paging.ts';
import { createTogether, type NewScimUser } from './scim-create-batch.ts';

type Ctx = { deps: AppDeps; who: ScimWho; baseUrl: string };
type UserInput = {
  email?: string;
  name?: string;
  organization?: string;
  externalId?: string | null;
  active?: boolean;
};

/** externalId as the IdP sent it (a string; a number is taken as its digits). */
const externalIdOf = (v: unknown) =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : JSON.stringify(v);
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);

/** 氏名 → SCIM name parts: the first word is the family name (Japanese order), the rest the given name. */
function nameParts(name: string) {
  const [family = '', ...rest] = name.split(/[\s\u3000]+/).filter(Boolean);
  return { formatted: name, familyName: family, givenName: rest.join(' ') };
}

export function toScimUser(r: repo.ScimUserRow, externalId: string | undefined, baseUrl: string) {
  return {
    schemas: [USER_SCHEMA, ENTERPRISE_SCHEMA],
    id: r.id,
    ...(externalId !== undefined ? { externalId } : {}),
    userName: r.email,
    name: nameParts(r.name),
    displayName: r.name,
    emails: [{ value: r.email, type: 'work', primary: true }],
    // A deactivation held by the brake answers as asked: the IdP compares what it sent with this.
    active: r.status !== MemberStatus.Deactivated && !r.held,
    [ENTERPRISE_SCHEMA]: { department: r.organization },
    meta: {
      resourceType: 'User',
      created: r.createdAt.toISOString(),
      lastModified: r.updatedAt.toISOString(),
      location: `${baseUrl}/Users/${r.id}`,
    },
  };
}

function check<T>(schema: z.ZodType<T>, value: unknown): T {
  const r = schema.safeParse(value);
  if (!r.success) throw invalidValue(r.error.issues[0]?.message ?? '値が正しくありません。');
  return r.data;
}

/** 氏名 from what the IdP sent: family + given name when either is there, else displayName, else formatted. */
function nameOf(body: Record<string, unknown>): string | undefined {
  const name = isObject(body.name) ? body.name : {};
  const family = str(name.familyName)?.trim() ?? '';
  const given = str(name.givenName)?.trim() ?? '';
  if (family || given) return [family, given].filter(Boolean).join(' ');
  return str(body.displayName) ?? str(name.formatted);
}

function emailOf(body: Record<string, unknown>): unknown {
  if (body.userName !== undefined) return body.userName;
  const emails = Array.isArray(body.emails) ? (body.emails as unknown[]).filter(isObject) : [];
  const work = emails.find((e) => e.primary === true) ?? emails.find((e) => e.type === 'work');
  return work?.value;
}

/** A User body (POST, PUT) as member fields; keys the IdP left out stay undefined (unchanged). */
export function readUser(body: unknown): UserInput {
  if (!isObject(body))
    throw new ScimError(400, 'リクエストの形式が正しくありません。', 'invalidSyntax');
  const email = emailOf(body);
  const name = nameOf(body);
  const ext = isObject(body[ENTERPRISE_SCHEMA]) ? body[ENTERPRISE_SCHEMA] : undefined;
  return {
    email: email === undefined ? undefined : check(ZMemberEmail, email),
    name: name === undefined ? undefined : check(ZMemberName, name),
    organization:
      ext?.department === undefined ? undefined : check(ZMemberOrganization, ext.department ?? ''),
    externalId:
      body.externalId === undefined
        ? undefined
        : body.externalId === null
          ? null
          : externalIdOf(body.externalId),
    active: scimBool(body.active),
  };
}

const asScimUsers = (ctx: Ctx, rows: repo.ScimUserRow[]) =>
  rows.map((r) => toScimUser(r, r.externalId ?? undefined, ctx.baseUrl));

async function loadUser(ctx: Ctx, id: string) {
  const row = UUID_RE.test(id)
    ? await repo.findUser(ctx.deps.database.db, ctx.who.user.companyId, id)
    : null;
  if (!row) throw scimNotFound();
  return row;
}

/**
 * The list, and its request's line of the provisioning log (`line`, the 200 it will answer) when the page's
 * statement could write it: `isLogged` says so, and the route writes no second one.
 */
export async function listUsers(ctx: Ctx, query: ScimListQuery, line?: LogRow) {
  const { startIndex, count, filter } = readPaging(query);
  const where = filter ? userFilterSql(filter) : undefined;
  const { total, rows, isLogged } = await repo.findUsers(
    ctx.deps.database.db,
    ctx.who.user.companyId,
    where,
    startIndex - 1,
    count,
    line,
  );
  return { list: listOf(asScimUsers(ctx, rows), total, startIndex), isLogged };
}

export async function getUser(ctx: Ctx, id: string) {
  const [user] = asScimUsers(ctx, [await loadUser(ctx, id)]);
  return user!;
}

/**
 * A create is written with the company's other creates of the moment, in one transaction (scim-create-batch.ts),
 * or on its own when that batch fails: the member, his 作成元 and external id, his invitation's job and the
 * audit event commit together, or nothing does (the IdP retries a failed POST). A user sent with
 * `active: false` is created 利用停止 and not invited (a mailed link he could not use); the IdP's reactivation
 * invites him. In a company that requires SSO he is created 有効 and not invited either: he signs in through
 * the IdP at once, as a member JIT creates does (the password an invitation sets he could not use, and the
 * ACS refuses 招待中). `isLogged`: the request's line of the provisioning log was written with the member.
 */
export async function createUser(ctx: Ctx, body: unknown) {
  const input = readUser(body);
  if (!input.email) throw invalidValue('userName（メールアドレス）を指定してください。');
  const user = {
    body: {
      email: input.email,
      name: input.name ?? '',
      furigana: null,
      organization: input.organization ?? '',
      roles: [],
    },
    externalId: input.externalId,
    isDeactivated: input.active === false,
  };
  const { row, isLogged } = await createTogether(ctx.deps, ctx.who, user, () =>
    createAlone(ctx, user),
  );
  return { user: toScimUser(row, row.externalId ?? undefined, ctx.baseUrl), isLogged };
}

/** The create in its own transaction, createMember's: it holds the chain and counts until its commit. */
async function createAlone(ctx: Ctx, user: NewScimUser) {
  const companyId = ctx.who.user.companyId;
  const { id } = await createMember(ctx.deps, ctx.who, user.body, {
    source: 'scim',
    isDeactivated: user.isDeactivated,
    isSsoOnly: await companyUsesSso(ctx.deps, companyId),
    beforeInvite: async (tx, member) => {
      if (user.externalId)
        await provisioning.setExternalId(tx, companyId, 'User', member.id, user.externalId);
    },
    invite: async (tx, member) => {
      await queueScimInvitation(ctx.deps, tx, {
        companyId,
        memberId: member.id,
        inviter: inviterOf(ctx.who),
      });
    },
  });
  return loadUser(ctx, id);
}

/**
 * The member change a PUT or PATCH asks for, in one transaction (fields, external id, 利用停止 or 利用再開,
 * with their audit events); `active` left out never suspends or restores.
 */
async function applyUser(ctx: Ctx, current: repo.ScimUserRow, input: UserInput) {
  const body = {
    ...(input.email !== undefined && input.email !== current.email ? { email: input.email } : {}),
    ...(input.name !== undefined && input.name !== current.name ? { name: input.name } : {}),
    ...(input.organization !== undefined && input.organization !== current.organization
      ? { organization: input.organization }
      : {}),
  };
  const deactivates = input.active === false && current.status !== MemberStatus.Deactivated;
  await inOneTransaction(ctx.deps, async (deps) => {
    const tx = deps.database.db;
    // The company row first, as every deactivation takes it before any member row: locked later, behind
    // the member row the update holds, it could deadlock with another deactivation.
    if (deactivates) await lockForDeactivation(tx, ctx.who.user.companyId);
    if (Object.keys(body).length > 0)
      await updateMember(deps, ctx.who, current.id, body, { kind: 'any' });
    if (input.externalId !== undefined)
      await provisioning.setExternalId(
        tx,
        ctx.who.user.companyId,
        'User',
        current.id,
        input.externalId,
      );
    if (input.active === false) await scimDeactivate(deps, ctx.who, current);
    if (input.active === true) await scimReactivate(deps, ctx.who, current);
  });
  return getUser(ctx, current.id);
}

export async function replaceUser(ctx: Ctx, id: string, body: unknown) {
  const current = await loadUser(ctx, id);
  return applyUser(ctx, current, readUser(body));
}

export async function patchUser(ctx: Ctx, id: string, body: unknown) {
  const current = await loadUser(ctx, id);
  const before = await getUser(ctx, id);
  const ops = normalizeOps(body);
  const resource = {
    ...before,
    meta: { ...before.meta, created: current.createdAt, lastModified: current.updatedAt },
  };
  const after = applyPatch(resource as unknown as ScimResource, ops) as unknown as Record<
    string,
    unknown
  >;
  const b = before as unknown as Record<string, unknown>;
  const changed = (key: string) => JSON.stringify(after[key]) !== JSON.stringify(b[key]);
  const input: Record<string, unknown> = {};
  if (changed('userName')) input.userName = after.userName;
  else if (changed('emails')) input.emails = after.emails;
  if (changed('name')) input.name = after.name;
  else if (changed('displayName')) input.displayName = after.displayName;
  if (changed(ENTERPRISE_SCHEMA)) input[ENTERPRISE_SCHEMA] = after[ENTERPRISE_SCHEMA];
  if (changed('externalId')) input.externalId = after.externalId ?? null;
  // Any operation naming active counts, even one that leaves it as it was (Entra resends state).
  if (ops.some((o) => o.path?.toLowerCase() === 'active')) input.active = after.active;
  return applyUser(ctx, current, readUser(input));
}

/** DELETE deactivates (利用停止), never deletes: documents and cabinets stay with the member (docs/decisions.md). */
export async function deleteUser(ctx: Ctx, id: string) {
  const current = await loadUser(ctx, id);
  await scimDeactivate(ctx.deps, ctx.who, current);
}
