/**
 * IP address restriction (docs/design.md "IP address restriction"): the company's allowed IPv4/IPv6 ranges for
 * the console (site and API), SCIM tokens and SSO sign-in, each with a mode, and the impact preview.
 */
import ipaddr from 'ipaddr.js';
import { z } from 'zod';
import { ZCsvEncoding } from './bulk.ts';
import { strictRequestBody } from './common.ts';

export const IP_RESTRICTION_SCOPES = ['console', 'scim', 'sso'] as const;
export const ZIpRestrictionScope = z.enum(IP_RESTRICTION_SCOPES, {
  message: '対象は console, scim, sso のいずれかを指定してください。',
});
export type TIpRestrictionScope = z.infer<typeof ZIpRestrictionScope>;
export const IP_RESTRICTION_SCOPE_LABELS: Record<TIpRestrictionScope, string> = {
  console: 'コンソール（画面とAPI）',
  scim: 'SCIM（プロビジョニングAPI）',
  sso: 'SSOログイン',
};

export const IP_RESTRICTION_MODES = ['off', 'log', 'enforce'] as const;
export const ZIpRestrictionMode = z.enum(IP_RESTRICTION_MODES, {
  message: '動作は「無効」「記録のみ」「制限する」のいずれかを選んでください。',
});
export type TIpRestrictionMode = z.infer<typeof ZIpRestrictionMode>;
export const IP_RESTRICTION_MODE_LABELS: Record<TIpRestrictionMode, string> = {
  off: '無効',
  log: '記録のみ',
  enforce: '制限する',
};

export const IP_RANGES_MAX = 200;
export const IP_MEMO_MAX = 100;

type IpAddress = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * One address in its usual spelling only: four dotted decimals or IPv6. ipaddr.js alone also takes `1` or
 * `0x7f.1` as IPv4, which nobody means in a list of ranges.
 */
export function parseAddressStrict(text: string): IpAddress | null {
  const s = text.trim();
  if (ipaddr.IPv4.isValidFourPartDecimal(s)) return ipaddr.IPv4.parse(s);
  if (!s.includes('%') && ipaddr.IPv6.isValid(s)) return ipaddr.IPv6.parse(s);
  return null;
}

/** `203.0.113.0/24`, `2001:db8::/32`, or one address (as /32 or /128); null when it is none of these. */
export function parseRangeStrict(text: string): [IpAddress, number] | null {
  const [a, bits, more] = text.trim().split('/');
  if (more !== undefined) return null;
  const addr = parseAddressStrict(a ?? '');
  if (!addr) return null;
  const max = addr.kind() === 'ipv4' ? 32 : 128;
  if (bits === undefined) return [addr, max];
  if (!/^\d{1,3}$/.test(bits) || Number(bits) > max) return null;
  return [addr, Number(bits)];
}

/**
 * A range as the admin types it, checked with ipaddr.js; host bits must be zero so that what is saved is what
 * is matched (「192.168.1.5/24」 is refused with the network it probably means).
 */
export function cidrProblem(text: string): string | null {
  const s = text.trim();
  if (s === '') return 'IPアドレスの範囲を入力してください。';
  const range = parseRangeStrict(s);
  if (!range)
    return `「${s}」はIPアドレスの範囲（CIDR）として正しくありません。203.0.113.0/24 や 2001:db8::/32 のように入力してください。`;
  const [addr, bits] = range;
  const network = ipaddr.fromByteArray(networkBytes(addr.toByteArray(), bits));
  if (network.toString() !== addr.toString())
    return `「${s}」はネットワークの先頭のアドレスではありません。${network.toString()}/${bits} のように入力してください。`;
  return null;
}

function networkBytes(bytes: number[], bits: number): number[] {
  return bytes.map((b, i) => {
    const keep = Math.max(0, Math.min(8, bits - i * 8));
    return b & (0xff << (8 - keep)) & 0xff;
  });
}

/** The range in its one spelling (`203.0.113.0/24`, `2001:db8::/32`); call only after cidrProblem is null. */
export function normalizeCidr(text: string): string {
  const range = parseRangeStrict(text);
  if (!range) return text.trim();
  return `${range[0].toString()}/${range[1]}`;
}

