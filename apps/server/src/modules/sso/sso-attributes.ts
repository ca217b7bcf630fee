/**
 * The member an IdP's verified assertion describes, read through the company's attribute mapping. The name and
 * department reach screens, CSVs and mails like typed ones, so they follow the same single-line rule; they are
 * cleaned rather than refused, since a sign-in must not fail for a display name.
 */
import {
  MEMBER_NAME_MAX,
  MEMBER_ORGANIZATION_MAX,
  showInvisible,
  SSO_NAME_ID,
  toSingleLine,
  ZMemberEmail,
} from '@cloudsign/contract';
import type { Profile } from '@node-saml/node-saml';
import { normalizeEmail } from '../../lib/email.ts';

type Mapping = { emailAttribute: string; nameAttribute: string; organizationAttribute: string };

const first = (v: unknown): string =>
  Array.isArray(v) ? first(v[0]) : typeof v === 'string' ? v.trim() : '';

export function readMember(mapping: Mapping, profile: Profile) {
  const attrs = (profile.attributes ?? {}) as Record<string, unknown>;
  const pick = (name: string) => (name === SSO_NAME_ID ? profile.nameID : first(attrs[name]));
  // What the admin's connection test shows of the IdP's answer: every value as sent, but with each invisible
  // or line-breaking character named (<U+202E>), so a disguised value is seen for what it is.
  const attributes = [
    { name: SSO_NAME_ID, values: [profile.nameID] },
    ...Object.entries(attrs).map(([name, v]) => ({
      name,
      values: (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string'),
    })),
  ].map((a) => ({ name: showInvisible(a.name), values: a.values.map(showInvisible) }));
  return {
    email: normalizeEmail(pick(mapping.emailAttribute)),
    name: toSingleLine(pick(mapping.nameAttribute), MEMBER_NAME_MAX),
    organization: toSingleLine(pick(mapping.organizationAttribute), MEMBER_ORGANIZATION_MAX),
    attributes,
  };
}

type Read = ReturnType<typeof readMember>;

/**
 * A JIT member's name: the IdP's, else their address as for any missing name, when it fits the field (an
 * empty name is shown as the address everywhere anyway).
 */
export const jitName = (read: Read) =>
  read.name || (read.email.length <= MEMBER_NAME_MAX ? read.email : '');

/** JIT creates members only of an address a form would take: the IdP's value becomes a mail recipient. */
export const isValidJitEmail = (read: Read) =>
  ZMemberEmail.safeParse(read.email).data === read.email;
