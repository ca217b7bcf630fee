/**
 * The SAML protocol through @node-saml/node-saml (docs/decisions.md): AuthnRequests with the HTTP-Redirect
 * binding, responses over HTTP-POST. The library verifies signatures (response or assertion, by one of the
 * configured certificates), audience, conditions and InResponseTo; the checks it leaves out (Destination,
 * Recipient, Issuer — its `idpIssuer` is compared only for logout messages —, comments, one assertion id
 * once) are added here and in sso-signin.service.ts.
 */
import type { Profile } from '@node-saml/node-saml';
import { loadSaml, loadXmlDom, type XmlDomLib } from './sso-libs.ts';

/** Small, explicit clock skew between the IdP and us for NotBefore / NotOnOrAfter. */
export const CLOCK_SKEW_MS = 60_000;
/** How long a sent AuthnRequest may be answered. */
export const REQUEST_TTL_MS = 10 * 60_000;

export type SpIds = { entityId: string; acsUrl: string; metadataUrl: string; loginUrl: string };
export const spIds = (siteUrl: string, companyId: string): SpIds => ({
  entityId: `${siteUrl}/sso/${companyId}`,
  acsUrl: `${siteUrl}/sso/${companyId}/acs`,
  metadataUrl: `${siteUrl}/sso/${companyId}/metadata`,
  loginUrl: `${siteUrl}/sso/${companyId}/login`,
});

export type IdpConfig = { idpEntityId: string; idpSsoUrl: string; idpCertificates: string[] };

const SAML_ASSERTION = 'urn:oasis:names:tc:SAML:2.0:assertion';

const pem = (b64: string) =>
  `-----BEGIN CERTIFICATE-----\n${b64.match(/.{1,64}/g)!.join('\n')}\n-----END CERTIFICATE-----`;

/**
 * One SAML instance per request. `expectedRequestId` is the only InResponseTo accepted: the request this
 * browser started (sso_requests), so a response cannot be replayed into another browser.
 */
async function samlFor(sp: SpIds, idp: IdpConfig, now: () => Date, expectedRequestId?: string) {
  const { SAML, ValidateInResponseTo } = await loadSaml();
  let saved: string | undefined;
  const saml = new SAML({
    entryPoint: idp.idpSsoUrl,
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    audience: sp.entityId,
    idpIssuer: idp.idpEntityId,
    idpCert: idp.idpCertificates.map(pem),
    // Either the response or the assertion signed (Entra ID signs the assertion, Okta both); unsigned fails.
    wantAuthnResponseSigned: false,
    wantAssertionsSigned: false,
    acceptedClockSkewMs: CLOCK_SKEW_MS,
    validateInResponseTo: ValidateInResponseTo.always,
    requestIdExpirationPeriodMs: REQUEST_TTL_MS,
    disableRequestedAuthnContext: true,
    identifierFormat: null,
    signatureAlgorithm: 'sha256',
    cacheProvider: {
      saveAsync: async (key, value) => {
        saved = key;
        return { value, createdAt: now().getTime() };
      },
      // The library wants the request's time; its 10-minute life is already enforced by sso_requests.
      getAsync: async (key) =>
        expectedRequestId && key === expectedRequestId ? now().toISOString() : null,
      removeAsync: async (key) => key,
    },
  });
  return { saml, savedId: () => saved };
}

/** The IdP URL carrying a fresh AuthnRequest, and that request's id. */
export async function authorizeUrl(sp: SpIds, idp: IdpConfig, now: () => Date) {
  const { saml, savedId } = await samlFor(sp, idp, now);
  const url = await saml.getAuthorizeUrlAsync('', undefined, {});
  return { url, requestId: savedId()! };
}

export type ValidResponse = {
  profile: Profile;
  assertionId: string;
  notOnOrAfter: Date | null;
};

export class SamlRefusal extends Error {
  constructor(
    readonly reason: string,
    detail?: string,
  ) {
    super(detail ?? reason);
  }
}

