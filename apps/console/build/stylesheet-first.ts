/**
 * Moves the build's stylesheet links to the top of index.html's head, before every script and preload. A page
 * the site rendered (its rows already in the HTML) paints as soon as its stylesheet is here; listed after
 * some thirty module preloads, the stylesheet waited for a free connection behind them (six per host over
 * HTTP/1.1) and the first paint with it.
 */
import type { Plugin } from 'vite';

const STYLESHEET = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;

export function hoistStylesheets(html: string): string {
  const links = html.match(STYLESHEET);
  if (!links) return html;
  const rest = html.replace(STYLESHEET, '');
  const at = /<meta charset="[^"]*"\s*\/?>\n?/i.exec(rest);
  if (!at) return html;
  const end = at.index + at[0].length;
  return `${rest.slice(0, end)}${links.map((l) => `    ${l.trim()}\n`).join('')}${rest.slice(end)}`;
}

export function stylesheetFirst(): Plugin {
  return {
    name: 'cloudsign-stylesheet-first',
    apply: 'build',
    // After Vite has written its own tags into the page.
    transformIndexHtml: { order: 'post', handler: hoistStylesheets },
  };
}
