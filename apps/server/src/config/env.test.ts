import { describe, expect, it } from 'vitest';
import { EnvError, cspSourcesOf, parseEnv, trustProxyOption } from './env.ts';

describe('parseEnv', () => {
  it('defaults: embedded database in ./data, site on 3000, API on 3001, URLs derived from the ports', () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      DATA_DIR: './data',
      PORT: 3000,
      API_PORT: 3001,
      SITE_URL: 'http://localhost:3000',
      API_URL: 'http://localhost:3001',
      LOG_LEVEL: 'info',
      SEED: 'auto',
      DOCUMENT_PAGE_CACHE: 'on',
    });
    expect(env.DATABASE_URL).toBeUndefined();
  });

  it('ports move the derived URLs; explicit URLs lose a trailing slash', () => {
    expect(parseEnv({ PORT: '8080', API_PORT: '8081' })).toMatchObject({
      SITE_URL: 'http://localhost:8080',
      API_URL: 'http://localhost:8081',
    });
    expect(parseEnv({ SITE_URL: 'https://console.example.jp/' }).SITE_URL).toBe(
      'https://console.example.jp',
    );
  });

  it('the first screen reads the api at API_URL unless API_INTERNAL_URL says otherwise; FIRST_SCREEN is on or off', () => {
    expect(parseEnv({ API_URL: 'https://api.example.jp/' })).toMatchObject({
      API_INTERNAL_URL: 'https://api.example.jp',
      FIRST_SCREEN: 'on',
    });
    expect(parseEnv({ API_PORT: '9001' }).API_INTERNAL_URL).toBe('http://localhost:9001');
    expect(
      parseEnv({ API_URL: 'https://api.example.jp', API_INTERNAL_URL: 'http://10.0.0.5:3001/' })
        .API_INTERNAL_URL,
    ).toBe('http://10.0.0.5:3001');
    expect(parseEnv({ FIRST_SCREEN: 'off' }).FIRST_SCREEN).toBe('off');
    expect(() => parseEnv({ FIRST_SCREEN: 'yes' })).toThrow(/FIRST_SCREEN.*on、off または strict/);
  });

  it('empty values count as unset', () => {
    const env = parseEnv({ DATABASE_URL: '', PORT: '' });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.PORT).toBe(3000);
  });

  it('a bad value stops start-up with one Japanese line per variable, naming it and its value', () => {
    let error: unknown;
    try {
      parseEnv({
        PORT: 'abc',
        API_PORT: '70000',
        DATABASE_URL: 'mysql://db',
        SITE_URL: 'localhost',
        LOG_LEVEL: 'loud',
      });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(EnvError);
    expect((error as EnvError).message.split('\n')).toEqual([
      '設定に誤りがあるため起動できません:',
      '  PORT=abc: ポート番号は数値で指定してください',
      '  API_PORT=70000: ポート番号は 1〜65535 で指定してください',
      '  DATABASE_URL=mysql://db: postgres:// で始まる接続文字列を指定してください',
      '  SITE_URL=localhost: URL の形式で指定してください（例: http://localhost:3000）',
      '  LOG_LEVEL=loud: fatal, error, warn, info, debug, trace, silent のいずれかを指定してください',
    ]);
  });

  it('DOCUMENT_PAGE_CACHE: on or off, anything else is refused', () => {
    expect(parseEnv({ DOCUMENT_PAGE_CACHE: 'off' }).DOCUMENT_PAGE_CACHE).toBe('off');
    expect(() => parseEnv({ DOCUMENT_PAGE_CACHE: 'yes' })).toThrow(
      'DOCUMENT_PAGE_CACHE=yes: on または off を指定してください',
    );
  });

  it('PGLITE_SHARED_BUFFERS_MB: unset by default, 1–999 MB; anything else is refused', () => {
    expect(parseEnv({}).PGLITE_SHARED_BUFFERS_MB).toBeUndefined();
    expect(parseEnv({ PGLITE_SHARED_BUFFERS_MB: '128' }).PGLITE_SHARED_BUFFERS_MB).toBe('128');
    for (const bad of ['0', '1000', '32MB', '-5'])
      expect(() => parseEnv({ PGLITE_SHARED_BUFFERS_MB: bad })).toThrow(
        `PGLITE_SHARED_BUFFERS_MB=${bad}: 1〜999 の整数（MB）で指定してください`,
      );
  });

  it('JOBS_PER_COMPANY: 10 by default, a whole number from 1; anything else is refused', () => {
    expect(parseEnv({}).JOBS_PER_COMPANY).toBe('10');
    expect(parseEnv({ JOBS_PER_COMPANY: '25' }).JOBS_PER_COMPANY).toBe('25');
    for (const bad of ['0', '-1', '2.5', 'many', '10000']) {
      expect(() => parseEnv({ JOBS_PER_COMPANY: bad })).toThrow(
        `JOBS_PER_COMPANY=${bad}: 1〜9999 の件数を指定してください`,
      );
    }
  });

  it('HOST: loopback by default; an IP address or localhost; a name or a port is refused', () => {
    expect(parseEnv({}).HOST).toBe('localhost');
    for (const host of ['0.0.0.0', '127.0.0.1', '::', '::1', '10.0.0.5'])
      expect(parseEnv({ HOST: host }).HOST).toBe(host);
    for (const host of ['example.jp', '0.0.0.0:3000', '*'])
      expect(() => parseEnv({ HOST: host })).toThrow(
        `HOST=${host}: IP アドレス（例: 0.0.0.0, 127.0.0.1, ::）か localhost を指定してください`,
      );
  });

  it('DNS_SERVERS: the system resolvers by default; addresses with optional ports; names refused', () => {
    expect(parseEnv({}).DNS_SERVERS).toBeUndefined();
    for (const servers of [
      '10.0.0.2',
      '127.0.0.1:5353',
      '::1',
      '[::1]:53',
      '10.0.0.2,[2001:db8::1]:5353',
    ])
      expect(parseEnv({ DNS_SERVERS: servers }).DNS_SERVERS).toBe(servers);
    for (const servers of [
      'dns.example.jp',
      '127.0.0.1:0',
      '127.0.0.1:99999',
      '10.0.0.2,',
      '::1:53:x',
    ])
      expect(() => parseEnv({ DNS_SERVERS: servers })).toThrow(
        `DNS_SERVERS=${servers}: DNS サーバーのアドレスをカンマ区切りで指定してください（例: 10.0.0.2,127.0.0.1:5353,[::1]:53）`,
      );
  });

  it('slow-client bounds: per address 64, per member 16, bodies at 2048 B/s after 10 s; zero is refused', () => {
    expect(parseEnv({})).toMatchObject({
      MAX_CONCURRENT_PER_ADDRESS: '64',
      API_MAX_CONCURRENT_PER_MEMBER: '16',
      BODY_MIN_BYTES_PER_SECOND: '2048',
      BODY_GRACE_MS: '10000',
    });
    for (const name of ['MAX_CONCURRENT_PER_ADDRESS', 'BODY_MIN_BYTES_PER_SECOND', 'BODY_GRACE_MS'])
      expect(() => parseEnv({ [name]: '0' })).toThrow(`${name}=0`);
  });

  it('TRUST_PROXY: off by default; a hop count or the trusted proxies; "true" is refused', () => {
    expect(trustProxyOption(parseEnv({}))).toBe(false);
    const oneHop = trustProxyOption(parseEnv({ TRUST_PROXY: '1' })) as (
      address: string,
      hop: number,
    ) => boolean;
    expect([oneHop('10.0.0.1', 0), oneHop('10.0.0.2', 1)]).toEqual([true, false]);
    expect(trustProxyOption(parseEnv({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' }))).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
    expect(() => parseEnv({ TRUST_PROXY: 'true' })).toThrow(
      'TRUST_PROXY=true: プロキシの段数（例: 1）か、信頼するプロキシのアドレス（例: 10.0.0.0/8,127.0.0.1）を指定してください',
    );
  });

  it('TRUSTED_PROXIES: listed addresses and CIDRs only (ipaddr.js), v4 and v6; anything else stops start-up', () => {
    const trusted = trustProxyOption(
      parseEnv({ TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1,2001:db8::/32' }),
    ) as (address: string, hop: number) => boolean;
    expect(
      [
        '10.2.3.4',
        '127.0.0.1',
        '::ffff:127.0.0.1',
        '2001:db8::5',
        '127.0.0.2',
        '11.0.0.1',
        '::1',
      ].map((a) => trusted(a, 0)),
    ).toEqual([true, true, true, true, false, false, false]);
    for (const bad of ['1', '10.0.0.0/33', 'proxy.local', '10.0.0.0/8,', '*'])
      expect(() => parseEnv({ TRUSTED_PROXIES: bad }), bad).toThrow(
        `TRUSTED_PROXIES=${bad}: 信頼するプロキシのアドレスか範囲（CIDR）をカンマ区切りで指定してください`,
      );
    expect(() => parseEnv({ TRUSTED_PROXIES: '127.0.0.1', TRUST_PROXY: '1' })).toThrow(
      'TRUSTED_PROXIES と同時には指定できません',
    );
  });

  it('CSP_EXTRA_*: unset by default; https/wss origins separated by spaces or commas; keywords refused', () => {
    expect(parseEnv({}).CSP_EXTRA_CONNECT_SRC).toBeUndefined();
    const env = parseEnv({
      CSP_EXTRA_SCRIPT_SRC: 'https://www.google-analytics.com, https://*.doubleclick.net',
      CSP_EXTRA_CONNECT_SRC: 'https://region1.google-analytics.com wss://tags.example.com:8443/ws',
    });
    expect(cspSourcesOf(env.CSP_EXTRA_SCRIPT_SRC)).toEqual([
      'https://www.google-analytics.com',
      'https://*.doubleclick.net',
    ]);
    expect(cspSourcesOf(env.CSP_EXTRA_CONNECT_SRC)).toEqual([
      'https://region1.google-analytics.com',
      'wss://tags.example.com:8443/ws',
    ]);
    for (const bad of [
      "'unsafe-inline'",
      'https:',
      '*',
      'http://tags.example.com',
      'https://a.example; script-src *',
    ])
      expect(() => parseEnv({ CSP_EXTRA_IMG_SRC: bad }), bad).toThrow(
        /CSP_EXTRA_IMG_SRC=.*https:\/\/ か wss:\/\//,
      );
  });
});
