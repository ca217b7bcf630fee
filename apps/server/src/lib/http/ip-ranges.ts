/**
 * Matching a client address against CIDR ranges with ipaddr.js (no hand-written parsing). An IPv4 client seen
 * on a dual-stack socket as `::ffff:203.0.113.5` is matched as the IPv4 address it is.
 */
import ipaddr from 'ipaddr.js';
import { parseRangeStrict } from '@cloudsign/contract';

/** The address in one spelling (`::ffff:127.0.0.1` → `127.0.0.1`); null when it is no IP address. */
export function canonicalAddress(address: string): string | null {
  return ipaddr.isValid(address) ? ipaddr.process(address).toString() : null;
}

/** A predicate over addresses for the given ranges (CIDRs or single addresses, checked beforehand). */
export function rangeMatcher(cidrs: readonly string[]): (address: string) => boolean {
  const ranges = cidrs.flatMap((c) => {
    const r = parseRangeStrict(c);
    return r ? [r] : [];
  });
  return (address) => {
    if (!ipaddr.isValid(address)) return false;
    const a = ipaddr.process(address);
    return ranges.some(
      ([net, bits]) => a.kind() === net.kind() && (a as ipaddr.IPv4).match(net, bits),
    );
  };
}

/** An address or a CIDR range (`10.0.0.0/8`, `::1`), as TRUSTED_PROXIES lists them. */
export const isAddressOrRange = (text: string) => parseRangeStrict(text) !== null;
