/**
 * SSO for tests: an IdP with test keys registered for companies, through the repository, and its answers
 * posted to a company's ACS.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../src/deps.ts';
import * as repo from '../../src/modules/sso/sso.repository.ts';
import { spIds } from '../../src/modules/sso/sso-saml.ts';
import { SSO_REQUEST_COOKIE } from '../../src/modules/sso/sso-site.routes.ts';
import { b64, idpMetadata, makeKey, responseXml, signAssertion, type TestKey } from './saml-idp.ts';
import { addSsoDomain } from './sso-domains.world.ts';

export const TEST_IDP = 'https://idp.example.test/saml';

export async function makeSsoSettings(deps: AppDeps, companyIds: string[]) {
  const first = makeKey();
  for (const companyId of companyIds)
    await repo.saveSettings(
      deps.database.db,
      {
        companyId,
        idpEntityId: TEST_IDP,
        idpSsoUrl: 'https://idp.example.test/sso',
        idpCertificates: [first.certB64],
        emailAttribute: 'mail',
        nameAttribute: 'displayName',
        organizationAttribute: 'department',
      },
      deps.clock(),
    );
  return {
    metadata: idpMetadata({
      entityId: TEST_IDP,
      ssoUrl: 'https://idp.example.test/sso',
      certB64: first.certB64,
    }),
    /** A rollover: the current certificate and a new one. */
    rolloverCertificates: [first.certPem, makeKey(365, 'test-idp-rollover').certPem],
    /** The first company's verified domain: verifying it again answers at once, without DNS. */
    verifiedDomainId: (
      await addSsoDomain(deps, companyIds[0]!, 'verified.example.test', { verified: true })
    ).id,
    /** A new unverified claim of the first company, for calls that delete theirs. */
    newDomainId: async () =>
      (await addSsoDomain(deps, companyIds[0]!, `d${crypto.randomUUID().slice(0, 8)}.example.test`))
        .id,
  };
}

/** The test IdP's answer for `email` to the company's request `requestId`, its assertion signed with `key`. */
export function idpAnswer(
  deps: AppDeps,
  companyId: string,
  key: TestKey,
  a: { requestId: string; email: string; attributes?: Record<string, string>; now?: Date },
) {
  const sp = spIds(deps.env.SITE_URL, companyId);
  const xml = responseXml({
    issuer: TEST_IDP,
    destination: sp.acsUrl,
    audience: sp.entityId,
    inResponseTo: a.requestId,
    nameId: a.email,
    attributes: { mail: a.email, ...a.attributes },
    now: a.now,
  });
  return signAssertion(xml, key);
}

/** A SAML response posted to the company's ACS from the browser holding the request cookie, if any. */
export const postToAcs = (
  site: FastifyInstance,
  companyId: string,
  samlResponse: string,
  requestCookie?: string,
) =>
  site.inject({
    method: 'POST',
    url: `/sso/${companyId}/acs`,
    payload: new URLSearchParams({ SAMLResponse: b64(samlResponse) }).toString(),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      // The IdP's auto-submitting form is another site: the CSRF guard must let the ACS through.
      origin: 'https://idp.example.test',
      'sec-fetch-site': 'cross-site',
      ...(requestCookie ? { cookie: `${SSO_REQUEST_COOKIE}=${requestCookie}` } : {}),
    },
  });
