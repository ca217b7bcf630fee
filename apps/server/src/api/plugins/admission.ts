import fp from 'fastify-plugin';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sendError } from '../../lib/http/error-handler.ts';
import { AdmissionGate } from '../../lib/http/admission-gate.ts';

export const MSG_OVERLOADED =
  'ただいまアクセスが集中しています。時間をおいて、もう一度お試しください。';

/** Routes that never wait for a turn: probes and metrics must answer while the process is busiest. */
const EXEMPT_PATHS = new Set(['/healthz', '/metrics']);

export type AdmissionOptions = { maxConcurrent: number; maxQueued: number; queueWaitMs: number };

/**
 * Admission control: a process serves `maxConcurrent` requests at once and lets `maxQueued` more wait up to
 * `queueWaitMs` for a turn. Beyond that it answers 503 with Retry-After at once, in the product's error
 * shape, rather than letting every request queue for the database until clients time out (the console
 * shows it as a failure that may pass). CORS preflights and the exempt routes never wait.
 */
export const admission = fp<AdmissionOptions>(async (app, opts) => {
  const gate = new AdmissionGate(opts.maxConcurrent, opts.maxQueued, opts.queueWaitMs);
  const retryAfterSeconds = String(Math.max(1, Math.ceil(opts.queueWaitMs / 1000)));

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.method === 'OPTIONS' || EXEMPT_PATHS.has(request.url.split('?')[0] ?? '')) return;
    const gone = new AbortController();
    reply.raw.once('close', () => gone.abort());
    const release = await gate.enter(gone.signal);
    if (release) {
      // Both: `close` when the client leaves first, onResponse under inject (no socket to close).
      reply.raw.once('close', release);
      releases.set(request, release);
      return;
    }
    reply.header('retry-after', retryAfterSeconds);
    request.log.warn(
      { inFlight: gate.inFlight, queued: gate.queued },
      'request refused: overloaded',
    );
    return sendError(request, reply, 'unavailable', MSG_OVERLOADED);
  });
  app.addHook('onResponse', async (request) => releases.get(request)?.());
});

const releases = new WeakMap<FastifyRequest, () => void>();
