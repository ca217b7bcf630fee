/**
 * IP address restriction through the API (issue 34): CIDR validation in Japanese, the impact preview from
 * recorded sign-ins, the own-address guard, 記録のみ against 制限する, the refusal recorded once per address,
 * and the client address taken from the socket unless a TRUSTED_PROXIES proxy forwarded the request.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { ifMatchOf, ipImpactSentence, IP_OWN_ADDRESS_REFUSED } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { auditEvents } from '../../db/schema.ts';
import { recordAuditEvent } from '../audit-log/audit-log.record.ts';
import { forgetRecordedRefusals } from './ip-restriction.enforce.ts';

let deps: TestDeps;
let app: ApiApp;
const now = new Date('2026-11-20T03:00:00Z');
/** The answers' shapes as these tests read them. */
type J = {
  error: { code: string; message: string; details: { path: string; message: string }[] };
  ipRestriction: Record<string, unknown>;
  preview: { members: unknown[] } & Record<string, unknown>;
  ranges: unknown[];
};

beforeAll(async () => {
  deps = await createTestDeps({ clock: () => now });
  app = await buildApiApp(deps);
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});
beforeEach(() => forgetRecordedRefusals());

type H = Record<string, string>;
const notCidr = (s: string) =>
  `「${s}」はIPアドレスの範囲（CIDR）として正しくありません。203.0.113.0/24 や 2001:db8::/32 のように入力してください。`;
const off = { mode: 'off', ranges: [] };
const body = (console: object, over: object = {}) => ({ console, scim: off, sso: off, ...over });
const read = async (headers: H, ip = '127.0.0.1') => {
  const res = await app.inject({
    method: 'GET',
    url: '/company/ip_restriction',
    headers,
    remoteAddress: ip,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{
    ipRestriction: { version: number; currentAddress: string } & Record<string, unknown>;
  }>().ipRestriction;
};
const save = async (headers: H, payload: object, ip = '127.0.0.1') => {
  const { version } = await read(headers, ip);
  return app.inject({
    method: 'PUT',
    url: '/company/ip_restriction',
    headers: { ...headers, 'if-match': ifMatchOf(version) },
    payload,
    remoteAddress: ip,
  });
};
const events = (companyId: string, action: string) =>
  deps.database.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.companyId, companyId), eq(auditEvents.action, action)));

async function world(name = '株式会社制限商事') {
  const company = await makeCompany(deps, { name });
  const admin = await makeUser(deps, company.id, {
    name: '管理 太郎',
    roles: ['CompanyAdmin'],
    mfa: 1,
  });
  const member = await makeUser(deps, company.id, { name: '一般 花子' });
  return {
    company,
    admin,
    member,
    admin$: await signIn(deps, admin),
    member$: await signIn(deps, member),
  };
}

