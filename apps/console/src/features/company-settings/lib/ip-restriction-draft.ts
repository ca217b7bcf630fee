import {
  IP_RESTRICTION_SCOPES,
  type TIpRestriction,
  type TIpRestrictionMode,
  type TIpRestrictionScope,
} from '@cloudsign/contract';

export type IpRange = { cidr: string; memo: string };
export type IpDraft = Record<TIpRestrictionScope, { mode: TIpRestrictionMode; ranges: IpRange[] }>;

/** The editable copy of the saved restriction: each scope's mode and ranges. */
export const draftOf = (r: TIpRestriction): IpDraft => ({
  console: { mode: r.console.mode, ranges: r.console.ranges },
  scim: { mode: r.scim.mode, ranges: r.scim.ranges },
  sso: { mode: r.sso.mode, ranges: r.sso.ranges },
});

/** The scope an error's path (`sso.ranges.0.cidr`) speaks of, so the form can show that scope. */
export const scopeOfPath = (path: string): TIpRestrictionScope | null => {
  const head = path.split('.')[0];
  return IP_RESTRICTION_SCOPES.find((s) => s === head) ?? null;
};
