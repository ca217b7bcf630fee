/**
 * The console's first screen rendered on the site (docs/design.md §1 "First screen"): a signed-in member
 * opening a list page gets the page's HTML with its rows, which the console then hydrates. The renderer is
 * the console's own server bundle (dist/server/entry-server.js, built with the console); it reads the api
 * over HTTP with a token minted for this request, as the browser would.
 *
 * The plain page is the fallback: no bundle, no session, a page not marked for it, a redirect or error, a
 * read that fails or does not answer within the budget. The console then renders in the browser. A render
 * that throws is the console's bug: in production the plain page hides it (and the log says so); anywhere
 * else (tests, development, FIRST_SCREEN=strict) the page breaks, so a test fails.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyRequest } from 'fastify';
import {
  FIRST_SCREEN_STATE_ID,
  type FirstScreen,
  type FirstScreenRenderer,
} from '@cloudsign/contract';
import type { AppDeps } from '../deps.ts';
import { accessTokenFor } from './session-token.ts';

/**
 * Longest the site waits for the page's reads and render. Past it the plain page goes out, and the browser
 * starts its own reads; beyond this the rendered rows would come no sooner than the browser's.
 */
export const FIRST_SCREEN_BUDGET_MS = 400;
type Rendered = FirstScreen;

/** The bundle's default export (apps/console/src/entry-server.tsx), checked before it is used. */
const rendererOf = (mod: unknown): FirstScreenRenderer | null => {
  const r = (mod as { default?: Partial<FirstScreenRenderer> } | null)?.default;
  return typeof r?.renderFirstScreen === 'function' && typeof r.serverRenderedTitle === 'function'
    ? (r as FirstScreenRenderer)
    : null;
};

/** JSON inside a <script type="application/json">: nothing in it may close the element or start a comment. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/** The data block the console hydrates from (lib/first-screen-state.ts), written after `#root`. */
export const stateBlock = (screen: Rendered) =>
  `<script type="application/json" id="${FIRST_SCREEN_STATE_ID}">${scriptJson(screen.state)}</script>`;

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
          (mod: unknown) => rendererOf(mod),
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

  /** The source file of the page module `pathname` opens (Vite's manifest key), or null. */
  async function pageFileOf(pathname: string): Promise<string | null> {
    return (await renderer())?.pageFileOf(pathname) ?? null;
  }

  /**
   * The first screen of `pathname` if the site renders it: its title, and the render for one request, which
   * answers null for the plain page and never rejects. Null when the page is not rendered by the site.
   */
  const isStrict = deps.env.FIRST_SCREEN === 'strict' || deps.env.NODE_ENV !== 'production';

  async function firstScreenOf(pathname: string) {
    const bundle = deps.env.FIRST_SCREEN === 'off' ? null : await renderer();
    const title = bundle?.serverRenderedTitle(pathname) ?? null;
    if (!bundle || title === null) return null;
    return {
      title,
      /** Rejects only for a render that threw where the page must not hide it (`isStrict`). */
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
          if (signal.aborted) return null;
          // A render that fails is the console's bug: in production the plain page still works.
          deps.logger.error({ err: error, path: url.pathname }, '初期画面を描画できませんでした');
          if (isStrict) throw error;
          return null;
        }
      },
    };
  }

  return { pageFileOf, firstScreenOf };
}
