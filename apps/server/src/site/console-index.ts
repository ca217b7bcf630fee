/**
 * The console's index.html as served for one URL: with `<link rel="modulepreload">` for the chunks of that
 * URL's page (the build's route-preloads.json), so the browser fetches the page's code beside the entry's
 * instead of after the entry has run. A build without the file (or a path of no route) gets the plain page.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

type RoutePreload = { path: string; files: string[] };
type Compiled = { pattern: RegExp; links: string };
type Loaded = { key: string; html: string; routes: Compiled[] };

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
/** Chunk names come from our own build; anything else in the file is refused rather than written into HTML. */
const isAssetFile = (f: unknown): f is string =>
  typeof f === 'string' && /^assets\/[\w.-]+\.js$/.test(f);

/** `/cabinets/:id` → a pattern for the whole path, a `:name` segment matching one segment. */
const patternOf = (routePath: string) =>
  new RegExp(
    `^${routePath
      .split('/')
      .map((seg) => (seg.startsWith(':') ? '[^/]+' : escapeRegExp(seg)))
      .join('/')}/?$`,
  );

function compile(json: unknown): Compiled[] {
  if (!Array.isArray(json)) return [];
  return json.flatMap((r: Partial<RoutePreload>) => {
    if (typeof r?.path !== 'string' || !Array.isArray(r.files)) return [];
    const links = r.files
      .filter(isAssetFile)
      .map((f) => `<link rel="modulepreload" crossorigin href="/${escapeAttr(f)}">`)
      .join('');
    return [{ pattern: patternOf(r.path), links }];
  });
}

async function mtimeOf(file: string): Promise<number | null> {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return null;
  }
}

export function consoleIndex(distDir: string) {
  const indexFile = path.join(distDir, 'index.html');
  const preloadsFile = path.join(distDir, 'route-preloads.json');
  let loaded: Loaded | null = null;

  /** Reads both files again only when a build replaced them (`npm run build` beside a running site). */
  async function load(): Promise<Loaded | null> {
    const [indexTime, preloadsTime] = await Promise.all([
      mtimeOf(indexFile),
      mtimeOf(preloadsFile),
    ]);
    if (indexTime === null) return null;
    const key = `${indexTime}:${preloadsTime}`;
    if (loaded?.key === key) return loaded;
    const html = await readFile(indexFile, 'utf8');
    let routes: Compiled[] = [];
    if (preloadsTime !== null) {
      try {
        routes = compile(JSON.parse(await readFile(preloadsFile, 'utf8')));
      } catch {
        routes = []; // a damaged file costs the preloads, never the page
      }
    }
    loaded = { key, html, routes };
    return loaded;
  }

  /** The page for `pathname`, or null when the console has not been built. */
  return async function htmlFor(pathname: string): Promise<string | null> {
    const index = await load();
    if (!index) return null;
    const links = index.routes.find((r) => r.pattern.test(pathname))?.links;
    return links ? index.html.replace('</head>', `${links}</head>`) : index.html;
  };
}
