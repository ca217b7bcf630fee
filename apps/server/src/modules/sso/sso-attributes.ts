/** The member an IdP's verified assertion describes, read through the company's attribute mapping. */
import { SSO_NAME_ID } from '@cloudsign/contract';
import type { Profile } from '@node-saml/node-saml';
import { normalizeEmail } from '../../lib/email.ts';

type Mapping = { emailAttribute: string; nameAttribute: string; organizationAttribute: string };

const first = (v: unknown): string =>
  Array.isArray(v) ? first(v[0]) : typeof v === 'string' ? v.trim() : '';

export function readMember(mapping: Mapping, profile: Profile) {
  const attrs = (profile.attributes ?? {}) as Record<string, unknown>;
  const pick = (name: string) => (name === SSO_NAME_ID ? profile.nameID : first(attrs[name]));
  const attributes = [
    { name: SSO_NAME_ID, values: [profile.nameID] },
    ...Object.entries(attrs).map(([name, v]) => ({
      name,
      values: (Array.isArray(v) ? v : [v]).filter((x): x is string => typeof x === 'string'),
    })),
  ];
  return {
    email: normalizeEmail(pick(mapping.emailAttribute)),
    name: pick(mapping.nameAttribute).slice(0, 100),
    organization: pick(mapping.organizationAttribute).slice(0, 100),
    attributes,
  };
}
