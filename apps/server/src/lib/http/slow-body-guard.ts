import type { FastifyInstance, FastifyRequest } from 'fastify';
import { refuseAsJson, type Refuse } from './refuse.ts';

export type SlowBodyOptions = { minBytesPerSecond: number; graceMs: number };

/** How often a body still arriving is measured. */
const TICK_MS = 500;

/** True when the request announces a body (a length above 0, or chunks). */
export const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined ||
  Number(request.headers['content-length'] ?? 0) > 0;

/**
 * A body must arrive at `minBytesPerSecond` on average once `graceMs` have passed; slower, the request is
 * answered 408 and its connection closed. Without it, Node's 300 s requestTimeout was the only bound, and
 * bodies sent one byte every two seconds held places (admission, connections) for five minutes each.
 * The rate is measured on the socket (what the client sent), and only while the server waits for the client:
 * while received bytes sit unread (a handler streaming an upload slower than it arrives) the window restarts,
 * so a slow consumer never cuts an honest upload. Requests without a socket (inject) are not measured.
 */
export function guardSlowBodies(
  app: FastifyInstance,
  opts: SlowBodyOptions,
  refuse: Refuse = refuseAsJson,
) {
  app.addHook('onRequest', (request, reply, done) => {
    const socket = request.raw.socket as { bytesRead?: number } | undefined;
    if (!hasBody(request) || request.raw.complete || typeof socket?.bytesRead !== 'number')
      return done();
    let since = Date.now();
    let bytesAt = socket.bytesRead;
    const timer = setInterval(() => {
      if (request.raw.complete || reply.raw.writableEnded) return clearInterval(timer);
      const now = Date.now();
      const received = (socket.bytesRead ?? 0) - bytesAt;
      if (request.raw.readableLength > 0) {
        since = now;
        bytesAt = socket.bytesRead ?? 0;
        return;
      }
      const elapsed = now - since;
      if (elapsed < opts.graceMs || received >= (opts.minBytesPerSecond * elapsed) / 1000) return;
      clearInterval(timer);
      request.log.info({ received, elapsedMs: elapsed }, 'request body too slow: cut off');
      if (reply.sent || reply.raw.headersSent) return void request.raw.destroy();
      // The rest of the body will never be read: the connection closes once the answer is out.
      reply.header('connection', 'close');
      void refuse(request, reply, 'request_timeout');
    }, TICK_MS);
    timer.unref();
    reply.raw.once('close', () => clearInterval(timer));
    done();
  });
}
