/**
 * Spec §8, §9: a chunk-load failure reloads the page, at most once per 10000 ms per path. The route's error
 * element (app/route-error.tsx) applies it, once the router has moved to the page whose code failed, so the
 * reload loads that page. Vite's `vite:preloadError` is left alone: its listener runs before the router
 * moves, so it reloaded the page being left (and any failed prefetch reloaded the page on screen).
 */
export const RELOAD_GUARD_MS = 10_000;
const KEY_PREFIX = 'cloudsign:chunk-reload:';

const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|ChunkLoadError|Loading chunk [\w-]+ failed/i;

export function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error && (error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message))
  );
}

type GuardEnv = { storage: Storage; now: () => number; reload: () => void };

const defaultEnv = (): GuardEnv => ({
  storage: window.sessionStorage,
  now: () => Date.now(),
  reload: () => window.location.reload(),
});

/**
 * Reloads the page (a new deploy replaced the chunks) unless this path was already reloaded in the last
 * 10 s — which would mean the chunk is really broken and reloading again would loop. Returns whether it reloaded.
 */
export function reloadOnceForChunkError(path: string, env: GuardEnv = defaultEnv()): boolean {
  const key = `${KEY_PREFIX}${path}`;
  const last = Number(env.storage.getItem(key) ?? '0');
  const now = env.now();
  if (Number.isFinite(last) && now - last < RELOAD_GUARD_MS) return false;
  try {
    env.storage.setItem(key, String(now));
  } catch {
    // Storage full or disabled: without a timestamp we cannot guard against a loop, so do not reload.
    return false;
  }
  env.reload();
  return true;
}
