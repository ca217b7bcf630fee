/** Shared by the SCIM test files: a company with its signed-in admin and a provisioning token, a SCIM POST /Users. */
import { expect } from 'vitest';
import type { ApiApp } from '../../src/api-app.ts';
import type { AppDeps } from '../../src/deps.ts';
import { makeCompany, makeUser, signIn } from './fixtures.ts';

export const SCIM_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';

/** The headers an IdP sends with a SCIM body. */
export const scimHeaders = (secret: string) => ({
  authorization: `Bearer ${secret}`,
  'content-type': 'application/scim+json',
});

/** A provisioning token made by a signed-in admin (企業設定 › プロビジョニング): its secret. */
export async function makeToken(
  app: ApiApp,
  headers: Record<string, string>,
  name: string,
  remoteAddress?: string,
) {
  const res = await app.inject({
    method: 'POST',
    url: '/provisioning/tokens',
    headers,
    payload: { name },
    ...(remoteAddress ? { remoteAddress } : {}),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ secret: string }>().secret;
}

/** A company, its CompanyAdmin signed in, and one provisioning token of his. */
export async function companyWithToken(deps: AppDeps, app: ApiApp, tokenName = 'Entra ID 本番') {
  const companyId = (await makeCompany(deps)).id;
  const admin = await makeUser(deps, companyId, { roles: ['CompanyAdmin'] });
  const { headers } = await signIn(deps, admin);
  const secret = await makeToken(app, headers, tokenName);
  return { companyId, admin, headers, secret };
}

/** POST /scim/v2/Users with the given fields after `schemas: [User]`. */
export const postScimUser = (app: ApiApp, secret: string, fields: Record<string, unknown>) =>
  app.inject({
    method: 'POST',
    url: '/scim/v2/Users',
    headers: scimHeaders(secret),
    payload: JSON.stringify({ schemas: [SCIM_USER], ...fields }),
  });