export const ZIpRange = z.object({
  cidr: z
    .string({ message: 'IPアドレスの範囲を入力してください。' })
    .max(64, { message: 'IPアドレスの範囲が長すぎます。' })
    .superRefine((v, ctx) => {
      const problem = cidrProblem(v);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .transform(normalizeCidr),
  memo: z
    .string({ message: 'メモは文字列で入力してください。' })
    .trim()
    .max(IP_MEMO_MAX, { message: `メモは${IP_MEMO_MAX}文字以内で入力してください。` })
    .default(''),
});
export type TIpRange = z.infer<typeof ZIpRange>;

export const ZIpScopeSetting = z.object({
  mode: ZIpRestrictionMode,
  ranges: z
    .array(ZIpRange)
    .max(IP_RANGES_MAX, { message: `許可するIPアドレスは${IP_RANGES_MAX}件までです。` }),
});
export type TIpScopeSetting = z.infer<typeof ZIpScopeSetting>;

/** `GET /company/ip_restriction`: the three scopes, the version a save names, and the address seen now. */
export const ZIpRestriction = z.object({
  console: ZIpScopeSetting,
  scim: ZIpScopeSetting,
  sso: ZIpScopeSetting,
  version: z.number().int(),
  /** The address this request came from, after TRUSTED_PROXIES: what the own-address guard checks. */
  currentAddress: z.string(),
});
export type TIpRestriction = z.infer<typeof ZIpRestriction>;
export const ZIpRestrictionResponse = z.object({ ipRestriction: ZIpRestriction });

const scopeBody = ZIpScopeSetting.refine((s) => s.mode === 'off' || s.ranges.length > 0, {
  message: '「記録のみ」「制限する」には、許可するIPアドレスを1件以上登録してください。',
  path: ['ranges'],
});
export const ZUpdateIpRestrictionRequest = strictRequestBody({
  console: scopeBody,
  scim: scopeBody,
  sso: scopeBody,
});
export type TUpdateIpRestrictionRequest = z.input<typeof ZUpdateIpRestrictionRequest>;

/** A member who signed in from an address outside the new console ranges in the last 30 days. */
export const ZIpImpactMember = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  /** Each address outside the ranges, with the last sign-in from it and how many. */
  addresses: z.array(z.object({ address: z.string(), lastAt: z.string(), count: z.number() })),
});
export const IP_IMPACT_DAYS = 30;
export const ZIpRestrictionPreview = z.object({
  /** Sign-ins looked at: the last 30 days. */
  since: z.string(),
  signIns: z.number().int(),
  members: z.array(ZIpImpactMember),
  /** The admin's own address and whether the new console ranges allow it. */
  currentAddress: z.string(),
  currentAddressAllowed: z.boolean(),
});
export type TIpRestrictionPreview = z.infer<typeof ZIpRestrictionPreview>;
export const ZIpRestrictionPreviewResponse = z.object({ preview: ZIpRestrictionPreview });

/** The words of the preview (console and server say the same). */
export const ipImpactSentence = (count: number) =>
  `この設定では、過去${IP_IMPACT_DAYS}日にログインした${count}名が許可されていないIPアドレスから利用していました`;

/** Refused when the admin's own address is outside the console ranges he is about to save. */
export const IP_OWN_ADDRESS_REFUSED = (address: string) =>
  `現在お使いのIPアドレス（${address}）が、コンソールの許可するIPアドレスに含まれていません。このまま保存すると、あなた自身がコンソールを利用できなくなるため保存できません。`;

/** CSV of a scope's list: the columns, their order, and the rows as `POST …/csv` reads them. */
export const IP_CSV_COLUMNS = { cidr: 'IPアドレス（CIDR）', memo: 'メモ' } as const;
export const ZIpCsvQuery = z.object({
  scope: ZIpRestrictionScope.default('console'),
  encoding: ZCsvEncoding.default('sjis'),
});
export const ZIpCsvImportResponse = z.object({ ranges: z.array(ZIpRange) });

/** What an API refusal says (the site's page says the same with the lift link). */
export const ipRefusedMessage = (address: string) =>
  `この組織では、アクセスできるIPアドレスが制限されています。お使いのIPアドレス（${address}）からは利用できません。`;
