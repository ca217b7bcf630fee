/**
 * TXT look-ups for SSO domain verification, through the resolvers the server is configured with (DNS_SERVERS,
 * else the system's): Node's own resolver (c-ares), never a hand-written DNS client.
 */
import { promises as dns } from 'node:dns';

/** The resolvers did not answer (time-out, refusal, SERVFAIL): nothing can be concluded about the domain. */
export class DnsUnavailable extends Error {}

/** Bounded: a stranger's slow name server costs at most TIMEOUT_MS × TRIES per name. */
const TIMEOUT_MS = 2000;
const TRIES = 2;
/** A name with no record, or no such name: an answer, not a failure. */
const NO_RECORD = new Set(['ENODATA', 'ENOTFOUND']);

/** Every TXT record of `name`, each record's strings joined (RFC 7208 §3.3: a long value is split in 255s). */
export async function txtRecords(servers: string | undefined, name: string): Promise<string[]> {
  const resolver = new dns.Resolver({ timeout: TIMEOUT_MS, tries: TRIES });
  if (servers) resolver.setServers(servers.split(','));
  try {
    return (await resolver.resolveTxt(name)).map((chunks) => chunks.join(''));
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code ?? '';
    if (NO_RECORD.has(code)) return [];
    throw new DnsUnavailable(`${name}: ${code}`, { cause: e });
  }
}
