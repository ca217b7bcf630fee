/**
 * Input fuzzing of the site's forms (login, new password, MFA verify and setup, password setup, cancel,
 * logout, token), as fuzz-routes does for the API: fast-check posts generated junk — NUL and lone
 * surrogates, huge strings, arrays, numbers, nested objects, broken percent-encoding, unicode, missing
 * fields, odd content types — to each form at the login step it serves. No answer may be a 5xx; a refused
 * input is a page (or, under /api/, the error shape) that says what is wrong in Japanese.
 * The seed is printed; FUZZ_SEED replays a run, FUZZ_RUNS sets the cases per form.
 */
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { authenticator } from 'otplib';
import { createSession, SESSION_COOKIE } from '../../src/auth/sessions.ts';
import { DEVICE_COOKIE } from '../../src/auth/known-devices.ts';
import { issuePasswordSetupLink } from '../../src/auth/password-setup.ts';
import { buildSiteApp } from '../../src/site-app.ts';
import { makeLoginUser } from '../support/site.world.ts';
import { createTestDeps, type TestDeps } from '../support/test-deps.ts';
import { makeCompany } from '../support/fixtures.ts';
import { HOSTILE_STRINGS } from './fuzz-schema.ts';

const SEED = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : Math.floor(Math.random() * 2 ** 31);
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);

let deps: TestDeps;
let app: FastifyInstance;
let setupToken = '';
let companyId = '';
let strictCompanyId = '';

/** A fresh member at the given login step and a session cookie for it: a case that changes its state spoils no other. */
async function cookieAt(step: string): Promise<string> {
  const over = {
    done: {},
    new_password: { status: 2 },
    mfa_verify: { mfa: 1, mfaSecret: authenticator.generateSecret(20) },
    mfa_setup: {},
  }[step];
  const user = await makeLoginUser(deps, step === 'mfa_setup' ? strictCompanyId : companyId, over);
  return (await createSession(deps.database.db, user.id, false, deps.clock())).cookie;
}

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildSiteApp(deps);
  companyId = (await makeCompany(deps)).id;
  strictCompanyId = (await makeCompany(deps, { mfa: 2 })).id;
  const invited = await makeLoginUser(deps, companyId, { status: 0 });
  await issuePasswordSetupLink(deps, deps.database.db, invited);
  setupToken = /password_setup\/([\w-]+)/.exec(deps.sentMails.at(-1)!.text)![1]!;
}, 120_000);
afterAll(async () => {
  await app?.close();
  await deps?.cleanup();
});

type Form = { method: 'GET' | 'POST'; path: () => string; fields: string[]; step?: string };
const FORMS: Form[] = [
  { method: 'POST', path: () => '/login', fields: ['email', 'password', 'return_to'] },
  { method: 'GET', path: () => '/login', fields: ['notice', 'return_to'] },
  { method: 'POST', path: () => '/login/cancel', fields: ['return_to'], step: 'mfa_verify' },
  {
    method: 'POST',
    path: () => '/login/new_password',
    fields: ['password', 'confirmation', 'return_to'],
    step: 'new_password',
  },
  { method: 'POST', path: () => '/mfa/verify', fields: ['code', 'return_to'], step: 'mfa_verify' },
  {
    method: 'POST',
    path: () => '/mfa/setup',
    fields: ['secret', 'code', 'return_to'],
    step: 'mfa_setup',
  },
  { method: 'GET', path: () => '/mfa/setup', fields: ['return_to'], step: 'mfa_setup' },
  {
    method: 'POST',
    path: () => `/password_setup/${setupToken}`,
    fields: ['password', 'confirmation'],
  },
  { method: 'POST', path: () => '/password_setup/', fields: ['password', 'confirmation'] },
  { method: 'POST', path: () => '/api/company/logout', fields: ['token'], step: 'done' },
  { method: 'GET', path: () => '/api/token/jwt', fields: [], step: 'done' },
];

const text = fc.string({
  unit: fc.oneof(
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 }),
    fc.constantFrom('\u0000', '\ud800', '\udfff', '𠮷', '％', '%', '&', '=', '+'),
  ),
  maxLength: 40,
});
/** A plausible value (so the input reaches the database) with something hostile spliced in. */
const PLAUSIBLE = [
  'member@example.com',
  'correct-horse-42',
  '123456',
  'ABCDE-FGHJK',
  '/company/members',
  'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  'password_set',
];
const seasoned = fc
  .tuple(
    fc.constantFrom(...PLAUSIBLE),
    fc.oneof(fc.constantFrom(...HOSTILE_STRINGS), text),
    fc.nat(),
  )
  .map(
    ([base, bad, at]) =>
      base.slice(0, at % (base.length + 1)) + bad + base.slice(at % (base.length + 1)),
  );
