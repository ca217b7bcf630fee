/**
 * A tiny HTML template filler for the site's server-rendered pages. Every `{{slot}}` value is escaped
 * unless it is an `Html` built by this module, so user input can never become markup.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { PAGE_TEMPLATES_DIR } from '../lib/app-files.ts';

const read = (name: string) => readFileSync(path.join(PAGE_TEMPLATES_DIR, name), 'utf8');

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
/** The backup codes page's copy and print buttons, served from the site's origin (CSP script-src 'self'). */
export const BACKUP_CODES_SCRIPT = read('backup-codes.js');

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

/** The company's look (companies.theme); pages before the member is known show クラウドサイン's. */
export type SiteTheme = 'cloudsign' | 'smbc-cloudsign';
export const siteThemeOf = (theme: string): SiteTheme =>
  theme === 'smbc-cloudsign' ? 'smbc-cloudsign' : 'cloudsign';

const CLOUDSIGN_MARK =
  '<svg class="brand-mark" width="36" height="36" viewBox="0 0 36 36" aria-hidden="true" focusable="false">' +
  '<rect width="36" height="36" rx="8" fill="#0068b7" />' +
  '<path d="M11.5 23.5h13a4.5 4.5 0 0 0 .6-8.96A6 6 0 0 0 13.7 13a5.25 5.25 0 0 0-2.2 10.5z" fill="#fff" />' +
  '<path d="M14.5 18.6l2.6 2.6 4.9-4.9" fill="none" stroke="#0068b7" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" />' +
  '</svg><span class="brand-name">クラウドサイン</span>';
/** The SMBC edition's mark and name, as the console's logo (apps/console/src/assets/logo-smbc-cloudsign.svg). */
const SMBC_MARK =
  '<svg class="brand-mark" width="36" height="36" viewBox="0 0 28 28" aria-hidden="true" focusable="false">' +
  '<rect width="28" height="28" rx="14" fill="#004831" />' +
  '<path d="M6 19.5c3.5-7.5 8.6-11.6 16-13-2.3 5.6-6.4 10-12.2 13" fill="#b5cf3a" />' +
  '<path d="M9.8 19.5l2.2-3.6" stroke="#fff" stroke-width="2" stroke-linecap="round" />' +
  '</svg><span class="brand-name">SMBCクラウドサイン</span>';

/** A whole page's HTML: the layout around `content`, in the company's theme when known. */
export const pageHtml = (title: string, content: Html, theme: SiteTheme = 'cloudsign') =>
  fill('layout', {
    title: `${title} | ${theme === 'smbc-cloudsign' ? 'SMBCクラウドサイン' : 'クラウドサイン'}`,
    css: new Html(CSS),
    themeClass: `theme-${theme}`,
    brand: new Html(theme === 'smbc-cloudsign' ? SMBC_MARK : CLOUDSIGN_MARK),
    content,
  });

/** Sends a whole page. Auth pages are never cached: they carry per-user state and one-time links. */
export function sendPage(
  reply: FastifyReply,
  page: { title: string; content: Html; status?: number; theme?: SiteTheme },
) {
  const html = pageHtml(page.title, page.content, page.theme);
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
