/**
 * The embedded database's shared buffers. PGlite 0.3 starts PostgreSQL with `-c shared_buffers=128MB`, a
 * string compiled into its WebAssembly, and offers no option to change it (0.5 does, as `startParams`, but
 * moves to PostgreSQL 18, whose data folders our PostgreSQL 17 ones are not). Those 128 MB are resident from
 * start: an idle server held 307 MiB, 153 MiB of them PGlite's memory. We compile PGlite's module with that one
 * argument rewritten to our size (PGLITE_SHARED_BUFFERS_MB) and hand it over as `wasmModule`, once per
 * process and size. The rest of the module is untouched. PGlite is pinned exactly in package.json (PINNED_PGLITE
 * below must match): if the argument is not found exactly once (another PGlite), PGlite's own module is used, the
 * database runs with 128 MB, a warning naming the cause is printed at every start, and the test that reads
 * `show shared_buffers` fails.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

// Node has WebAssembly.compile; the server's type libraries (ES2023 and Node's, no DOM) declare only its types.
declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace WebAssembly {
    function compile(bytes: Uint8Array): Promise<Module>;
  }
}

/** Small companies and the demo fit; the files stay in the operating system's page cache beyond it. */
export const DEFAULT_SHARED_BUFFERS_MB = 32;

const COMPILED_IN = Buffer.from('shared_buffers=128MB\0');

const modules = new Map<number, Promise<WebAssembly.Module | undefined>>();

/** PGlite's module with `shared_buffers=<mb>MB`; undefined when PGlite's own should be used. */
export function pgliteModuleWithBuffers(mb: number): Promise<WebAssembly.Module | undefined> {
  if (mb === 128) return Promise.resolve(undefined);
  let module = modules.get(mb);
  if (!module) {
    module = compileWithBuffers(mb);
    modules.set(mb, module);
  }
  return module;
}

/** The PGlite whose WebAssembly holds the argument this file rewrites (package.json pins it exactly). */
export const PINNED_PGLITE = '0.3.16';

/** PGlite's module bytes with the argument rewritten (in place), or why they could not be. */
function withSharedBuffers(bytes: Buffer, mb: number): { bytes: Buffer } | { reason: string } {
  const at = bytes.indexOf(COMPILED_IN);
  if (at < 0 || bytes.indexOf(COMPILED_IN, at + 1) >= 0)
    return { reason: `'shared_buffers=128MB' is not found exactly once in pglite.wasm` };
  const text = `shared_buffers=${mb}MB`;
  if (text.length >= COMPILED_IN.length) return { reason: `${text} is longer than the argument` };
  const replacement = Buffer.alloc(COMPILED_IN.length); // NUL-padded: the C string ends where ours does
  replacement.write(text, 'latin1');
  replacement.copy(bytes, at); // in place: the module is 9 MB, read for this alone
  return { bytes };
}

/** The installed PGlite's folder (its entry is in dist/). */
const pgliteDist = () =>
  path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));

/** PGlite's module from `wasmFile` with our shared buffers; undefined (and a warning) when it cannot be. */
export async function compileWithBuffers(
  mb: number,
  wasmFile = path.join(pgliteDist(), 'pglite.wasm'),
): Promise<WebAssembly.Module | undefined> {
  const result = withSharedBuffers(readFileSync(wasmFile), mb);
  if ('reason' in result) {
    process.emitWarning(
      `PGLITE_SHARED_BUFFERS_MB=${mb} is not applied: ${result.reason} (PGlite ${installedVersion()} ` +
        `installed, ${PINNED_PGLITE} expected). The embedded database runs with PGlite's own 128 MB.`,
      { code: 'CLOUDSIGN_PGLITE_SHARED_BUFFERS' },
    );
    return undefined;
  }
  return WebAssembly.compile(result.bytes);
}

function installedVersion(): string {
  try {
    const pkg = JSON.parse(readFileSync(path.join(pgliteDist(), '..', 'package.json'), 'utf8')) as {
      version?: string;
    };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
