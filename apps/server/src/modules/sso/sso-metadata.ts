/**
 * Reads an IdP's SAML metadata the admin uploads. Only what the SP needs is taken: the entity ID, the
 * HTTP-Redirect SingleSignOnService and the signing certificates; each failure names what was wrong in
 * Japanese together with what could be read, so the admin can tell which file they picked.
 */
import { X509Certificate } from 'node:crypto';
import { showInvisible, textProblem } from '@cloudsign/contract';
import type { Element } from '@xmldom/xmldom';
import { loadXmlDom, type XmlDomLib } from './sso-libs.ts';

const MD = 'urn:oasis:names:tc:SAML:2.0:metadata';
const DS = 'http://www.w3.org/2000/09/xmldsig#';
export const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';
/** A certificate that ends within this many days is refused: the IdP would stop verifying almost at once. */
export const CERT_MIN_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;

export type CertificateInfo = {
  pem: string;
  subject: string;
  notAfter: string;
  fingerprint: string;
};
export type IdpMetadata = {
  entityId: string;
  ssoUrl: string;
  certificates: string[];
  certificateInfo: CertificateInfo[];
};

export class MetadataError extends Error {}

const children = (el: Element, ns: string, name: string): Element[] =>
  Array.from(el.getElementsByTagNameNS(ns, name));

/** Base64 DER of a certificate given as PEM or bare base64; throws MetadataError when unreadable. */
export function normalizeCertificate(text: string): string {
  const b64 = text.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '').replace(/\s+/g, '');
  try {
    new X509Certificate(Buffer.from(b64, 'base64'));
    return b64;
  } catch {
    throw new MetadataError('証明書を読み取れません。X.509 証明書（PEM 形式）を指定してください。');
  }
}

export function certificateInfo(b64: string): CertificateInfo {
  const cert = new X509Certificate(Buffer.from(b64, 'base64'));
  return {
    pem: cert.toString(),
    // Read from the certificate, not typed: shown on SSO設定 with any invisible character named, not obeyed.
    subject: showInvisible(cert.subject.replace(/\n/g, ', ')),
    notAfter: new Date(cert.validTo).toISOString(),
    fingerprint: cert.fingerprint256,
  };
}

/** Refuses a certificate that has expired or ends within CERT_MIN_DAYS. */
export function checkCertificateDates(info: CertificateInfo, now: Date) {
  const end = new Date(info.notAfter).getTime();
  const day = info.notAfter.slice(0, 10);
  if (end <= now.getTime())
    throw new MetadataError(`証明書（${info.subject}）の有効期限（${day}）が切れています。`);
  if (end - now.getTime() < CERT_MIN_DAYS * DAY_MS)
    throw new MetadataError(
      `証明書（${info.subject}）の有効期限（${day}）まで${CERT_MIN_DAYS}日を切っています。IdP で新しい証明書を発行してから登録してください。`,
    );
}

function parseXml({ DOMParser }: XmlDomLib, xml: string): Element {
  let failed = /<!DOCTYPE/i.test(xml);
  let root: Element | null = null;
  try {
    root = new DOMParser({
      onError: (level) => {
        if (level !== 'warning') failed = true;
      },
    }).parseFromString(xml, 'text/xml').documentElement;
  } catch {
    failed = true;
  }
  if (failed || !root)
    throw new MetadataError(
      'XML として読み取れません。IdP からダウンロードしたメタデータ XML を指定してください。',
    );
  return root;
}

export async function parseIdpMetadata(xml: string, now: Date): Promise<IdpMetadata> {
  const root = parseXml(await loadXmlDom(), xml);
  const entity =
    root.localName === 'EntityDescriptor' ? root : children(root, MD, 'EntityDescriptor')[0];
  const idp = entity ? children(entity, MD, 'IDPSSODescriptor')[0] : undefined;
  if (!entity || !idp)
    throw new MetadataError(
      `IdP の情報（IDPSSODescriptor）が見つかりません。読み取れた要素: ${root.localName}。IdP（SAML 2.0）のメタデータを指定してください。`,
    );
  const entityId = entity.getAttribute('entityID') ?? '';
  // Shown on SSO設定 and in the audit log like a typed name: it follows the same single-line rule.
  const entityIdProblem = textProblem(entityId, 'IdP エンティティ ID');
  if (entityIdProblem) throw new MetadataError(`${entityIdProblem}（${showInvisible(entityId)}）`);
  const read = `（読み取れた IdP エンティティ ID: ${entityId || 'なし'}）`;
  const services = children(idp, MD, 'SingleSignOnService');
  const redirect = services.find((s) => s.getAttribute('Binding') === REDIRECT_BINDING);
  const ssoUrl = redirect?.getAttribute('Location') ?? '';
  if (!redirect || !/^https?:\/\//.test(ssoUrl)) {
    const bindings = services.map((s) => s.getAttribute('Binding')?.split(':').pop()).join('、');
    throw new MetadataError(
      `HTTP-Redirect バインディングのシングルサインオン URL がありません（読み取れたバインディング: ${bindings || 'なし'}）。${read}`,
    );
  }
  const signing = children(idp, MD, 'KeyDescriptor').filter(
    (k) => (k.getAttribute('use') ?? 'signing') === 'signing',
  );
  const texts = signing.flatMap((k) =>
    children(k, DS, 'X509Certificate').map((c) => c.textContent ?? ''),
  );
  if (texts.length === 0)
    throw new MetadataError(
      `署名用の証明書（KeyDescriptor use="signing"）が含まれていません。${read}`,
    );
  const certificates = [...new Set(texts.map(normalizeCertificate))].slice(0, 2);
  const info = certificates.map(certificateInfo);
  for (const c of info) checkCertificateDates(c, now);
  return { entityId, ssoUrl, certificates, certificateInfo: info };
}