const scalar = fc.oneof(
  { weight: 4, arbitrary: seasoned },
  { weight: 2, arbitrary: fc.constantFrom(...PLAUSIBLE, ...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: text },
  { weight: 1, arbitrary: fc.constantFrom(255, 1025, 5000, 70_000).map((n) => 'あ'.repeat(n)) },
);
const value = fc.oneof(
  { weight: 8, arbitrary: scalar },
  { weight: 1, arbitrary: fc.array(scalar, { maxLength: 3 }) },
  {
    weight: 1,
    arbitrary: fc.oneof(
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.dictionary(text, scalar, { maxKeys: 2 }),
    ),
  },
);
/** Fields of the form (each sometimes left out) and sometimes a foreign key. */
const fieldsOf = (form: Form) =>
  fc
    .tuple(
      fc.tuple(...form.fields.map(() => fc.option(value, { freq: 5, nil: undefined }))),
      fc.dictionary(text, value, { maxKeys: 1 }),
    )
    .map(([vals, extra]) => ({
      ...extra,
      ...Object.fromEntries(
        form.fields.flatMap((n, i) => (vals[i] === undefined ? [] : [[n, vals[i]]])),
      ),
    }));

const urlencoded = (fields: Record<string, unknown>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(fields))
    for (const one of Array.isArray(v) ? v : [v])
      p.append(k, typeof one === 'string' ? one : JSON.stringify(one));
  return p.toString();
};
const RAW = [
  '%',
  '%zz',
  '%00',
  'email=%C0%AF&password=%FF',
  'a=1&a=2&a[]=3',
  '\u0000',
  '{"email":',
  '[]',
  'null',
];

const caseOf = (form: Form) =>
  fc.record({
    query: fc.option(fieldsOf(form), { nil: undefined }),
    body: fieldsOf(form),
    encoding: fc.constantFrom('urlencoded', 'json', 'raw', 'none'),
    raw: fc.constantFrom(...RAW),
    contentType: fc.constantFrom(
      'application/x-www-form-urlencoded',
      'application/json',
      'text/plain',
      'multipart/form-data; boundary=x',
    ),
    device: fc.constantFrom('', 'A'.repeat(43), '%00', 'x'.repeat(4000), '..%2F..'),
    withCookie: fc.oneof(
      { weight: 4, arbitrary: fc.constant(true) },
      { weight: 1, arbitrary: fc.constant(false) },
    ),
  });

it(
  'every site form answers generated input without a 5xx, in Japanese',
  { timeout: 600_000 },
  async () => {
    console.log(
      `site form fuzz seed ${SEED} (replay with FUZZ_SEED=${SEED}), ${RUNS} cases per form, ${FORMS.length} forms`,
    );
    const failures: string[] = [];
    let ip = 0;
    const statuses = new Map<string, number>();
    for (const [index, form] of FORMS.entries()) {
      for (const c of fc.sample(caseOf(form), { seed: SEED + index, numRuns: RUNS })) {
        const query = c.query ? `?${urlencoded(c.query)}` : '';
        const isPost = form.method === 'POST' && c.encoding !== 'none';
        const payload =
          c.encoding === 'json'
            ? JSON.stringify(c.body)
            : c.encoding === 'raw'
              ? c.raw
              : urlencoded(c.body);
        const contentType =
          c.encoding === 'json'
            ? 'application/json'
            : c.encoding === 'urlencoded'
              ? 'application/x-www-form-urlencoded'
              : c.contentType;
        ip += 1;
        const res = await app.inject({
          method: form.method,
          url: `${form.path()}${query}`,
          remoteAddress: `10.${(ip >> 16) & 255}.${(ip >> 8) & 255}.${ip & 255}`,
          headers: {
            'x-requested-with': 'XMLHttpRequest',
            ...(isPost ? { 'content-type': contentType } : {}),
            // A junk device cookie (known-devices.ts) rides along with the session, as a browser would send it.
            cookie: [
              form.step && c.withCookie ? `${SESSION_COOKIE}=${await cookieAt(form.step)}` : '',
              `${DEVICE_COOKIE}=${c.device}`,
            ]
              .filter(Boolean)
              .join('; '),
          },
          ...(isPost ? { payload } : {}),
        });
        statuses.set(
          `${form.method} ${form.path().slice(0, 20)} ${res.statusCode}`,
          (statuses.get(`${form.method} ${form.path().slice(0, 20)} ${res.statusCode}`) ?? 0) + 1,
        );
        const where = `${form.method} ${form.path()}${query.slice(0, 120)} ${isPost ? `${contentType} ${payload.slice(0, 160)}` : ''}`;
        if (res.statusCode >= 500) failures.push(`${res.statusCode} ${where}`);
        else if (res.statusCode >= 400 && !/[ぁ-んァ-ヶ一-龠]/.test(res.body))
          failures.push(
            `${res.statusCode} without a Japanese message: ${where} → ${res.body.slice(0, 200)}`,
          );
      }
    }
    console.log(`answers: ${[...statuses].map(([k, n]) => `${k}×${n}`).join(', ')}`);
    expect(failures, `seed ${SEED}`).toEqual([]);
  },
);
