/**
 * The console's first screen rendered on the site (docs/design.md §1 "First screen"): a signed-in member
 * opening a list page gets the page's HTML with its rows, which the console then hydrates. The renderer is
 * the console's own server bundle (dist/server/entry-server.js, built with the console); it reads the api
 * over HTTP with a token minted for this request, as the browser would.
 *
 * The plain page is always the fallback: no bundle, no session, a page not marked for it, a redirect or
 * error, a read that fails or does not answer within the budget. The console then renders in the browser.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { accessTokenFor } from './token.routes.ts';

/**
 * Longest the site waits for the page's reads and render. Past it the plain page goes out, and the browser
 * starts its own reads; beyond this the rendered rows would come no sooner than the browser's.
 */
export const FIRST_SCREEN_BUDGET_MS = 400;
/** The element whose JSON the console hydrates from (the console's lib/first-screen-state.ts). */
export const FIRST_SCREEN_STATE_ID = 'first-screen-state';

export type Rendered = { html: string; state: unknown };
/** What the console's server bundle exports (apps/console/src/entry-server.tsx). */
export type FirstScreenRenderer = {
  serverRenderedTitle: (pathname: string) => string | null;
  renderFirstScreen: (input: {
    url: string;
    apiUrl: string;
    siteUrl: string;
    jwt: string;
    fetch: typeof fetch;
    signal: AbortSignal;
  }) => Promise<Rendered | null>;
};

const isRenderer = (mod: unknown): mod is FirstScreenRenderer =>
  typeof (mod as Partial<FirstScreenRenderer> | null)?.renderFirstScreen === 'function' &&
  typeof (mod as Partial<FirstScreenRenderer> | null)?.serverRenderedTitle === 'function';

/** JSON inside a <script type="application/json">: nothing in it may close the element or start a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const escapeText = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const ROOT = '<div id="root"></div>';

/** The console's module scripts and their preloads, as the build and console-index.ts write them. */
const MODULE_TAGS = /<script type="module"[^>]*><\/script>|<link rel="modulepreload"[^>]*>/g;

/**
 * The plain page cut where the first screen goes: `head` ends inside #root (with the page's title set),
 * `end` finishes the page with what the render gives, or empty as the plain page. Null for a page without
 * an empty #root (it cannot take a render).
 *
 * The head keeps the stylesheet and loses the module scripts and preloads, which move to the end: named in
 * the head, some fifty script requests reached the site while it was rendering and were served first,
 * delaying the rows, and the browser spent the wait compiling them instead of painting. They still run
 * after the page is parsed, as before; the console then hydrates the rows.
 */
export function splitAtRoot(shell: string, title: string) {
  const at = shell.indexOf(ROOT);
  if (at < 0) return null;
  const open = '<div id="root">';
  const before = shell.slice(0, at + open.length);
  const modules = (before.match(MODULE_TAGS) ?? []).join('');
  const head = before
    .replace(new RegExp(`[ \\t]*(?:${MODULE_TAGS.source})\\n?`, 'g'), '')
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(title)}</title>`);
  const after = shell.slice(at + ROOT.length);
  const close = after.lastIndexOf('</body>');
  const tail =
    close < 0 ? `${after}${modules}` : `${after.slice(0, close)}${modules}${after.slice(close)}`;
  return {
    head,
    end: (screen: Rendered | null) =>
      screen
        ? `${screen.html}</div>` +
          `<script type="application/json" id="${FIRST_SCREEN_STATE_ID}">${scriptJson(screen.state)}</script>` +
          tail
        : `</div>${tail}`,
  };
}

export function firstScreenRenderer(distDir: string, deps: AppDeps) {
  const file = path.join(distDir, 'server', 'entry-server.js');
  let loaded: { mtime: number; renderer: Promise<FirstScreenRenderer | null> } | null = null;

  /** The bundle, imported again only when a build replaced it. */
  async function renderer(): Promise<FirstScreenRenderer | null> {
    let mtime: number;
    try {
      mtime = (await stat(file)).mtimeMs;
    } catch {
      return null;
    }
    if (loaded?.mtime !== mtime) {
      const url = `${pathToFileURL(file).href}?v=${mtime}`;
      loaded = {
        mtime,
        renderer: import(url).then(
          (mod: unknown) => (isRenderer(mod) ? mod : null),
          (error: unknown) => {
            deps.logger.warn(
              { err: error },
              'コンソールの初期画面レンダラーを読み込めませんでした',
            );
            return null;
          },
        ),
      };
    }
    return loaded.renderer;
  }

  /**
   * The first screen of `pathname` if the site renders it: its title, and the render for one request, which
   * answers null for the plain page and never rejects. Null when the page is not rendered by the site.
   */
  return async function pageFor(pathname: string) {
    const bundle = deps.env.FIRST_SCREEN === 'off' ? null : await renderer();
    const title = bundle?.serverRenderedTitle(pathname) ?? null;
    if (!bundle || title === null) return null;
    return {
      title,
      async render(request: FastifyRequest, url: URL): Promise<Rendered | null> {
        const signal = AbortSignal.timeout(FIRST_SCREEN_BUDGET_MS);
        try {
          const jwt = await accessTokenFor(deps, request);
          if (!jwt) return null;
          const screen = await bundle.renderFirstScreen({
            url: url.href,
            apiUrl: deps.env.API_INTERNAL_URL,
            siteUrl: deps.env.SITE_URL,
            jwt,
            // Reads still running when the budget is spent are cancelled (the api stops their statements).
            fetch: (input, init) =>
              fetch(input, {
                ...init,
                signal: init?.signal ? AbortSignal.any([init.signal, signal]) : signal,
              }),
            signal,
          });
          // The budget is the site's: a render that outlasted it is not waited for, nor sent.
          return signal.aborted ? null : screen;
        } catch (error) {
          // The plain page still works; a render that fails is the console's bug, worth a line in the log.
          if (!signal.aborted)
            deps.logger.warn({ err: error, path: url.pathname }, '初期画面を描画できませんでした');
          return null;
        }
      },
    };
  };
}