describe('ranges are checked as CIDR (IPv4 and IPv6) with Japanese messages', () => {
  it('refuses each bad range naming its row, and keeps nothing', async () => {
    const w = await world();
    const res = await save(
      w.admin$.headers,
      body({
        mode: 'enforce',
        ranges: [
          { cidr: '10.0.0.0/33', memo: '' },
          { cidr: '192.168.1.5/24', memo: '' },
          { cidr: '2001:db8::1/32', memo: '' },
          { cidr: '本社', memo: '' },
          { cidr: '1', memo: '' },
        ],
      }),
    );
    expect(res.statusCode).toBe(400);
    const details = res.json<{ error: { details: { path: string; message: string }[] } }>().error
      .details;
    expect(details).toEqual([
      {
        path: 'console.ranges.0.cidr',
        message: notCidr('10.0.0.0/33'),
      },
      {
        path: 'console.ranges.1.cidr',
        message:
          '「192.168.1.5/24」はネットワークの先頭のアドレスではありません。192.168.1.0/24 のように入力してください。',
      },
      {
        path: 'console.ranges.2.cidr',
        message:
          '「2001:db8::1/32」はネットワークの先頭のアドレスではありません。2001:db8::/32 のように入力してください。',
      },
      {
        path: 'console.ranges.3.cidr',
        message: notCidr('本社'),
      },
      {
        path: 'console.ranges.4.cidr',
        message: notCidr('1'),
      },
    ]);
    expect((await read(w.admin$.headers)).version).toBe(0);
  });

  it('saves v4 and v6 in one spelling, a single address as /32 or /128; an empty enforced list is refused', async () => {
    const w = await world();
    const empty = await save(w.admin$.headers, body({ mode: 'log', ranges: [] }));
    expect(empty.json<J>()).toMatchObject({
      error: {
        code: 'validation_failed',
        details: [
          {
            path: 'console.ranges',
            message: '「記録のみ」「制限する」には、許可するIPアドレスを1件以上登録してください。',
          },
        ],
      },
    });
    const res = await save(
      w.admin$.headers,
      body({
        mode: 'enforce',
        ranges: [
          { cidr: ' 127.0.0.1 ', memo: '  本社 ' },
          { cidr: '2001:DB8:0::/32', memo: '' },
          { cidr: '::1', memo: 'ループバック' },
        ],
      }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<J>().ipRestriction).toMatchObject({
      version: 1,
      console: {
        mode: 'enforce',
        ranges: [
          { cidr: '127.0.0.1/32', memo: '本社' },
          { cidr: '2001:db8::/32', memo: '' },
          { cidr: '::1/128', memo: 'ループバック' },
        ],
      },
    });
    const [changed] = await events(w.company.id, 'ipRestriction.changed');
    expect(changed!.details).toMatchObject({
      consoleMode: { before: 'off', after: 'enforce' },
      consoleRanges: {
        before: [],
        after: ['127.0.0.1/32（本社）', '2001:db8::/32', '::1/128（ループバック）'],
      },
    });
  });

  it('only company admins read or change it (403), a save on an old version is 409', async () => {
    const w = await world();
    const res = await app.inject({
      method: 'GET',
      url: '/company/ip_restriction',
      headers: w.member$.headers,
    });
    expect(res.statusCode).toBe(403);
    const first = await read(w.admin$.headers);
    expect(
      (await save(w.admin$.headers, body({ mode: 'log', ranges: [{ cidr: '10.0.0.0/8' }] })))
        .statusCode,
    ).toBe(200);
    const stale = await app.inject({
      method: 'PUT',
      url: '/company/ip_restriction',
      headers: { ...w.admin$.headers, 'if-match': ifMatchOf(first.version) },
      payload: body(off),
    });
    expect(stale.statusCode).toBe(409);
  });
});

describe('impact first: who signed in from outside the new list in the last 30 days', () => {
  it('names the members, their addresses and times; older sign-ins and allowed ones are left out', async () => {
    const w = await world();
    const signIn = (user: typeof w.admin, ip: string, daysAgo: number) =>
      recordAuditEvent(deps.database.db, {
        companyId: w.company.id,
        actor: { id: user.id, name: user.name, email: user.email },
        origin: { ip, userAgent: 'test', requestId: 'r' },
        action: 'auth.signIn',
        occurredAt: new Date(now.getTime() - daysAgo * 86_400_000),
      });
    await signIn(w.admin, '203.0.113.10', 1);
    await signIn(w.member, '203.0.113.11', 2);
    await signIn(w.member, '198.51.100.7', 3);
    await signIn(w.member, '198.51.100.7', 5);
    await signIn(w.admin, '192.0.2.1', 40);
    const res = await app.inject({
      method: 'POST',
      url: '/company/ip_restriction/preview',
      headers: w.admin$.headers,
      payload: body({ mode: 'enforce', ranges: [{ cidr: '203.0.113.0/24', memo: '本社' }] }),
      remoteAddress: '203.0.113.10',
    });
    expect(res.statusCode, res.body).toBe(200);
    const { preview } = res.json<J>();
    expect(preview).toMatchObject({
      signIns: 4,
      currentAddress: '203.0.113.10',
      currentAddressAllowed: true,
      members: [
        {
          id: w.member.id,
          name: '一般 花子',
          addresses: [
            {
              address: '198.51.100.7',
              count: 2,
              lastAt: new Date(now.getTime() - 3 * 86_400_000).toISOString(),
            },
          ],
        },
      ],
    });
    expect(ipImpactSentence(preview.members.length)).toBe(
      'この設定では、過去30日にログインした1名が許可されていないIPアドレスから利用していました',
    );
    // Nothing was saved by the preview.
    expect((await read(w.admin$.headers)).version).toBe(0);
  });
});

describe("the admin's own address", () => {
  it('outside a list to be enforced: 400 in Japanese, nothing saved; 記録のみ and 無効 save', async () => {
    const w = await world();
    const list = { ranges: [{ cidr: '203.0.113.0/24', memo: '' }] };
    const refused = await save(
      w.admin$.headers,
      body({ mode: 'enforce', ...list }),
      '198.51.100.9',
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json<J>().error.message).toBe(IP_OWN_ADDRESS_REFUSED('198.51.100.9'));
    expect(refused.json<J>().error.message).toContain('現在お使いのIPアドレス（198.51.100.9）');
    expect((await read(w.admin$.headers)).version).toBe(0);
    expect(
      (await save(w.admin$.headers, body({ mode: 'log', ...list }), '198.51.100.9')).statusCode,
    ).toBe(200);
    expect(
      (await save(w.admin$.headers, body({ mode: 'off', ...list }), '198.51.100.9')).statusCode,
    ).toBe(200);
  });
});

describe('every signed-in API call is checked', () => {
  it('制限する: outside the list 403 naming the address, recorded once however many calls', async () => {
    const w = await world();
    expect(
      (await save(w.admin$.headers, body({ mode: 'enforce', ranges: [{ cidr: '127.0.0.1/32' }] })))
        .statusCode,
    ).toBe(200);
    const inside = await app.inject({ method: 'GET', url: '/me', headers: w.member$.headers });
    expect(inside.statusCode, inside.body).toBe(200);
    for (let i = 0; i < 5; i += 1) {
      const res = await app.inject({
        method: 'GET',
        url: '/me',
        headers: w.member$.headers,
        remoteAddress: '127.0.0.2',
      });
      expect(res.statusCode).toBe(403);
      expect(res.json<J>().error).toMatchObject({
        code: 'ip_not_allowed',
        message:
          'この組織では、アクセスできるIPアドレスが制限されています。お使いのIPアドレス（127.0.0.2）からは利用できません。',
      });
    }
    const refused = await events(w.company.id, 'ipRestriction.refused');
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      actorId: w.member.id,
      ip: '127.0.0.2',
      details: { scope: 'console', ipMode: 'enforce', address: '127.0.0.2', surface: 'api' },
    });
    // Another company is not touched by this one's list.
    const other = await world('株式会社別会社');
    const res = await app.inject({
      method: 'GET',
      url: '/me',
      headers: other.member$.headers,
      remoteAddress: '127.0.0.2',
    });
    expect(res.statusCode).toBe(200);
  });

  it('記録のみ: the call is served, and recorded', async () => {
    const w = await world();
    expect(
      (await save(w.admin$.headers, body({ mode: 'log', ranges: [{ cidr: '127.0.0.1/32' }] })))
        .statusCode,
    ).toBe(200);
    const res = await app.inject({
      method: 'GET',
      url: '/me',
      headers: w.member$.headers,
      remoteAddress: '127.0.0.2',
    });
    expect(res.statusCode).toBe(200);
    const [logged] = await events(w.company.id, 'ipRestriction.refused');
    expect(logged!.details).toMatchObject({ ipMode: 'log', address: '127.0.0.2' });
  });

  it('a forged X-Forwarded-For from an untrusted address changes nothing', async () => {
    const w = await world();
    await save(w.admin$.headers, body({ mode: 'enforce', ranges: [{ cidr: '127.0.0.1/32' }] }));
    const res = await app.inject({
      method: 'GET',
      url: '/me',
      headers: { ...w.member$.headers, 'x-forwarded-for': '127.0.0.1' },
      remoteAddress: '127.0.0.2',
    });
    expect(res.statusCode).toBe(403);
    expect(res.json<J>().error.message).toContain('（127.0.0.2）');
  });
});

