/**
 * Text read from an IdP's metadata and certificates reaches SSO設定 and the audit log: a certificate's
 * subject is shown with invisible characters named, an entity ID carrying one is refused with the reason.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { idpMetadata, makeKey } from '../../../test/support/saml-idp.ts';
import { certificateInfo, MetadataError, parseIdpMetadata } from './sso-metadata.ts';

/** A self-signed certificate whose subject is `subj`, its UTF-8 kept (base64 DER). */
function certWithSubject(subj: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'saml-subj-'));
  try {
    const out = path.join(dir, 'c.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-utf8',
        '-subj',
        subj,
        '-keyout',
        path.join(dir, 'k.pem'),
        '-out',
        out,
        '-days',
        '365',
      ],
      { stdio: 'ignore' },
    );
    return readFileSync(out, 'utf8').replace(/-----[^-]+-----|\s/g, '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('IdP metadata text', () => {
  it('shows a certificate subject’s U+202E as <U+202E>, on one line', () => {
    const info = certificateInfo(certWithSubject('/CN=IdP\u202eevil/O=Corp'));
    expect(info.subject).toBe('CN=IdP<U+202E>evil, O=Corp');
  });

  it('refuses an entity ID with a disguising character, naming it', async () => {
    const xml = idpMetadata({
      entityId: 'https://idp.example.test/&#x202E;lmth',
      ssoUrl: 'https://idp.example.test/sso',
      certB64: makeKey().certB64,
    });
    const failure = parseIdpMetadata(xml, new Date());
    await expect(failure).rejects.toBeInstanceOf(MetadataError);
    await expect(failure).rejects.toThrow(
      'IdP エンティティ IDに、表示を偽装できる見えない文字（U+202E）は使えません。（https://idp.example.test/<U+202E>lmth）',
    );
  });
});
