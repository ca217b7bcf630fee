import { z } from 'zod';
import { ZId, strictRequestBody } from './common.ts';

/**
 * Email domains a company claims for SSO (docs/design.md "Single sign-on"): an unknown address of a domain is
 * sent to the company's IdP, and may be created there by JIT, only once the company has proven it controls the
 * domain with a DNS TXT record. A verified domain belongs to one company.
 */
export const SSO_DOMAINS_MAX = 20;
/** Where the TXT record is looked for: this name under the domain (or the domain itself). */
export const SSO_DOMAIN_TXT_LABEL = '_cloudsign';
export const SSO_DOMAIN_TXT_PREFIX = 'cloudsign-domain-verification=';

/**
 * Public mail services: anyone can hold an address there, so no company may claim them (nor any domain under
 * them). The list is the README's "SSO domains"; mobile carriers' domains included.
 */
export const PUBLIC_MAIL_DOMAINS = [
  'gmail.com',
  'googlemail.com',
  'yahoo.co.jp',
  'ymail.ne.jp',
  'yahoo.com',
  'outlook.com',
  'outlook.jp',
  'hotmail.com',
  'hotmail.co.jp',
  'live.com',
  'live.jp',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'gmx.com',
  'mail.com',
  'zoho.com',
  'yandex.com',
  'docomo.ne.jp',
  'ezweb.ne.jp',
  'au.com',
  'softbank.ne.jp',
  'i.softbank.jp',
  'ymobile.ne.jp',
  'rakuten.jp',
  'nifty.com',
  'biglobe.ne.jp',
  'so-net.ne.jp',
  'ocn.ne.jp',
] as const;

/** The domain or one under a public mail service's domain. */
export const isPublicMailDomain = (domain: string) =>
  PUBLIC_MAIL_DOMAINS.some((d) => domain === d || domain.endsWith(`.${d}`));

/** A host name in ASCII (an internationalised domain in its `xn--` form), lower case, no trailing dot. */
export const ZSsoDomainName = z
  .string({ message: 'ドメインを入力してください。' })
  .trim()
  .toLowerCase()
  .transform((d) => d.replace(/\.$/, ''))
  .pipe(
    z
      .string()
      .max(253, { message: 'ドメインは253文字以内で入力してください。' })
      .regex(/^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,61}[a-z0-9]$/, {
        message:
          'ドメインの形式が正しくありません（例: example.co.jp。日本語ドメインは xn-- で始まる形で入力してください）。',
      }),
  );

export const ZSsoDomainRequest = strictRequestBody({ domain: ZSsoDomainName });
export type TSsoDomainRequest = z.input<typeof ZSsoDomainRequest>;

export const ZSsoDomain = z.object({
  id: ZId,
  domain: z.string(),
  /** 未確認 (routes nothing) or 確認済み. */
  status: z.enum(['unverified', 'verified']),
  verifiedAt: z.iso.datetime().nullable(),
  /** The TXT record to publish: its name and its exact value. */
  txtName: z.string(),
  txtValue: z.string(),
});
export type TSsoDomain = z.infer<typeof ZSsoDomain>;
export const ZSsoDomainsResponse = z.object({ domains: z.array(ZSsoDomain) });