describe('TRUSTED_PROXIES', () => {
  it('only a listed proxy forwards the client address; a client behind it is checked by its own', async () => {
    const proxied = await createTestDeps({
      clock: () => now,
      env: { TRUSTED_PROXIES: '127.0.0.3' },
    });
    const api = await buildApiApp(proxied);
    try {
      const company = await makeCompany(proxied, { name: '株式会社代理商事' });
      const admin = await makeUser(proxied, company.id, { roles: ['CompanyAdmin'], mfa: 1 });
      const { headers } = await signIn(proxied, admin);
      const call = (
        ip: string,
        xff?: string,
        method: 'GET' | 'PUT' = 'GET',
        payload?: object,
        extra: H = {},
      ) =>
        api.inject({
          method,
          url: method === 'GET' ? '/me' : '/company/ip_restriction',
          headers: { ...headers, ...extra, ...(xff ? { 'x-forwarded-for': xff } : {}) },
          remoteAddress: ip,
          payload,
        });
      const put = await call(
        '127.0.0.3',
        '198.51.100.1',
        'PUT',
        body({ mode: 'enforce', ranges: [{ cidr: '198.51.100.0/24' }] }),
        { 'if-match': '"0"' },
      );
      expect(put.statusCode, put.body).toBe(200);
      expect((await call('127.0.0.3', '198.51.100.1')).statusCode).toBe(200);
      const behind = await call('127.0.0.3', '203.0.113.5');
      expect([behind.statusCode, behind.json<J>().error?.message]).toEqual([
        403,
        expect.stringContaining('（203.0.113.5）'),
      ]);
      // The proxy's own address is not in the list: a call made by it directly is refused.
      expect((await call('127.0.0.3')).statusCode).toBe(403);
      // A header forged by a client that is not the proxy is ignored.
      const forged = await call('127.0.0.4', '198.51.100.1');
      expect([forged.statusCode, forged.json<J>().error?.message]).toEqual([
        403,
        expect.stringContaining('（127.0.0.4）'),
      ]);
    } finally {
      await api.close();
      await proxied.cleanup();
    }
  });
});

