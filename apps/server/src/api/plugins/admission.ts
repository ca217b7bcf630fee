import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../../lib/http/error-handler.ts';
import { AdmissionGate } from '../../lib/http/admission-gate.ts';
import { holdPlace, InFlightLimit, limitPerAddress } from '../../lib/http/client-limits.ts';
import type { Refuse } from '../../lib/http/refuse.ts';
import { guardSlowBodies, hasBody, type SlowBodyOptions } from '../../lib/http/slow-body-guard.ts';

// Module augmentation needs interfaces.
/* eslint-disable @typescript-eslint/consistent-type-definitions */
declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: the route never takes a place of the shared gate (it does no database work: the log intake). */
    sharedGate?: boolean;
  }
}
/* eslint-enable @typescript-eslint/consistent-type-definitions */

export const MSG_OVERLOADED =
  'ただいまアクセスが集中しています。時間をおいて、もう一度お試しください。';

/** Routes that never wait for a turn: probes and metrics must answer while the process is busiest. */
const EXEMPT_PATHS = new Set(['/healthz', '/metrics']);

export type AdmissionOptions = {
  maxConcurrent: number;
  maxQueued: number;
  queueWaitMs: number;
  maxPerAddress: number;
  maxPerMember: number;
  /**
   * A caller its request names before any lookup (a SCIM token, by its secret's hash): `max` in progress at
   * once, counted from the first byte like an address, refused in the caller's own error shape.
   */
  perToken?: { max: number; keyOf: (request: FastifyRequest) => string | null; refuse: Refuse };
  body: SlowBodyOptions;
};

/** The path without its query, without splitting the URL anew at each of the hooks that ask. */
const pathOf = (url: string) => {
  const q = url.indexOf('?');
  return q < 0 ? url : url.slice(0, q);
};

const isExempt = (request: FastifyRequest) =>
  request.method === 'OPTIONS' || EXEMPT_PATHS.has(pathOf(request.url));

/**
 * Admission control: a process serves `maxConcurrent` requests at once and lets `maxQueued` more wait up to
 * `queueWaitMs` for a turn. Beyond that it answers 503 with Retry-After at once, in the product's error
 * shape, rather than letting every request queue for the database until clients time out (the console
 * shows it as a failure that may pass). CORS preflights and the exempt routes never wait.
 *
 * A request with a body takes its turn only once the body has arrived: a body still on its way (sent a byte
 * at a time) must hold no place of the shared gate. Bodies must keep a minimum rate, one address may have
 * only `maxPerAddress` requests with a body in progress and one member `maxPerMember` admitted, so neither a
 * stranger nor one member's token can take every place.
 *
 * A SCIM token has `perToken.max` in progress, counted before the gate and before its own lookup, so an IdP
 * sending more at once than that is refused without waiting in line or taking a place the console needs. Its
 * requests count against the token instead of the address: an IdP's sync and the admins behind the office's
 * one address never fill each other's share. A made-up token gains nothing by it: the SCIM hook refuses it
 * (401) before its body is read.
 */
export const admission = fp<AdmissionOptions>(async (app, opts) => {
  const gate = new AdmissionGate(opts.maxConcurrent, opts.maxQueued, opts.queueWaitMs);
  const perMember = new InFlightLimit(opts.maxPerMember);
  const retryAfterSeconds = String(Math.max(1, Math.ceil(opts.queueWaitMs / 1000)));

  const perToken = opts.perToken;
  const tokenLimit = new InFlightLimit(perToken?.max ?? 1);
  const countedPerToken = new WeakSet<FastifyRequest>();
  // First of the hooks: before the address's count and before the gate's line. Callback hooks, as all of
  // admission's: none waits but a request in line, and an async hook costs every request a promise and a turn.
  // A refused request's hook calls no `done`: the refusal is its answer.
  app.addHook('onRequest', (request, reply, done) => {
    const key = perToken && !isExempt(request) ? perToken.keyOf(request) : null;
    if (!key) return done();
    if (!holdPlace(tokenLimit, key, request, reply, perToken!.refuse)) return;
    countedPerToken.add(request);
    done();
  });
  // Per address, only requests with a body: those are what a client holds open at will. Reads without one are
  // bounded by the gate itself, and the site's first screens read the api from one address for every member.
  limitPerAddress(
    app,
    opts.maxPerAddress,
    (request) => isExempt(request) || !hasBody(request) || countedPerToken.has(request),
  );
  guardSlowBodies(app, opts.body);

  /**
   * In line, the request gives its place up when its client leaves. Only a request that waits builds the signal
   * for that: aborting one on every close (an AbortError and its stack each time) was a cost of every request.
   */
  const waitForTurn = (reply: FastifyReply) => {
    const gone = new AbortController();
    const leave = () => gone.abort();
    reply.raw.once('close', leave);
    return gate.enter(gone.signal).finally(() => reply.raw.removeListener('close', leave));
  };
  const admitted = (
    request: FastifyRequest,
    reply: FastifyReply,
    release: (() => void) | null,
    done: () => void,
  ) => {
    if (release) {
      // Both: `close` when the client leaves first, onResponse under inject (no socket to close).
      reply.raw.once('close', release);
      releases.set(request, release);
      return done();
    }
    reply.header('retry-after', retryAfterSeconds);
    request.log.warn(
      { inFlight: gate.inFlight, queued: gate.queued },
      'request refused: overloaded',
    );
    void sendError(request, reply, 'unavailable', MSG_OVERLOADED);
  };
  /** A place at once when one is free (no promise), else in line; `done` once admitted. */
  const takeTurn = (request: FastifyRequest, reply: FastifyReply, done: (err?: Error) => void) => {
    const release = gate.tryEnter();
    if (release) return admitted(request, reply, release, done);
    waitForTurn(reply).then((r) => admitted(request, reply, r, done), done);
  };
  const isGated = (request: FastifyRequest) =>
    !isExempt(request) && request.routeOptions.config.sharedGate !== false;

  // Without a body, the turn is taken at once, before authentication looks the session up.
  app.addHook('onRequest', (request, reply, done) => {
    if (isGated(request) && !hasBody(request)) return takeTurn(request, reply, done);
    done();
  });
  // With a body, once it has arrived (preValidation runs after parsing; authentication ran before it).
  app.addHook('preValidation', (request, reply, done) => {
    const member = request.auth?.user.id;
    if (member && !holdPlace(perMember, `member:${member}`, request, reply)) return;
    if (isGated(request) && hasBody(request)) return takeTurn(request, reply, done);
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    releases.get(request)?.();
    done();
  });
});

const releases = new WeakMap<FastifyRequest, () => void>();
