/**
 * Hosting of the built console (docs/design.md §1): hashed assets cached for good, every other console path
 * answered with index.html (history fallback), and /console-config.js carrying the runtime settings.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CONSOLE_CONFIG_GLOBAL,
  EARLY_TOKEN_GLOBAL,
  meEndpoints,
  type ConsoleConfig,
} from '@cloudsign/contract';
import type { AppDeps } from '../deps.ts';
import { sendError } from '../lib/http/error-handler.ts';
import { consolePages } from './console-page.ts';
import { firstScreenRenderer, stateBlock } from './first-screen.ts';
import { sessionCookie } from './session-context.ts';
import { sendStreamedPage } from './streamed-page.ts';
import { sendMessage, sendNotFoundPage } from './render.ts';

/** Paths that belong to the site itself: never answered with the console's index.html. */
const SITE_PREFIXES = [
  '/api/',
  '/.well-known/',
  '/login',
  '/password_setup',
  '/mfa/',
  '/mfa',
  '/assets/',
];
const isSitePath = (p: string) =>
  SITE_PREFIXES.some(
    (prefix) => p === prefix || p.startsWith(prefix.endsWith('/') ? prefix : `${prefix}/`),
  );

export function consoleConfigScript(env: AppDeps['env']) {
  const config: ConsoleConfig = {
    apiUrl: env.API_URL,
    siteUrl: env.SITE_URL,
    datadogClientToken: env.DATADOG_CLIENT_TOKEN ?? null,
    gtmId: env.GTM_ID ?? null,
  };
  // `<` escaped so no value can close a surrounding <script> if the file is ever inlined.
  const json = JSON.stringify(config)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  // The token request starts here, while the console's modules download, instead of after they ran: the
  // first API call of a cold page no longer waits for the whole bundle (same request as the token store's).
  const tokenUrl = JSON.stringify(`${env.SITE_URL.replace(/\/+$/, '')}${meEndpoints.token.path}`);
  return (
    `window.${CONSOLE_CONFIG_GLOBAL} = ${json};\n` +
    `window.${EARLY_TOKEN_GLOBAL} = fetch(${tokenUrl}, { credentials: 'include', headers: { 'X-Requested-With': 'XMLHttpRequest', Accept: 'application/json' } }).catch(function () { return null; });\n`
  );
}

async function isFile(p: string) {
  try {
    return (await stat(p)).isFile();
  } catch {
    return false;
  }
}

export async function spaRoutes(
  app: FastifyInstance,
  { deps, distDir }: { deps: AppDeps; distDir: string },
) {
  const root = path.resolve(distDir);
  const script = consoleConfigScript(deps.env);
  const pages = consolePages(root);
  const { pageFileOf, firstScreenOf } = firstScreenRenderer(root, deps);

  app.get('/console-config.js', async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(script),
  );

  const notFound = (request: FastifyRequest, reply: FastifyReply, p: string) => {
    if (p.startsWith('/api/') || p.startsWith('/.well-known/') || p.startsWith('/assets/'))
      return sendError(request, reply, 'not_found');
    return sendNotFoundPage(reply);
  };

  app.get('/*', async (request, reply) => {
    let p: string;
    try {
      p = decodeURIComponent(request.url.split('?')[0] ?? '/');
    } catch {
      return notFound(request, reply, '/');
    }
    // Source maps carry the console's original sources: never served, even if a build leaves some behind.
    if (p.toLowerCase().endsWith('.map')) return notFound(request, reply, p);
    const file = path.resolve(root, `.${p}`);
    const isInside = file.startsWith(root + path.sep);
    const rel = path.relative(root, file).split(path.sep).join('/');
    // The first-screen renderer (dist/server) and the build's manifest (dist/.vite) are the site's own
    // files, never files for the browser.
    if (['server', '.vite'].some((dir) => rel === dir || rel.startsWith(`${dir}/`)))
      return notFound(request, reply, p);
    // Real files of the build (hashed assets, favicon, logos). Traversal outside dist is never served.
    if (isInside && !p.includes('\0') && (await isFile(file))) {
      // The same URL answers brotli, gzip or plain by Accept-Encoding: shared caches must keep them apart.
      if (rel.startsWith('assets/'))
        return reply.header('vary', 'Accept-Encoding').sendFile(rel, root, {
          immutable: true,
          maxAge: 365 * 24 * 3600 * 1000,
          cacheControl: true,
        });
      return reply.header('cache-control', 'no-cache').sendFile(rel, root, { cacheControl: false });
    }
    if (isSitePath(p)) return notFound(request, reply, p);
    // A signed-in member's list page: the head goes out at once, the rows follow from the render.
    const screen = sessionCookie(request) ? await firstScreenOf(p) : null;
    const parts = await pages({
      pageFile: await pageFileOf(p),
      title: screen?.title,
      isStreamed: screen !== null,
    });
    if (parts === null) {
      return sendMessage(reply, {
        title: 'コンソールが準備されていません',
        message:
          '管理コンソールがまだビルドされていません。リポジトリのルートで npm run build を実行してから、もう一度アクセスしてください。',
        status: 503,
      });
    }
    if (screen) {
      // The site's own origin whatever the path looks like (a path of `//host/x` must not name another host).
      const pageUrl = new URL(`${deps.env.SITE_URL}${request.url}`);
      const rest = screen
        .render(request, pageUrl)
        .then((s) => (s ? parts.end(s.html, stateBlock(s)) : parts.end()));
      return sendStreamedPage(request, reply, parts.head, rest);
    }
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(parts.head + parts.end());
  });
}