describe('CSV of a list', () => {
  it('exports Shift_JIS and UTF-8 with BOM, and reads a file back naming each bad row and column', async () => {
    const w = await world();
    await save(
      w.admin$.headers,
      body({
        mode: 'log',
        ranges: [
          { cidr: '203.0.113.0/24', memo: '本社（東京）' },
          { cidr: '2001:db8::/32', memo: '=cmd' },
        ],
      }),
    );
    const sjis = await app.inject({
      method: 'GET',
      url: '/company/ip_restriction/csv?scope=console&encoding=sjis',
      headers: w.admin$.headers,
    });
    expect(sjis.statusCode).toBe(200);
    expect(sjis.headers['content-type']).toBe('text/csv; charset=Shift_JIS');
    const { default: iconv } = await import('iconv-lite');
    expect(iconv.decode(sjis.rawPayload, 'cp932')).toBe(
      "IPアドレス（CIDR）,メモ\r\n203.0.113.0/24,本社（東京）\r\n2001:db8::/32,'=cmd\r\n",
    );
    const utf8 = await app.inject({
      method: 'GET',
      url: '/company/ip_restriction/csv?scope=console&encoding=utf8bom',
      headers: w.admin$.headers,
    });
    expect([...utf8.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);

    const upload = (text: Buffer) => {
      const boundary = '----ip';
      const payload = Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="filename"; filename="ip.csv"\r\nContent-Type: text/csv\r\n\r\n`,
        ),
        text,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]);
      return app.inject({
        method: 'POST',
        url: '/company/ip_restriction/csv',
        headers: {
          ...w.admin$.headers,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        payload,
      });
    };
    const back = await upload(sjis.rawPayload);
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json<J>().ranges).toEqual([
      { cidr: '203.0.113.0/24', memo: '本社（東京）' },
      { cidr: '2001:db8::/32', memo: '=cmd' },
    ]);
    const bad = await upload(
      iconv.encode(
        'IPアドレス（CIDR）,メモ\r\n10.0.0.0/8,本社\r\n10.0.0.1/8,\r\n\r\n' +
          `fe80::/10,${'長'.repeat(101)}\r\n`,
        'cp932',
      ),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json<J>().error.details).toEqual([
      {
        path: '3行目「IPアドレス（CIDR）」',
        message:
          '「10.0.0.1/8」はネットワークの先頭のアドレスではありません。10.0.0.0/8 のように入力してください。',
      },
      { path: '5行目「メモ」', message: 'メモは100文字以内で入力してください。' },
    ]);
    const noHeader = await upload(Buffer.from('cidr,memo\n10.0.0.0/8,x\n'));
    expect(noHeader.json<J>().error.message).toContain(
      '1行目（見出し）に「IPアドレス（CIDR）」「メモ」の列がありません',
    );
  });
});

describe('SCIM requests are checked against the SCIM list of the token’s company', () => {
  it('制限する refuses outside it in the SCIM error shape; inside it is served; 記録のみ records', async () => {
    const w = await world('株式会社SCIM制限');
    const created = await app.inject({
      method: 'POST',
      url: '/provisioning/tokens',
      headers: w.admin$.headers,
      payload: { name: 'Entra ID' },
    });
    expect(created.statusCode, created.body).toBeLessThan(300);
    const { secret } = created.json<{ secret: string }>();
    const scim = (ip: string) =>
      app.inject({
        method: 'GET',
        url: '/scim/v2/Users?count=1',
        headers: { authorization: `Bearer ${secret}` },
        remoteAddress: ip,
      });
    const list = { ranges: [{ cidr: '192.0.2.0/24', memo: 'IdP' }] };
    const saved = await save(w.admin$.headers, body(off, { scim: { mode: 'enforce', ...list } }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await scim('192.0.2.10')).statusCode).toBe(200);
    const refused = await scim('198.51.100.20');
    expect(refused.statusCode).toBe(403);
    expect(refused.body).toContain('お使いのIPアドレス（198.51.100.20）からは利用できません');
    const [event] = await events(w.company.id, 'ipRestriction.refused');
    expect(event).toMatchObject({
      actorName: 'Entra ID',
      targetName: '株式会社SCIM制限',
      details: { scope: 'scim', surface: 'scim', address: '198.51.100.20' },
    });
    await save(w.admin$.headers, body(off, { scim: { mode: 'log', ...list } }));
    expect((await scim('198.51.100.21')).statusCode).toBe(200);
    expect(await events(w.company.id, 'ipRestriction.refused')).toHaveLength(2);
  });
});
