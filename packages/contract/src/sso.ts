import { z } from 'zod';
import { ZId, strictRequestBody } from './common.ts';

/** SAML single sign-on settings of a company (docs/design.md "Single sign-on"). */
export const SSO_NAME_ID = 'NameID';
/** Attribute names the IdPs send out of the box (README "SSO"), offered as presets on the settings page. */
export const SSO_ATTRIBUTE_PRESETS = {
  entra: {
    label: 'Microsoft Entra ID',
    emailAttribute: 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress',
    nameAttribute: 'http://schemas.microsoft.com/identity/claims/displayname',
    organizationAttribute: 'http://schemas.microsoft.com/ws/2008/06/identity/claims/department',
  },
  okta: {
    label: 'Okta',
    emailAttribute: 'email',
    nameAttribute: 'displayName',
    organizationAttribute: 'department',
  },
} as const;
export const SSO_METADATA_MAX = 200_000;

export const ZSsoCertificate = z.object({
  pem: z.string(),
  subject: z.string(),
  notAfter: z.iso.datetime(),
  fingerprint: z.string(),
});
export const ZSsoTestResult = z.object({
  at: z.iso.datetime(),
  ok: z.boolean(),
  message: z.string(),
  attributes: z.array(z.object({ name: z.string(), values: z.array(z.string()) })),
  email: z.string(),
  member: z.object({ id: ZId, name: z.string(), email: z.string() }).nullable(),
});
export type TSsoTestResult = z.infer<typeof ZSsoTestResult>;

export const ZSsoSettings = z.object({
  idpEntityId: z.string(),
  idpSsoUrl: z.string(),
  certificates: z.array(ZSsoCertificate),
  emailAttribute: z.string(),
  nameAttribute: z.string(),
  organizationAttribute: z.string(),
  jitEnabled: z.boolean(),
  jitGroupIds: z.array(ZId),
  exceptionUserIds: z.array(ZId),
  lastTest: ZSsoTestResult.nullable(),
});
export const ZSsoResponse = z.object({
  sp: z.object({
    entityId: z.string(),
    acsUrl: z.string(),
    metadataUrl: z.string(),
    loginUrl: z.string(),
    testUrl: z.string(),
  }),
  enabled: z.boolean(),
  /** JIT provisioning is an enterprise-plan feature. */
  jitAvailable: z.boolean(),
  settings: ZSsoSettings.nullable(),
  /**
   * The settings' version, drawn from what an admin saves (IdP, certificates, mapping, JIT, exceptions; not the
   * last connection test): the IdP metadata, certificates and mapping saves name it in If-Match, so a save
   * over another admin's change is refused (docs/decisions.md "Saves name the version they were based on").
   */
  version: z.string(),
});
export type TSsoResponse = z.infer<typeof ZSsoResponse>;

export const ZSsoMetadataRequest = strictRequestBody({
  xml: z
    .string({ message: 'メタデータ XML を指定してください。' })
    .min(1, { message: 'メタデータ XML を指定してください。' })
    .max(SSO_METADATA_MAX, { message: 'メタデータ XML が大きすぎます（200,000文字まで）。' }),
});

const attribute = (label: string) =>
  z
    .string({ message: `${label}の属性名を入力してください。` })
    .trim()
    .min(1, { message: `${label}の属性名を入力してください。` })
    .max(300, { message: `${label}の属性名は300文字以内で入力してください。` });
export const ZSsoMappingRequest = strictRequestBody({
  emailAttribute: attribute('メールアドレス'),
  nameAttribute: attribute('氏名'),
  organizationAttribute: attribute('所属'),
  jitEnabled: z.boolean({ message: 'JITプロビジョニングは true か false で指定してください。' }),
  jitGroupIds: z.array(ZId).max(50, { message: 'グループは50件まで選べます。' }),
  exceptionUserIds: z.array(ZId).max(20, { message: '例外の管理者は20人まで選べます。' }),
});
export type TSsoMappingRequest = z.input<typeof ZSsoMappingRequest>;

/** The IdP's certificates as a whole: two during a rollover, then the old one left out. */
export const ZSsoCertificatesRequest = strictRequestBody({
  certificates: z
    .array(
      z
        .string({ message: '証明書を入力してください。' })
        .min(1, { message: '証明書を入力してください。' })
        .max(20_000, { message: '証明書が大きすぎます。' }),
    )
    .min(1, { message: '証明書を1つ以上指定してください。' })
    .max(2, { message: '証明書は2つまでです（ロールオーバー中の新旧）。' }),
});

export const ZSsoEnablePreview = z.object({
  /** Members who will sign in through the IdP once enabled (everyone but the exceptions). */
  members: z.number().int(),
  exceptions: z.array(z.object({ id: ZId, name: z.string(), email: z.string() })),
});
export const ZSsoEnabledRequest = strictRequestBody({
  enabled: z.boolean({ message: '有効・無効を指定してください。' }),
});
