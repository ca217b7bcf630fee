/**
 * No secret in the logs: the site's and the API's request logs are captured as they would be written, and
 * the password-setup and password-reset tokens, any path parameter a route declares secret, secret query
 * values and credentials must be absent, their masked form present.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pino from 'pino';
import type { FastifyInstance } from 'fastify';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { issuePasswordSetupLink } from '../../auth/password-setup.ts';
import { buildSiteApp } from '../../site-app.ts';
import { buildApiApp } from '../../api-app.ts';
import { postForm } from '../../../test/support/site.world.ts';
import { declareSecretParams, loggerOptions, maskSecrets } from './log-redaction.ts';

/**
 * A logger writing into memory, built as the server builds its own (or, `plain`, as an embedder might), at
 * debug: the level request lines are written at by default.
 */
function capturedLogger(kind: 'server' | 'plain') {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  const logger =
    kind === 'server' ? pino(loggerOptions('debug'), stream) : pino({ level: 'debug' }, stream);
  return { logger, text: () => lines.join('') };
}

let deps: TestDeps;
let companyId: string;

beforeAll(async () => {
  deps = await createTestDeps();
  companyId = (await makeCompany(deps)).id;
});
afterAll(async () => {
  await deps.cleanup();
});

async function setupToken(): Promise<string> {
  const user = await makeUser(deps, companyId, { status: 0 });
  await issuePasswordSetupLink(deps, deps.database.db, user);
  const text = deps.sentMails.at(-1)!.text;
  return /\/password_setup\/([^\s/]+)/.exec(text)![1]!;
}

describe.each(['server', 'plain'] as const)('the site request log (%s root logger)', (kind) => {
  let app: FastifyInstance;
  let log: ReturnType<typeof capturedLogger>;

  beforeAll(async () => {
    log = capturedLogger(kind);
    app = await buildSiteApp({ ...deps, logger: log.logger });
  });
  afterAll(async () => {
    await app.close();
  });

  it('never holds a password-setup token, on showing, submitting or mistyping the link', async () => {
    const token = await setupToken();
    expect((await app.inject({ method: 'GET', url: `/password_setup/${token}` })).statusCode).toBe(
      200,
    );
    const bad = await postForm(app, `/password_setup/${token}`, {
      password: 'x',
      confirmation: 'y',
    });
    expect(bad.statusCode).toBe(400);
    expect(
      (await app.inject({ method: 'GET', url: `/password_setup/${token}?utm=mail` })).statusCode,
    ).toBe(200);
    await app.inject({ method: 'GET', url: `/password_setup/${token}%zz` });
    await app.inject({ method: 'PUT', url: `/password_setup/${token}` });
    const text = log.text();
    expect(text).not.toContain(token);
    expect(text).toContain('"url":"/password_setup/[redacted]"');
    expect(text).toContain('"url":"/password_setup/[redacted]?utm=mail"');
  });

  it('never holds a password-reset token, on showing, submitting or mistyping the link', async () => {
    // Masked by the route, whether the link is alive or not: a dead token is somebody's old secret too.
    const token = 'ResetToken-5ecret_0123456789abcdefghij';
    await app.inject({ method: 'GET', url: `/password_reset/${token}` });
    await postForm(app, `/password_reset/${token}`, { password: 'x', confirmation: 'y' });
    await app.inject({ method: 'GET', url: `/password_reset/${token}?utm=mail` });
    await app.inject({ method: 'GET', url: `/password_reset/${token}%zz` });
    await app.inject({ method: 'PUT', url: `/password_reset/${token}` });
    const text = log.text();
    expect(text).not.toContain('5ecret');
    expect(text).toContain('"url":"/password_reset/[redacted]"');
    expect(text).toContain('"url":"/password_reset/[redacted]?utm=mail"');
  });
});

