/**
 * A tiny HTML template filler for the site's server-rendered pages. Every `{{slot}}` value is escaped
 * unless it is an `Html` built by this module, so user input can never become markup.
 */
import { readFileSync } from 'node:fs';
import type { FastifyReply } from 'fastify';

const read = (name: string) =>
  readFileSync(new URL(`./templates/${name}`, import.meta.url), 'utf8');

const TEMPLATES = {
  layout: read('layout.html'),
  login: read('login.html'),
  loginPassword: read('login-password.html'),
  newPassword: read('new-password.html'),
  mfaVerify: read('mfa-verify.html'),
  mfaSetup: read('mfa-setup.html'),
  mfaBackupCodes: read('mfa-backup-codes.html'),
  message: read('message.html'),
  passwordForgot: read('password-forgot.html'),
};
const CSS = read('site.css');

export type TemplateName = keyof typeof TEMPLATES;

export class Html {
  constructor(readonly value: string) {}
}
export const EMPTY = new Html('');

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

export type Slots = Record<string, string | Html>;

export function fill(name: TemplateName, slots: Slots): Html {
  const out = TEMPLATES[name].replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
    const v = slots[key];
    // A forgotten slot is a programming error; failing loudly beats rendering "{{x}}" to users.
    if (v === undefined) throw new Error(`template ${name}: slot ${key} not given`);
    return v instanceof Html ? v.value : escapeHtml(v);
  });
  return new Html(out);
}

export const alert = (kind: 'error' | 'info', message: string | undefined) =>
  message
    ? new Html(
        `<p class="alert alert-${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${escapeHtml(message)}</p>`,
      )
    : EMPTY;

export const fieldError = (id: string, message: string | undefined) =>
  message
    ? new Html(`<p class="field-error" id="${escapeHtml(id)}-error">${escapeHtml(message)}</p>`)
    : EMPTY;

export const invalidAttr = (message: string | undefined) =>
  new Html(message ? ' aria-invalid="true"' : '');

export const linkButton = (href: string, label: string) =>
  new Html(`<a class="btn-primary" href="${escapeHtml(href)}">${escapeHtml(label)}</a>`);

/** Ends a half-finished login (second factor, new password) so another account can sign in. */
export const cancelLoginForm = (returnTo: string) =>
  new Html(
    `<form class="note" method="post" action="/login/cancel"><input type="hidden" name="return_to" value="${escapeHtml(returnTo)}">` +
      '<button type="submit" class="link-button">ログインをやめて、別のアカウントでログインする</button></form>',
  );

/** A whole page's HTML: the layout around `content`. */
export const pageHtml = (title: string, content: Html) =>
  fill('layout', { title: `${title} | クラウドサイン`, css: new Html(CSS), content });

/** Sends a whole page. Auth pages are never cached: they carry per-user state and one-time links. */
export function sendPage(
  reply: FastifyReply,
  page: { title: string; content: Html; status?: number },
) {
  const html = pageHtml(page.title, page.content);
  return reply
    .status(page.status ?? 200)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(html.value);
}

export type Message = {
  title: string;
  heading?: string;
  message: string;
  status?: number;
  action?: Html;
};

/** The message page's content: a heading, one paragraph and an optional action. */
export const messageContent = (m: Message) =>
  fill('message', { heading: m.heading ?? m.title, message: m.message, action: m.action ?? EMPTY });

export function sendMessage(reply: FastifyReply, m: Message) {
  return sendPage(reply, { title: m.title, content: messageContent(m), status: m.status });
}

/** The site's Japanese 404 page, with the way back to the login. */
export const sendNotFoundPage = (reply: FastifyReply) =>
  sendMessage(reply, {
    title: 'ページが見つかりません',
    message: 'ご指定のページが見つかりませんでした。URLをご確認ください。',
    status: 404,
    action: linkButton('/login', 'ログイン画面へ'),
  });
