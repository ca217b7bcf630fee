import { describe, expect, it } from 'vitest';
import { hoistStylesheets } from './stylesheet-first.ts';

const built = `<!doctype html>
<html lang="ja">
  <head>
    <meta charset="UTF-8" />
    <title>クラウドサイン</title>
    <script defer src="/console-config.js"></script>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-2.js">
    <link rel="stylesheet" crossorigin href="/assets/index-3.css">
  </head>
  <body><div id="root"></div></body>
</html>
`;

describe('hoistStylesheets', () => {
  it('puts the stylesheet right after the charset, before every script and preload', () => {
    const html = hoistStylesheets(built);
    const head = html.slice(0, html.indexOf('</head>'));
    const order = [
      '<meta charset',
      'index-3.css',
      '<title>',
      'console-config.js',
      'index-1.js',
      'react-2.js',
    ];
    const at = order.map((s) => head.indexOf(s));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    expect(html.match(/rel="stylesheet"/g)).toHaveLength(1);
  });

  it('leaves a page without a stylesheet as it is', () => {
    const plain = built.replace(/ *<link rel="stylesheet"[^>]*>\n/, '');
    expect(hoistStylesheets(plain)).toBe(plain);
  });
});
