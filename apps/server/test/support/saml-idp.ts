/**
 * A test identity provider: a key and self-signed certificate made by openssl at test time, metadata, and
 * SAML responses signed with xml-crypto (the signing half only; verification is the library's under test).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inflateRawSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { SignedXml } from 'xml-crypto';

export type TestKey = { key: string; certPem: string; certB64: string };

/** Expiry cases are tested by moving the clock past `days`, not by back-dated certificates. */
export function makeKey(days = 365, cn = 'test-idp'): TestKey {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'saml-key-'));
  try {
    const keyFile = path.join(dir, 'k.pem');
    const certFile = path.join(dir, 'c.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-subj',
        `/CN=${cn}`,
        '-keyout',
        keyFile,
        '-out',
        certFile,
        '-days',
        String(days),
      ],
      { stdio: 'ignore' },
    );
    const certPem = readFileSync(certFile, 'utf8');
    return {
      key: readFileSync(keyFile, 'utf8'),
      certPem,
      certB64: certPem.replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, ''),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export const REDIRECT = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
export const POST = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';

export function idpMetadata(o: {
  entityId: string;
  ssoUrl: string;
  certB64?: string;
  binding?: string;
  use?: string;
}) {
  const key = o.certB64
    ? `<md:KeyDescriptor use="${o.use ?? 'signing'}"><ds:KeyInfo><ds:X509Data><ds:X509Certificate>${o.certB64}</ds:X509Certificate></ds:X509Data></ds:KeyInfo></md:KeyDescriptor>`
    : '';
  return `<?xml version="1.0"?>
<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" xmlns:ds="http://www.w3.org/2000/09/xmldsig#" entityID="${o.entityId}">
<md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">${key}
<md:SingleSignOnService Binding="${o.binding ?? REDIRECT}" Location="${o.ssoUrl}"/>
</md:IDPSSODescriptor></md:EntityDescriptor>`;
}

/** The AuthnRequest id carried in an HTTP-Redirect URL. */
export function requestIdOf(location: string): string {
  const req = new URL(location).searchParams.get('SAMLRequest')!;
  const xml = inflateRawSync(Buffer.from(req, 'base64')).toString('utf8');
  return /ID="([^"]+)"/.exec(xml)![1]!;
}

export type ResponseFields = {
  issuer: string;
  destination: string;
  recipient?: string;
  audience: string;
  inResponseTo: string;
  nameId: string;
  attributes?: Record<string, string>;
  assertionId?: string;
  now?: Date;
  /** Seconds the assertion stays valid (negative: already expired). */
  validFor?: number;
};

const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

export function responseXml(f: ResponseFields) {
  const now = f.now ?? new Date();
  const end = new Date(now.getTime() + (f.validFor ?? 300) * 1000);
  const start = new Date(Math.min(now.getTime(), end.getTime()) - 60_000);
  const attrs = Object.entries(f.attributes ?? {})
    .map(
      ([n, v]) =>
        `<saml:Attribute Name="${n}"><saml:AttributeValue>${v}</saml:AttributeValue></saml:Attribute>`,
    )
    .join('');
  const aid = f.assertionId ?? `_a${randomUUID()}`;
  return `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${randomUUID()}" Version="2.0" IssueInstant="${iso(now)}" Destination="${f.destination}" InResponseTo="${f.inResponseTo}"><saml:Issuer>${f.issuer}</saml:Issuer><samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status><saml:Assertion ID="${aid}" Version="2.0" IssueInstant="${iso(now)}"><saml:Issuer>${f.issuer}</saml:Issuer><saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${f.nameId}</saml:NameID><saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${iso(end)}" Recipient="${f.recipient ?? f.destination}" InResponseTo="${f.inResponseTo}"/></saml:SubjectConfirmation></saml:Subject><saml:Conditions NotBefore="${iso(start)}" NotOnOrAfter="${iso(end)}"><saml:AudienceRestriction><saml:Audience>${f.audience}</saml:Audience></saml:AudienceRestriction></saml:Conditions><saml:AuthnStatement AuthnInstant="${iso(now)}" SessionIndex="_s1"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:Password</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement><saml:AttributeStatement>${attrs}</saml:AttributeStatement></saml:Assertion></samlp:Response>`;
}

function sign(xml: string, k: TestKey, target: 'Assertion' | 'Response') {
  const sig = new SignedXml({
    privateKey: k.key,
    publicCert: k.certPem,
    signatureAlgorithm: 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
    canonicalizationAlgorithm: 'http://www.w3.org/2001/10/xml-exc-c14n#',
  });
  sig.addReference({
    xpath: `//*[local-name(.)='${target}']`,
    digestAlgorithm: 'http://www.w3.org/2001/04/xmlenc#sha256',
    transforms: [
      'http://www.w3.org/2000/09/xmldsig#enveloped-signature',
      'http://www.w3.org/2001/10/xml-exc-c14n#',
    ],
  });
  sig.computeSignature(xml, {
    location: {
      reference: `//*[local-name(.)='${target}']/*[local-name(.)='Issuer']`,
      action: 'after',
    },
  });
  return sig.getSignedXml();
}

export const signAssertion = (xml: string, k: TestKey) => sign(xml, k, 'Assertion');
export const signResponse = (xml: string, k: TestKey) => sign(xml, k, 'Response');
export const b64 = (xml: string) => Buffer.from(xml, 'utf8').toString('base64');
