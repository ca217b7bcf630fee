import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A self-signed signing certificate, as an IdP would publish it (base64 DER, no PEM armour). */
export function makeCertificate(cn: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sso-e2e-'));
  try {
    const certFile = path.join(dir, 'c.pem');
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-subj', `/CN=${cn}`].concat([
        '-keyout',
        path.join(dir, 'k.pem'),
        '-out',
        certFile,
        '-days',
        '365',
      ]),
      { stdio: 'ignore' },
    );
    return readFileSync(certFile, 'utf8').replace(/-----(BEGIN|END) CERTIFICATE-----|\s/g, '');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
