/** The SSO settings API: metadata read with clear Japanese refusals, mapping rules, enabling rules. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSsoResponse } from '@cloudsign/contract';
import { buildApiApp, type ApiApp } from '../../api-app.ts';
import { createTestDeps, type TestDeps } from '../../../test/support/test-deps.ts';
import { makeCompany, makeUser, signIn } from '../../../test/support/fixtures.ts';
import { expectError } from '../../../test/support/error-body.ts';
import { idpMetadata, makeKey, POST, type TestKey } from '../../../test/support/saml-idp.ts';
import { parseIdpMetadata } from './sso-metadata.ts';

let deps: TestDeps;
let app: ApiApp;
let headers: Record<string, string>;
let key: TestKey;
let adminId: string;
let memberId: string;
const IDP = 'https://idp.example.test/saml';
const SSO_URL = 'https://idp.example.test/sso';
const DAY = 24 * 3600 * 1000;

beforeAll(async () => {
  deps = await createTestDeps();
  app = await buildApiApp(deps);
  key = makeKey(365);
  const company = await makeCompany(deps);
  const admin = await makeUser(deps, company.id, { roles: ['CompanyAdmin'] });
  adminId = admin.id;
  memberId = (await makeUser(deps, company.id)).id;
  ({ headers } = await signIn(deps, admin));
});
afterAll(async () => {
  await app.close();
  await deps.cleanup();
});

// These tests are about what a save checks, not versions: a save goes over whatever is stored (If-Match: *).
const call = (method: 'GET' | 'PUT', url: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: method === 'PUT' ? { ...headers, 'if-match': '*' } : headers,
    payload,
  });
const putXml = (xml: string) => call('PUT', '/sso_settings/idp_metadata', { xml });
const xmlError = (message: string) => [{ path: 'xml', message }];

describe('IdP metadata', () => {
  it.each([
    [
      'not XML',
      'これはXMLではありません',
      'XML として読み取れません。IdP からダウンロードしたメタデータ XML を指定してください。',
    ],
    [
      'no IDPSSODescriptor',
      '<md:EntityDescriptor xmlns:md="urn:oasis:names:tc:SAML:2.0:metadata" entityID="x"><md:SPSSODescriptor/></md:EntityDescriptor>',
      'IdP の情報（IDPSSODescriptor）が見つかりません。読み取れた要素: EntityDescriptor。IdP（SAML 2.0）のメタデータを指定してください。',
    ],
  ])('refuses %s', async (_, xml, message) => {
    expectError(await putXml(xml), 'validation_failed', message, xmlError(message));
  });

  it('refuses metadata without a signing certificate, naming the IdP read', async () => {
    const message = `署名用の証明書（KeyDescriptor use="signing"）が含まれていません。（読み取れた IdP エンティティ ID: ${IDP}）`;
    expectError(
      await putXml(idpMetadata({ entityId: IDP, ssoUrl: SSO_URL })),
      'validation_failed',
      message,
      xmlError(message),
    );
  });

  it('refuses an encryption-only certificate as no signing certificate', async () => {
    const res = await putXml(
      idpMetadata({ entityId: IDP, ssoUrl: SSO_URL, certB64: key.certB64, use: 'encryption' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toContain('署名用の証明書');
  });

  it('refuses the wrong binding, listing the bindings read', async () => {
    const message = `HTTP-Redirect バインディングのシングルサインオン URL がありません（読み取れたバインディング: HTTP-POST）。（読み取れた IdP エンティティ ID: ${IDP}）`;
    expectError(
      await putXml(
        idpMetadata({ entityId: IDP, ssoUrl: SSO_URL, certB64: key.certB64, binding: POST }),
      ),
      'validation_failed',
      message,
      xmlError(message),
    );
  });

  it('refuses certificates expired or ending within 30 days', async () => {
    const xml = idpMetadata({ entityId: IDP, ssoUrl: SSO_URL, certB64: key.certB64 });
    const end = (await parseIdpMetadata(xml, new Date())).certificateInfo[0]!.notAfter;
    const endMs = new Date(end).getTime();
    await expect(parseIdpMetadata(xml, new Date(endMs + DAY))).rejects.toThrow(
      `証明書（CN=test-idp）の有効期限（${end.slice(0, 10)}）が切れています。`,
    );
    await expect(parseIdpMetadata(xml, new Date(endMs - 10 * DAY))).rejects.toThrow(
      `まで30日を切っています。`,
    );
    expect((await parseIdpMetadata(xml, new Date(endMs - 31 * DAY))).entityId).toBe(IDP);
  });

  it('stores what was read and shows it with the SP information', async () => {
    const res = await putXml(idpMetadata({ entityId: IDP, ssoUrl: SSO_URL, certB64: key.certB64 }));
    expect(res.statusCode).toBe(200);
    const body = res.json<TSsoResponse>();
    const site = deps.env.SITE_URL;
    const companyId = body.sp.entityId.split('/').pop()!;
    expect(body.sp).toEqual({
      entityId: `${site}/sso/${companyId}`,
      acsUrl: `${site}/sso/${companyId}/acs`,
      metadataUrl: `${site}/sso/${companyId}/metadata`,
      loginUrl: `${site}/sso/${companyId}/login`,
      testUrl: `${site}/sso/${companyId}/test`,
    });
    expect(body.settings).toMatchObject({
      idpEntityId: IDP,
      idpSsoUrl: SSO_URL,
      certificates: [{ subject: 'CN=test-idp' }],
      emailAttribute: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
      lastTest: null,
    });
    expect(body.enabled).toBe(false);
  });

  it('hands out the SP metadata XML to download', async () => {
    const res = await call('GET', '/sso_settings/sp_metadata');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/samlmetadata+xml; charset=utf-8');
    expect(res.body).toContain('AssertionConsumerService');
    expect(res.body).toContain('/acs"');
  });
});

describe('mapping and enabling', () => {
  const mapping = {
    emailAttribute: 'mail',
    nameAttribute: 'displayName',
    organizationAttribute: 'department',
    jitEnabled: false,
    jitGroupIds: [],
  };

  it('takes only company admins as exceptions', async () => {
    const message = '例外にできるのは組織管理権限を持つメンバーだけです。';
    expectError(
      await call('PUT', '/sso_settings/mapping', { ...mapping, exceptionUserIds: [memberId] }),
      'validation_failed',
      message,
      [{ path: 'exceptionUserIds', message }],
    );
  });

  it('refuses enabling before a successful connection test', async () => {
    await call('PUT', '/sso_settings/mapping', { ...mapping, exceptionUserIds: [adminId] });
    expectError(
      await call('PUT', '/sso_settings/enabled', { enabled: true }),
      'invalid_state',
      '有効にする前に、接続テストを成功させてください。',
    );
  });

  it('previews the impact: members who will go through the IdP and the exceptions', async () => {
    const res = await call('GET', '/sso_settings/enable_preview');
    expect(res.json()).toEqual({
      members: 1,
      exceptions: [expect.objectContaining({ id: adminId })],
    });
  });
});