describe.each(['server', 'plain'] as const)('the API request log (%s root logger)', (kind) => {
  it('never holds secret query values nor the bearer token', async () => {
    const log = capturedLogger(kind);
    const app = await buildApiApp({ ...deps, logger: log.logger });
    const admin = await makeUser(deps, companyId, { roles: ['CompanyAdmin'] });
    const { headers } = await signIn(deps, admin);
    const jwt = headers.authorization.slice('Bearer '.length);
    await app.inject({
      method: 'GET',
      url: '/me?token=query-secret-1&page=2&code=123456',
      headers,
    });
    await app.inject({ method: 'GET', url: '/no-such-route?access_token=query-secret-2' });
    await app.close();
    const text = log.text();
    for (const secret of ['query-secret-1', 'query-secret-2', '123456', jwt])
      expect(text).not.toContain(secret);
    expect(text).toContain('"url":"/me?token=[redacted]&page=2&code=[redacted]"');
    expect(text).toContain('"url":"/no-such-route?access_token=[redacted]"');
  });
});

describe('a route that declares a secret path parameter', () => {
  it('has that parameter masked in its log lines, and only that one', async () => {
    const log = capturedLogger('server');
    const app = await buildApiApp({ ...deps, logger: log.logger });
    app.get(
      '/test/links/:linkId/accept/:grant',
      { config: { isPublic: true, secretParams: ['grant'] } },
      async (request) => {
        request.log.warn(`link used: ${request.url}`);
        return {};
      },
    );
    await app.inject({ method: 'GET', url: '/test/links/link-42/accept/grant-s3cret?page=1' });
    await app.close();
    const text = log.text();
    expect(text).not.toContain('grant-s3cret');
    expect(text).toContain('"url":"/test/links/link-42/accept/[redacted]?page=1"');
    expect(text).toContain('link used: /test/links/link-42/accept/[redacted]?page=1');
  });

  it('is decided by the route, not by words: an undeclared path keeps its text', () => {
    declareSecretParams('/invitations/:companyId/accept/:code', ['code']);
    expect(maskSecrets('GET https://x.example.jp/invitations/c-1/accept/abc%20d?x=1 done')).toBe(
      'GET https://x.example.jp/invitations/c-1/accept/[redacted]?x=1 done',
    );
    expect(maskSecrets('/documents/secret/token/password_setup')).toBe(
      '/documents/secret/token/password_setup',
    );
  });
});

describe('the server root logger', () => {
  it('removes credential headers and masks URLs inside messages and errors', () => {
    const log = capturedLogger('server');
    log.logger.info(
      {
        req: {
          method: 'GET',
          url: '/password_setup/abc',
          headers: { authorization: 'Bearer aaa.bbb.ccc', cookie: 'cs_session=s3cret' },
        },
      },
      'x',
    );
    log.logger.warn(
      'Reply was already sent, did you forget to "return reply" in the "/password_setup/tok-en_1" (GET) route?',
    );
    log.logger.error(
      { err: new Error("'/password_setup/tok-en_2%zz' is not a valid url component") },
      'unroutable request',
    );
    const text = log.text();
    for (const secret of ['aaa.bbb.ccc', 's3cret', 'tok-en_1', 'tok-en_2'])
      expect(text).not.toContain(secret);
    expect(text).toContain('in the \\"/password_setup/[redacted]\\" (GET) route');
    expect(text).toContain("'/password_setup/[redacted]' is not a valid url component");
  });

  it.each([
    ['/password_setup/abc123', '/password_setup/[redacted]'],
    [
      'https://console.example.jp/password_setup/abc123?x=1',
      'https://console.example.jp/password_setup/[redacted]?x=1',
    ],
    [
      'https://console.example.jp/password_reset/abc123?x=1',
      'https://console.example.jp/password_reset/[redacted]?x=1',
    ],
    ['/login?return_to=%2Fcabinets&token=t', '/login?return_to=%2Fcabinets&token=[redacted]'],
    ['/cb?SAMLResponse=PHNhbWw+&RelayState=x', '/cb?SAMLResponse=[redacted]&RelayState=x'],
    ['/company/members?page=2&keyword=山田', '/company/members?page=2&keyword=山田'],
  ])('maskSecrets(%s) = %s', (input, expected) => {
    expect(maskSecrets(input)).toBe(expected);
  });
});
