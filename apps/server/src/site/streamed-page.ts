/**
 * An HTML page sent in two parts: its head at once, the rest when it is ready. The browser starts on the
 * stylesheet and the scripts the head names while the site is still rendering the body, instead of after.
 * Each part is flushed through the compressor as it is written (the site's usual compression holds bytes
 * back until its block is full, which would keep the head from leaving).
 */
import { PassThrough, type Transform } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

function encoderFor(request: FastifyRequest): { encoding: string | null; stream: Transform } {
  const accepted = request.headers['accept-encoding'];
  const encoding = typeof accepted === 'string' ? negotiate(accepted, ['br', 'gzip']) : null;
  if (encoding === 'br')
    return {
      encoding,
      stream: createBrotliCompress({
        flush: constants.BROTLI_OPERATION_FLUSH,
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: 4,
        },
      }),
    };
  if (encoding === 'gzip')
    return { encoding, stream: createGzip({ flush: constants.Z_SYNC_FLUSH, level: 6 }) };
  return { encoding: null, stream: new PassThrough() };
}

/**
 * Sends `head` now and `rest` once it resolves. `rest` must not reject: whatever it answers is the page's
 * end (a failed render answers the plain page's end). Not cached anywhere: the rest may be the member's own.
 */
export function sendStreamedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  head: string,
  rest: Promise<string>,
) {
  const { encoding, stream } = encoderFor(request);
  reply.header('cache-control', 'no-store').type('text/html; charset=utf-8');
  // Set before sending, so the site's own compression leaves these bytes alone.
  if (encoding) reply.header('content-encoding', encoding).header('vary', 'Accept-Encoding');
  stream.write(head);
  void rest.then(
    (tail) => stream.end(tail),
    (error: unknown) => stream.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  return reply.send(stream);
}