function parse({ DOMParser }: XmlDomLib, xml: string) {
  let failed = false;
  try {
    const doc = new DOMParser({
      onError: (level) => {
        if (level !== 'warning') failed = true;
      },
    }).parseFromString(xml, 'text/xml');
    if (!failed && doc.documentElement) return doc;
  } catch {
    // falls through to the refusal
  }
  throw new SamlRefusal('malformed');
}

/** Verifies a base64 SAMLResponse posted to our ACS; throws SamlRefusal with the reason. */
export async function validateResponse(
  sp: SpIds,
  idp: IdpConfig,
  samlResponse: string,
  expectedRequestId: string,
  now: () => Date,
): Promise<ValidResponse> {
  const xml = Buffer.from(samlResponse, 'base64').toString('utf8');
  // Comments split NameID and attribute text without touching the signature (canonicalization drops them):
  // no IdP sends comments, so any is refused. DOCTYPEs would let entities reshape the document.
  if (xml.includes('<!--') || /<!DOCTYPE/i.test(xml)) throw new SamlRefusal('malformed');
  const xmlDom = await loadXmlDom();
  const doc = parse(xmlDom, xml);
  const root = doc.documentElement!;
  if (root.localName !== 'Response') throw new SamlRefusal('malformed');
  if (root.getAttribute('Destination') !== sp.acsUrl) throw new SamlRefusal('destination');
  // The Response's own Issuer is optional (SAML core 3.2.2) but, when sent, must be the registered IdP.
  const responseIssuer = Array.from(root.childNodes).find(
    (n) => n.namespaceURI === SAML_ASSERTION && n.localName === 'Issuer',
  );
  if (responseIssuer && responseIssuer.textContent?.trim() !== idp.idpEntityId)
    throw new SamlRefusal('issuer');
  const { saml } = await samlFor(sp, idp, now, expectedRequestId);
  let profile: Profile | null;
  try {
    ({ profile } = await saml.validatePostResponseAsync({ SAMLResponse: samlResponse }));
  } catch (e) {
    throw new SamlRefusal(classify((e as Error).message), (e as Error).message);
  }
  if (!profile) throw new SamlRefusal('malformed');
  // node-saml reads the verified assertion's Issuer into the profile but never compares it on sign-in: another
  // IdP holding a key the admin registered (a shared signing service, a reused certificate) must not pass.
  if (profile.issuer?.trim() !== idp.idpEntityId) throw new SamlRefusal('issuer');
  // Recipient and the assertion id are read from the assertion the library verified, never the document.
  const assertion = parse(xmlDom, profile.getAssertionXml!()).documentElement!;
  const assertionId = assertion.getAttribute('ID') ?? '';
  const confirmations = Array.from(
    assertion.getElementsByTagNameNS(SAML_ASSERTION, 'SubjectConfirmationData'),
  );
  if (!assertionId || confirmations.length === 0) throw new SamlRefusal('malformed');
  if (confirmations.some((c) => c.getAttribute('Recipient') !== sp.acsUrl))
    throw new SamlRefusal('recipient');
  const limit = confirmations[0]!.getAttribute('NotOnOrAfter');
  return { profile, assertionId, notOnOrAfter: limit ? new Date(limit) : null };
}

function classify(message: string): string {
  if (/signature/i.test(message)) return 'signature';
  if (/audience/i.test(message)) return 'audience';
  if (/InResponseTo/i.test(message)) return 'in_response_to';
  if (/expired|not yet valid|NotBefore|NotOnOrAfter|too old|subject confirmation/i.test(message))
    return 'time';
  if (/issuer/i.test(message)) return 'issuer';
  if (/status/i.test(message)) return 'idp_status';
  return 'malformed';
}

/** The SP metadata XML to give the IdP. */
export const spMetadataXml = async (sp: SpIds) =>
  (await loadSaml()).generateServiceProviderMetadata({
    issuer: sp.entityId,
    callbackUrl: sp.acsUrl,
    identifierFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    wantAssertionsSigned: true,
  });
