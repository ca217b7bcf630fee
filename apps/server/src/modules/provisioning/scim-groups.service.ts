/**
 * SCIM Groups (RFC 7643 §4.2) are member groups (type 0; 「すべてのメンバー」 is never shown). Writes go through
 * the member-group services: names unique in the company, memberships changed and audited as in the console.
 */
import { MEMBER_GROUP_USERS_MAX, ZMemberGroupName } from '@cloudsign/contract';
import type { ScimResource } from 'scim-patch';
import type { AppDeps } from '../../deps.ts';
import { inOneTransaction } from '../../db/one-transaction.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  changeMemberships,
  createGroup as createMemberGroup,
  deleteGroup as deleteMemberGroup,
  updateGroup,
} from '../member-groups/member-groups.service.ts';
import * as provisioning from './provisioning.repository.ts';
import * as repo from './scim.repository.ts';
import { groupFilterSql } from './scim-filter.sql.ts';
import { ScimError, invalidValue, scimNotFound } from './scim-errors.ts';
import { applyPatch, normalizeOps } from './scim-patch-ops.ts';
import { GROUP_SCHEMA, listOf } from './scim-schemas.ts';
import { excludesMembers, readPaging, type ScimListQuery } from './scim-paging.ts';
import type { ScimWho } from './scim-who.ts';

type Ctx = { deps: AppDeps; who: ScimWho; baseUrl: string };
type Member = { value: string; display?: string };

/** externalId as the IdP sent it (a string; a number is taken as its digits). */
const externalIdOf = (v: unknown) =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : JSON.stringify(v);
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function toScimGroup(
  r: repo.ScimGroupRow,
  externalId: string | undefined,
  members: Member[] | undefined,
  baseUrl: string,
) {
  return {
    schemas: [GROUP_SCHEMA],
    id: r.id,
    ...(externalId !== undefined ? { externalId } : {}),
    displayName: r.name,
    ...(members ? { members } : {}),
    meta: {
      resourceType: 'Group',
      created: r.createdAt.toISOString(),
      lastModified: r.updatedAt.toISOString(),
      location: `${baseUrl}/Groups/${r.id}`,
    },
  };
}

async function present(ctx: Ctx, rows: repo.ScimGroupRow[], withMembers: boolean) {
  const db = ctx.deps.database.db;
  const ids = rows.map((r) => r.id);
  const external = await provisioning.externalIdsOf(db, ctx.who.user.companyId, 'Group', ids);
  const members = new Map<string, Member[]>();
  if (withMembers)
    for (const m of await repo.membersOfGroups(db, ids)) {
      const list = members.get(m.groupId) ?? [];
      list.push({ value: m.id, display: m.name || m.email });
      members.set(m.groupId, list);
    }
  return rows.map((r) =>
    toScimGroup(
      r,
      external.get(r.id),
      withMembers ? (members.get(r.id) ?? []) : undefined,
      ctx.baseUrl,
    ),
  );
}

async function loadGroup(ctx: Ctx, id: string) {
  const row = UUID_RE.test(id)
    ? await repo.findGroup(ctx.deps.database.db, ctx.who.user.companyId, id)
    : null;
  if (!row) throw scimNotFound();
  return row;
}

export async function listGroups(ctx: Ctx, query: ScimListQuery) {
  const { startIndex, count, filter } = readPaging(query);
  const where = filter ? groupFilterSql(filter) : undefined;
  const { total, rows } = await repo.findGroups(
    ctx.deps.database.db,
    ctx.who.user.companyId,
    where,
    startIndex - 1,
    count,
  );
  return listOf(await present(ctx, rows, !excludesMembers(query)), total, startIndex);
}

export async function getGroup(ctx: Ctx, id: string, query: ScimListQuery = {}) {
  const [group] = await present(ctx, [await loadGroup(ctx, id)], !excludesMembers(query));
  return group!;
}

function memberIdsOf(value: unknown): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) throw invalidValue('members は配列で指定してください。');
  return value.map((m) => {
    const id = isObject(m) ? m.value : undefined;
    if (typeof id !== 'string' || !UUID_RE.test(id))
      throw invalidValue(`メンバー ${String(id)} が見つかりません。`);
    return id;
  });
}

/** Members added or removed in batches of the console's limit; an unknown member is the IdP's error (400). */
async function changeMembers(ctx: Ctx, id: string, ids: string[], action: 'add' | 'remove') {
  for (let i = 0; i < ids.length; i += MEMBER_GROUP_USERS_MAX) {
    try {
      await changeMemberships(
        ctx.deps,
        ctx.who,
        id,
        ids.slice(i, i + MEMBER_GROUP_USERS_MAX),
        action,
      );
    } catch (err) {
      if (err instanceof AppError && err.code === 'not_found' && err.details?.length)
        throw invalidValue('ご指定のメンバーが見つかりませんでした。');
      throw err;
    }
  }
}

