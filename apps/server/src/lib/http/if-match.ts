/**
 * Saves that name the version they were based on (docs/decisions.md, "Saves name the version they were based
 * on"). An entry with `ifMatch` in the contract gets `IF_MATCH_HEADERS` as its header schema (routeOf), which
 * documents the header and marks the route; `readIfMatchOn` (an onRoute hook of the api) parses the header once
 * and keeps it on the request. The route hands it to the service with `expectedVersion`; the service checks
 * what it checks first (403, 404), locks the row in its transaction and compares with `assertVersion`, which
 * refuses a request that named no version (428) and a stale one (409), so the refusals come in the order
 * 401 → 403 → 404 → 400 → 428 → 409 and of two saves on the same version exactly one is written; the write
 * moves the version on with `nextVersion`, never to the same millisecond.
 */
import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { FastifyRequest, RouteOptions } from 'fastify';
import { AppError } from '../app-error.ts';

/**
 * What the request says it was based on: one version, `*` (whatever is stored now, on purpose), or nothing
 * (no If-Match, or one that names no single version), which `assertVersion` refuses.
 */
export type ExpectedVersion =
  { kind: 'any' } | { kind: 'version'; version: string } | { kind: 'none' };

// Declaration merging needs an interface.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyRequest {
    /** The If-Match of a versioned save, parsed once by `readIfMatchOn`. */
    ifMatch?: ExpectedVersion;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

/** The header schema of a versioned save; loose, so every other header stays on the request. */
export const IF_MATCH_HEADERS = z.looseObject({
  'if-match': z
    .string()
    .optional()
    .describe(
      '必須。保存のもとになった内容の版: 読み込んだときの updatedAt（または version）を引用符で囲んだ値（例: "2026-11-28T03:00:00.000Z"）。' +
        '古い版なら 409 stale_version、指定がなければ 428 version_required。',
    ),
});

/** The entity tag inside an If-Match value: `"v"`, `W/"v"` or a bare `v`; `*` is any version. */
export function parseIfMatch(header: string | undefined): ExpectedVersion {
  const value = header?.trim();
  if (!value) return NONE;
  if (value === '*') return { kind: 'any' };
  // One tag: a list ("a", "b") is not something the console sends, and would make "which version" ambiguous.
  const m = /^(?:W\/)?"([^"]*)"$/.exec(value) ?? /^([^",\s]+)$/.exec(value);
  return m?.[1] ? { kind: 'version', version: m[1] } : NONE;
}

const NONE: ExpectedVersion = { kind: 'none' };

/** The expected version of a versioned save, as `readIfMatchOn` parsed it; refused later by `assertVersion`. */
export function expectedVersion(request: FastifyRequest): ExpectedVersion {
  return request.ifMatch ?? NONE;
}

/**
 * Refuses the save that names no version (428) or one that is not the stored one (409). `current` as reads
 * answer it. Called by the service after its own permission and existence checks.
 */
export function assertVersion(expected: ExpectedVersion, current: string | number | Date): void {
  if (expected.kind === 'none') throw new AppError('version_required');
  if (expected.kind === 'any') return;
  const stored = current instanceof Date ? current.toISOString() : String(current);
  if (expected.version !== stored) throw new AppError('stale_version');
}

/**
 * A version drawn from an item's content, for items whose updated_at moves without an admin's edit (SSO
 * settings: a connection test) or that have no row of their own (書類情報の設定): any edit moves it, and
 * content changed back to what someone read is that same content, so saving over it loses nothing.
 */
export const contentVersion = (content: unknown): string =>
  createHash('sha256').update(JSON.stringify(content)).digest('base64url').slice(0, 22);

/**
 * The updated_at of a write on a row last changed at `previous`: now, but always a later millisecond than
 * `previous` (versions are compared to the millisecond, so two saves in one millisecond must still differ).
 */
export const nextVersion = (now: Date, previous: Date): Date =>
  new Date(Math.max(now.getTime(), previous.getTime() + 1));

/** onRoute: a route marked by `IF_MATCH_HEADERS` keeps its If-Match, parsed, on the request (`expectedVersion`). */
export function readIfMatchOn(route: RouteOptions): void {
  if (route.schema?.headers !== IF_MATCH_HEADERS) return;
  const own = route.onRequest ? [route.onRequest].flat() : [];
  route.onRequest = [
    ...own,
    async (request: FastifyRequest) => {
      request.ifMatch = parseIfMatch(request.headers['if-match']);
    },
  ];
}
