/**
 * A real SAML identity provider for the SSO browser tests: SimpleSAMLphp from Debian's packages
 * (/usr/share/simplesamlphp), configured in a temporary folder and served by PHP's built-in server on loopback.
 * Users sign in on its exampleauth:UserPass form; it signs assertions with a key made here by the openssl CLI
 * and posts them to our ACS, exactly as a customer's IdP would.
 *
 * The IdP is addressed as http://localhost:<port> (bound on 127.0.0.1): the site under test is also on
 * localhost, so the browser treats the IdP's POST back to the ACS as same-site over plain http, as a production
 * IdP's POST over https is treated with the SameSite=None request cookie.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const SIMPLESAMLPHP_DIR = '/usr/share/simplesamlphp';

/** The attribute whose value SimpleSAMLphp sends as the NameID (emailAddress format). */
export const NAME_ID_ATTRIBUTE = 'mail';

export type IdpUser = {
  username: string;
  password: string;
  /** SAML attributes sent for this user (name → values); NAME_ID_ATTRIBUTE's value is also the NameID. */
  attributes: Record<string, string[]>;
};

export type SimpleSamlIdp = {
  baseUrl: string;
  entityId: string;
  /** The IdP's own metadata XML, as an admin downloads it from their IdP. */
  metadataXml: () => Promise<string>;
  stop: () => Promise<void>;
};

/** PHP source of a value: JSON strings and arrays of strings are valid PHP literals once objects are arrays. */
const php = (value: unknown): string => {
  if (Array.isArray(value)) return `[${value.map(php).join(', ')}]`;
  if (value && typeof value === 'object')
    return `[${Object.entries(value)
      .map(([k, v]) => `${php(k)} => ${php(v)}`)
      .join(', ')}]`;
  if (typeof value === 'string') return `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
  return JSON.stringify(value);
};

function makeKeyPair(certDir: string) {
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-sha256',
      '-subj',
      '/CN=simplesamlphp-e2e-idp',
      '-keyout',
      path.join(certDir, 'idp.key'),
      '-out',
      path.join(certDir, 'idp.crt'),
      '-days',
      '365',
    ],
    { stdio: 'ignore' },
  );
}

function writeConfig(
  dir: string,
  baseUrl: string,
  sp: { entityId: string; acsUrl: string },
  users: IdpUser[],
) {
  for (const sub of ['config', 'metadata', 'cert', 'log', 'data', 'tmp', 'sessions'])
    mkdirSync(path.join(dir, sub));
  makeKeyPair(path.join(dir, 'cert'));
  const config = {
    baseurlpath: `${baseUrl}/`,
    certdir: `${dir}/cert/`,
    loggingdir: `${dir}/log/`,
    datadir: `${dir}/data/`,
    tempdir: `${dir}/tmp`,
    metadatadir: `${dir}/metadata/`,
    attributenamemapdir: `${SIMPLESAMLPHP_DIR}/config/attributemap/`,
    technicalcontact_name: 'e2e',
    technicalcontact_email: 'e2e@example.test',
    timezone: 'UTC',
    secretsalt: randomBytes(16).toString('hex'),
    'auth.adminpassword': randomBytes(16).toString('hex'),
    'admin.checkforupdates': false,
    'enable.saml20-idp': true,
    'module.enable': { exampleauth: true, core: true, saml: true, admin: true },
    'logging.handler': 'file',
    'logging.logfile': 'simplesamlphp.log',
    'session.cookie.secure': false,
    'session.cookie.samesite': 'Lax',
    'language.cookie.secure': false,
    'language.available': ['en'],
    'language.default': 'en',
    'metadata.sources': [{ type: 'flatfile', directory: `${dir}/metadata` }],
    'store.type': 'phpsession',
    'theme.use': 'default',
    production: false,
  };
  writeFileSync(path.join(dir, 'config', 'config.php'), `<?php\n$config = ${php(config)};\n`);
  // exampleauth:UserPass takes `'user:password' => attributes` entries beside its class name.
  const userEntries = users
    .map((u) => `${php(`${u.username}:${u.password}`)} => ${php(u.attributes)}`)
    .join(',\n  ');
  writeFileSync(
    path.join(dir, 'config', 'authsources.php'),
    `<?php\n$config = [\n  'admin' => ['core:AdminPassword'],\n  'e2e-users' => ['exampleauth:UserPass',\n  ${userEntries}],\n];\n`,
  );
  const idpHosted = {
    host: '__DEFAULT__',
    privatekey: 'idp.key',
    certificate: 'idp.crt',
    auth: 'e2e-users',
    'signature.algorithm': 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
  };
  writeFileSync(
    path.join(dir, 'metadata', 'saml20-idp-hosted.php'),
    `<?php\n$metadata['__DYNAMIC:1__'] = ${php(idpHosted)};\n`,
  );
  const spRemote = {
    AssertionConsumerService: [
      { Binding: 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST', Location: sp.acsUrl, index: 0 },
    ],
    NameIDFormat: 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
    'simplesaml.nameidattribute': NAME_ID_ATTRIBUTE,
    'simplesaml.attributes': true,
    'attributes.NameFormat': 'urn:oasis:names:tc:SAML:2.0:attrname-format:basic',
    'saml20.sign.assertion': true,
  };
  writeFileSync(
    path.join(dir, 'metadata', 'saml20-sp-remote.php'),
    `<?php\n$metadata[${php(sp.entityId)}] = ${php(spRemote)};\n`,
  );
}

async function waitUntilServing(url: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`php -S exited: ${log()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`SimpleSAMLphp did not answer at ${url}: ${log()}`);
}

/** A loopback port nobody listens on now (other test runs share this machine). */
async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** Writes the IdP's configuration for one SP and starts it; `stop()` ends the server and removes the folder. */
export async function startSimpleSamlIdp(opts: {
  port?: number;
  sp: { entityId: string; acsUrl: string };
  users: IdpUser[];
}): Promise<SimpleSamlIdp> {
  const port = opts.port ?? (await freePort());
  const dir = mkdtempSync(path.join(os.tmpdir(), 'simplesamlphp-e2e-'));
  const baseUrl = `http://localhost:${port}`;
  writeConfig(dir, baseUrl, opts.sp, opts.users);
  let output = '';
  const child = spawn(
    'php',
    [
      '-d',
      `session.save_path=${dir}/sessions`,
      '-S',
      `127.0.0.1:${port}`,
      '-t',
      `${SIMPLESAMLPHP_DIR}/www`,
    ],
    {
      env: { ...process.env, SIMPLESAMLPHP_CONFIG_DIR: `${dir}/config` },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  child.stdout.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  child.stderr.on('data', (d: Buffer) => (output = (output + d.toString()).slice(-4000)));
  const metadataUrl = `http://127.0.0.1:${port}/saml2/idp/metadata.php`;
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitUntilServing(metadataUrl, child, () => output);
  } catch (e) {
    await stop();
    throw e;
  }
  return {
    baseUrl,
    entityId: `${baseUrl}/saml2/idp/metadata.php`,
    metadataXml: async () => {
      // Its URLs come from baseurlpath, so asking over 127.0.0.1 still names localhost.
      const res = await fetch(metadataUrl);
      return res.text();
    },
    stop,
  };
}
