/**
 * The console's page as the site serves it for one URL, composed from parts: the build's manifest
 * (`.vite/manifest.json`: the entry's script, stylesheets and chunks, and each chunk's imports), the chunk of
 * each page module (`.vite/page-chunks.json`, the console's build/page-chunks.ts) and the page's title. Nothing is parsed out of HTML. The page's own chunks are `<link rel="modulepreload">`, so the
 * browser fetches them beside the entry's instead of after the entry has run; the stylesheet comes first in
 * the head, so a page the site rendered paints as soon as it is here.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { CONSOLE_ROOT_ID } from '@cloudsign/contract';

type ManifestChunk = { file: string; css?: string[]; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;
/** The manifest, and the manifest key of each page module's chunk. */
type Build = { manifest: Manifest; pageKeys: Map<string, string> };

/**
 * The page's parts: the head up to the open `#root`, and its end given `#root`'s content and what follows
 * it (the first screen's state); `head + end()` is the plain page.
 */
export type ConsolePage = { head: string; end: (inner?: string, after?: string) => string };

const ENTRY = 'index.html';
const DEFAULT_TITLE = 'クラウドサイン';

const escapeText = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** Files come from our own build; anything else in the manifest is refused rather than written into HTML. */
const isAsset = (f: unknown, ext: 'js' | 'css'): f is string =>
  typeof f === 'string' && new RegExp(`^assets/[\\w.-]+\\.${ext}$`).test(f);

/** The chunk `key` and those it imports statically, itself first, without the keys in `loaded`. */
function closure(manifest: Manifest, key: string, loaded: ReadonlySet<string> = new Set()) {
  const keys: string[] = [];
  const visit = (k: string) => {
    if (loaded.has(k) || keys.includes(k) || !manifest[k]) return;
    keys.push(k);
    manifest[k].imports?.forEach(visit);
  };
  visit(key);
  return keys;
}

async function mtimeOf(file: string): Promise<number | null> {
  try {
    return (await stat(file)).mtimeMs;
  } catch {
    return null;
  }
}

export function consolePages(distDir: string) {
  const manifestFile = path.join(distDir, '.vite', 'manifest.json');
  const pagesFile = path.join(distDir, '.vite', 'page-chunks.json');
  let loaded: { mtime: number; build: Build | null } | null = null;

  const readJson = async <T>(file: string): Promise<T | null> => {
    try {
      return JSON.parse(await readFile(file, 'utf8')) as T;
    } catch {
      return null;
    }
  };

  /** Read again only when a build replaced it (`npm run build` beside a running site). */
  async function build(): Promise<Build | null> {
    const mtime = await mtimeOf(manifestFile);
    if (mtime === null) return null;
    if (loaded?.mtime !== mtime) {
      // A damaged manifest is a console not (yet) built; damaged page chunks cost the preloads only.
      const manifest = await readJson<Manifest>(manifestFile);
      const pages = (await readJson<Record<string, string>>(pagesFile)) ?? {};
      const keyOfFile = new Map(Object.entries(manifest ?? {}).map(([k, c]) => [c.file, k]));
      const pageKeys = new Map<string, string>();
      for (const [source, file] of Object.entries(pages)) {
        const key = keyOfFile.get(file);
        if (key) pageKeys.set(source, key);
      }
      loaded = { mtime, build: manifest?.[ENTRY] ? { manifest, pageKeys } : null };
    }
    return loaded.build;
  }

  /**
   * The page for a URL whose page module is `pageFile` (null: none known), titled `title`; with `isStreamed`
   * the module scripts and preloads go after `#root`'s content instead of in the head (first-screen.ts).
   * Null when the console has not been built.
   */
  return async function pageFor(opts: {
    pageFile: string | null;
    title?: string;
    isStreamed?: boolean;
  }): Promise<ConsolePage | null> {
    const b = await build();
    if (!b) return null;
    const m = b.manifest;
    const entry = closure(m, ENTRY);
    const pageKey = opts.pageFile && (b.pageKeys.get(opts.pageFile) ?? opts.pageFile);
    const page = pageKey ? closure(m, pageKey, new Set(entry)) : [];
    const chunks = [...entry, ...page].map((k) => m[k]!);
    const css = [...new Set(chunks.flatMap((c) => c.css ?? []))].filter((f) => isAsset(f, 'css'));
    const [main, ...preloaded] = chunks.map((c) => c.file).filter((f) => isAsset(f, 'js'));
    const scripts =
      (main ? `<script type="module" crossorigin src="/${main}"></script>` : '') +
      preloaded.map((f) => `<link rel="modulepreload" crossorigin href="/${f}">`).join('');
    const head =
      '<!doctype html>\n<html lang="ja" data-mantine-color-scheme="light">\n<head>\n' +
      '<meta charset="UTF-8" />\n' +
      css.map((f) => `<link rel="stylesheet" crossorigin href="/${f}">\n`).join('') +
      '<meta name="viewport" content="width=device-width, initial-scale=1.0" />\n' +
      '<meta name="robots" content="noindex" />\n' +
      '<link rel="icon" href="/favicon.svg" type="image/svg+xml" />\n' +
      `<title>${escapeText(opts.title ?? DEFAULT_TITLE)}</title>\n` +
      // Deferred: runs before the module (both after parsing, in document order), never holds up the rows.
      '<script defer src="/console-config.js"></script>\n' +
      (opts.isStreamed ? '' : `${scripts}\n`) +
      `</head>\n<body>\n<div id="${CONSOLE_ROOT_ID}">`;
    const after = opts.isStreamed ? scripts : '';
    return {
      head,
      end: (inner = '', state = '') => `${inner}</div>\n${state}${after}</body>\n</html>\n`,
    };
  };
}
