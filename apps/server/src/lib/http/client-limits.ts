import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { refuseAsJson, type Refuse } from './refuse.ts';

export const MSG_TOO_MANY_AT_ONCE =
  '同時に送られたリクエストが多すぎます。少し待ってから、もう一度お試しください。';

/**
 * In-flight requests counted per key (a client address, a member): `enter` gives a release function, or null
 * when the key already holds `max` places. Keys with nothing in flight are forgotten, so the map stays as
 * small as what is in progress.
 */
export class InFlightLimit {
  private readonly counts = new Map<string, number>();

  constructor(private readonly max: number) {}

  enter(key: string): (() => void) | null {
    const count = this.counts.get(key) ?? 0;
    if (count >= this.max) return null;
    this.counts.set(key, count + 1);
    let isReleased = false;
    return () => {
      if (isReleased) return;
      isReleased = true;
      const left = (this.counts.get(key) ?? 1) - 1;
      if (left === 0) this.counts.delete(key);
      else this.counts.set(key, left);
    };
  }
}

/**
 * Takes a place of `limit` under `key` for the rest of the request, released when its answer is written or
 * its client leaves; without a place the request is answered 429 at once and goes no further.
 */
export function holdPlace(
  limit: InFlightLimit,
  key: string,
  request: FastifyRequest,
  reply: FastifyReply,
  refuse: Refuse = refuseAsJson,
): boolean {
  const release = limit.enter(key);
  if (release) {
    // `close` when the socket is done with the answer or the client left; onResponse under inject.
    reply.raw.once('close', release);
    reply.raw.once('finish', release);
    return true;
  }
  request.log.warn({ key }, 'request refused: too many at once from one client');
  reply.header('retry-after', '1');
  void refuse(request, reply, 'rate_limited', MSG_TOO_MANY_AT_ONCE);
  return false;
}

/**
 * Caps what one client address may have in progress at once on this server, counted from the request's
 * first hook, so while its body is still arriving too: one address cannot take every connection with
 * bodies sent a byte at a time. Probes are exempt, like admission's.
 */
export function limitPerAddress(
  app: FastifyInstance,
  max: number,
  isExempt: (request: FastifyRequest) => boolean = () => false,
  refuse: Refuse = refuseAsJson,
) {
  const perAddress = new InFlightLimit(max);
  // Refused, the hook calls no `done`: the refusal is the answer.
  app.addHook('onRequest', (request, reply, done) => {
    if (isExempt(request) || holdPlace(perAddress, `ip:${request.ip}`, request, reply, refuse))
      done();
  });
}
