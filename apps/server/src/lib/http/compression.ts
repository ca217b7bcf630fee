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
    params: {
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_QUALITY]: 4,
    },
  },
  // Streamed CSV downloads go through the compressor as they are written (headers at once, the body in the
  // compressor's blocks); no flush per write: a CSV stream writes row by row, and flushing each row would
  // make the body larger than uncompressed.
  zlibOptions: { level: 6 },
  customTypes: /^(text\/|application\/json|application\/problem\+json|text\/csv)/,
};
