/**
 * yazl takes every entry's CRC-32 from buffer-crc32, a byte-at-a-time JavaScript loop: for 2,000 PDFs of 24 KiB
 * it spent 580–680 ms where node:zlib's `crc32` spends 24–47 ms (measured here under load 9–12), more than the
 * archive's own writing. `zlib.crc32(data, previous)` has buffer-crc32's `unsigned` signature and result (the
 * standard CRC-32, unsigned, continued from `previous`), so it takes that function's place once, in the very
 * module object yazl requires: resolved from yazl's own folder (the server bundle keeps yazl in node_modules for
 * this, tooling/build-server.ts).
 */
import { createRequire } from 'node:module';
import zlib from 'node:zlib';

type Unsigned = (data: Buffer | string, previous?: Buffer | number) => number;

/** buffer-crc32 as yazl loads it. */
export const yazlCrc32 = (): { unsigned: Unsigned } =>
  createRequire(createRequire(import.meta.url).resolve('yazl'))('buffer-crc32') as {
    unsigned: Unsigned;
  };

export const nativeUnsigned: Unsigned = (data, previous = 0) =>
  zlib.crc32(data, Buffer.isBuffer(previous) ? previous.readUInt32BE(0) : previous);

export function installNativeCrc32() {
  yazlCrc32().unsigned = nativeUnsigned;
}
