/**
 * Response compression for the site's pages and the API's JSON and CSV, when the client asks for it
 * (Accept-Encoding). Brotli at a low quality: on the fly it costs about as much CPU as gzip and still wins on
 * size; the console's files are compressed at build time at the highest quality instead.
 */
import { constants } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

export const COMPRESS_OPTIONS: FastifyCompressOptions = {
  encodings: ['br', 'gzip'],
  threshold: 1024,
  brotliOptions: {
    flush: constants.BROTLI_OPERATION_FLUSH,
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: 4,
    },
  },
  // Streamed CSV downloads are compressed as they are written: each chunk is flushed, so the download
  // starts at once and its progress moves, rather than waiting for a compressor's buffer to fill.
  zlibOptions: { level: 6, flush: constants.Z_SYNC_FLUSH },
  customTypes: /^(text\/|application\/json|application\/problem\+json|text\/csv)/,
};