function nameOf(value: unknown) {
  const r = ZMemberGroupName.safeParse(value);
  if (!r.success)
    throw invalidValue(r.error.issues[0]?.message ?? 'displayName が正しくありません。');
  return r.data;
}

export async function createGroup(ctx: Ctx, body: unknown) {
  if (!isObject(body))
    throw new ScimError(400, 'リクエストの形式が正しくありません。', 'invalidSyntax');
  const name = nameOf(body.displayName);
  const members = memberIdsOf(body.members);
  // One transaction: a member the IdP named that is not there leaves no group behind.
  const id = await inOneTransaction(ctx.deps, async (deps) => {
    const group = await createMemberGroup(deps, ctx.who, { name, note: '' });
    if (typeof body.externalId === 'string')
      await provisioning.setExternalId(
        deps.database.db,
        ctx.who.user.companyId,
        'Group',
        group.id,
        body.externalId,
      );
    if (members.length > 0) await changeMembers({ ...ctx, deps }, group.id, members, 'add');
    return group.id;
  });
  return getGroup(ctx, id);
}

/** The group as the IdP wants it (PUT: exactly the members named), in one transaction. */
const applyGroup = (
  ctx: Ctx,
  current: repo.ScimGroupRow,
  next: { name?: string; externalId?: string | null; members?: string[] },
  before: string[],
) => inOneTransaction(ctx.deps, (deps) => applyGroupIn({ ...ctx, deps }, current, next, before));

async function applyGroupIn(
  ctx: Ctx,
  current: repo.ScimGroupRow,
  next: { name?: string; externalId?: string | null; members?: string[] },
  before: string[],
) {
  if (next.name !== undefined && next.name !== current.name)
    await updateGroup(ctx.deps, ctx.who, current.id, { name: next.name }, { kind: 'any' });
  if (next.externalId !== undefined)
    await provisioning.setExternalId(
      ctx.deps.database.db,
      ctx.who.user.companyId,
      'Group',
      current.id,
      next.externalId,
    );
  if (next.members) {
    const want = new Set(next.members);
    const had = new Set(before);
    const added = [...want].filter((m) => !had.has(m));
    const removed = before.filter((m) => !want.has(m));
    if (added.length > 0) await changeMembers(ctx, current.id, added, 'add');
    if (removed.length > 0) await changeMembers(ctx, current.id, removed, 'remove');
  }
}

export async function replaceGroup(ctx: Ctx, id: string, body: unknown) {
  const current = await loadGroup(ctx, id);
  if (!isObject(body))
    throw new ScimError(400, 'リクエストの形式が正しくありません。', 'invalidSyntax');
  const before = (await repo.membersOfGroups(ctx.deps.database.db, [id])).map((m) => m.id);
  await applyGroup(
    ctx,
    current,
    {
      name: body.displayName === undefined ? undefined : nameOf(body.displayName),
      externalId:
        body.externalId === undefined
          ? undefined
          : body.externalId === null
            ? null
            : externalIdOf(body.externalId),
      members: body.members === undefined ? undefined : memberIdsOf(body.members),
    },
    before,
  );
  return getGroup(ctx, id);
}

export async function patchGroup(ctx: Ctx, id: string, body: unknown) {
  const current = await loadGroup(ctx, id);
  const ops = normalizeOps(body);
  const before = await getGroup(ctx, id);
  const beforeIds = (before.members ?? []).map((m) => m.value);
  const resource = {
    ...before,
    members: (before.members ?? []).map((m) => ({ value: m.value })),
    meta: { ...before.meta, created: current.createdAt, lastModified: current.updatedAt },
  };
  const after = applyPatch(resource as unknown as ScimResource, ops) as unknown as Record<
    string,
    unknown
  >;
  await applyGroup(
    ctx,
    current,
    {
      name: after.displayName === before.displayName ? undefined : nameOf(after.displayName),
      externalId:
        after.externalId === before.externalId
          ? undefined
          : typeof after.externalId === 'string'
            ? after.externalId
            : null,
      members: memberIdsOf(after.members ?? []),
    },
    beforeIds,
  );
  return getGroup(ctx, id);
}

export async function deleteGroup(ctx: Ctx, id: string) {
  await loadGroup(ctx, id);
  await deleteMemberGroup(ctx.deps, ctx.who, id);
}
