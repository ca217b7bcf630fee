/**
 * What a browser sees when the site refuses a request at one of its limits (too many at once from one
 * address, a body sent too slowly, headers over 16 KB): a Japanese page saying what happened and when to try
 * again, Retry-After kept. The console's own calls (`/api/...`) and callers asking for JSON keep the one error
 * shape, which is what their code reads.
 */
import type { FastifyReply } from 'fastify';
import { ERROR_CODES, type ErrorCode } from '@cloudsign/contract';
import type { RawAnswer } from '../lib/http/client-error.ts';
import { refuseAsJson, type Refuse } from '../lib/http/refuse.ts';
import { retryAfterText } from '../auth/login-throttle.ts';
import { linkButton, messageContent, pageHtml, sendMessage, type Message } from './render.ts';

/** A JSON caller: the console's own calls, or one whose Accept names JSON. */
export const wantsJson = (url: string, accept: string | undefined) =>
  url.startsWith('/api/') || /application\/json/i.test(accept ?? '');

type LimitCode = 'rate_limited' | 'request_timeout' | 'headers_too_large';

const PAGES: Record<LimitCode, (retryAfterSeconds: number) => Message> = {
  rate_limited: (s) => ({
    title: 'しばらくお待ちください',
    message: `このネットワークから同時に送られたリクエストが多すぎるため、受け付けられませんでした。${retryAfterText(s)}にもう一度お試しください。`,
  }),
  request_timeout: () => ({
    title: '通信が中断されました',
    message:
      'リクエストの送信に時間がかかりすぎたため、中断しました。通信環境を確認して、もう一度お試しください（すぐにお試しいただけます）。',
  }),
  headers_too_large: () => ({
    title: 'リクエストが大きすぎます',
    message:
      'ブラウザから送られた情報（Cookie など）が大きすぎるため、受け付けられませんでした。このサイトの Cookie を削除してから、もう一度お試しください。',
  }),
};

const isLimit = (code: ErrorCode): code is LimitCode => Object.hasOwn(PAGES, code);

/**
 * These answers leave before helmet's hook runs (or without Fastify at all): the page brings its own policy,
 * which allows nothing but its inline style.
 */
const PAGE_HEADERS = {
  'content-security-policy':
    "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
};

function limitMessage(code: LimitCode, retryAfterSeconds: number): Message {
  return {
    ...PAGES[code](retryAfterSeconds),
    status: ERROR_CODES[code].status,
    action: linkButton('/login', 'ログイン画面へ'),
  };
}

/** The site's `Refuse`: a page for a browser, the error shape for a JSON caller. */
export const refuseWithPage: Refuse = (request, reply, code, message) => {
  if (!isLimit(code) || wantsJson(request.url, request.headers.accept))
    return refuseAsJson(request, reply, code, message);
  return sendMessage(reply.headers(PAGE_HEADERS), limitMessage(code, retryAfterOf(reply)));
};

const retryAfterOf = (reply: FastifyReply) => Number(reply.getHeader('retry-after') ?? 0) || 1;

/** The same page for what Node refuses before Fastify (headers too large or too slow), written raw. */
export const rawLimitPage: RawAnswer = (code, head) => {
  if (!isLimit(code) || wantsJson(head.url, head.accept)) return null;
  const m = limitMessage(code, 1);
  return {
    type: 'text/html; charset=utf-8',
    body: pageHtml(m.title, messageContent(m)).value,
    headers: PAGE_HEADERS,
  };
};
