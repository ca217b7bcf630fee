/**
 * Enrolment in the second factor at login (docs/design.md §1): /mfa/setup when the company requires MFA
 * (company mfa = 2) and the member has none. The page shows the key as a QR code and as text; a right code
 * enables MFA, and the backup codes are shown once, to copy, download or print.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import QRCode from 'qrcode';
import type { AppDeps } from '../../deps.ts';
import { markMfaVerified, nextStep } from '../../auth/sessions.ts';
import { rememberDevice } from '../../auth/known-devices.ts';
import {
  enableMfa,
  hashBackupCodes,
  matchTotp,
  newBackupCodes,
  newTotpSecret,
  otpauthUri,
} from '../../auth/mfa.ts';
import {
  alert,
  cancelLoginForm,
  EMPTY,
  escapeHtml,
  fill,
  Html,
  sendPage,
  type SiteTheme,
} from '../../site/render.ts';
import { recordOwnAccountEvent, recordSignInWhenDone } from './sign-in-audit.ts';
import { requestOrigin } from '../../lib/http/request-origin.ts';
import {
  deviceCookie,
  formField,
  returnToOf,
  sessionAtStep,
  setDeviceCookie,
} from '../../site/session-context.ts';
import { redirectOnSite, returnToQuery, siteLocation, stepUrl } from '../../site/return-to.ts';
import { themeOf } from './mfa.routes.ts';

/**
 * The otpauth URI as a QR code, drawn here as inline SVG: the page asks nothing of any other service (the
 * secret never leaves it) and needs no CSP exception. Error correction M: read at a glance from a screen.
 */
async function qrSvg(uri: string): Promise<Html> {
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 });
  return new Html(
    svg.replace(
      '<svg ',
      '<svg role="img" aria-label="認証アプリで読み取る QR コード" id="mfa-qr" ',
    ),
  );
}

/** The backup codes as a text file (CRLF and a BOM, so Windows' メモ帳 opens it as UTF-8). */
export function backupCodesFile(email: string, codes: string[], now: Date): string {
  const lines = [
    'クラウドサイン 2要素認証のバックアップコード',
    `アカウント: ${email}`,
    `発行日時: ${now.toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' })}`,
    '各コードは1回だけ使えます。安全な場所に保管してください。',
    '',
    ...codes,
    '',
  ];
  return `\uFEFF${lines.join('\r\n')}`;
}

export async function mfaSetupRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const db = deps.database.db;

  const setupPage = async (
    reply: FastifyReply,
    v: { returnTo: string; email: string; secret: string; theme: SiteTheme; error?: string },
  ) => {
    const uri = otpauthUri(v.email, v.secret);
    return sendPage(reply, {
      title: '2要素認証の設定',
      content: fill('mfaSetup', {
        returnTo: v.returnTo,
        secret: v.secret,
        secretGrouped: v.secret.replace(/(.{4})(?=.)/g, '$1 '),
        uri,
        qr: await qrSvg(uri),
        alert: v.error ? alert('error', v.error) : EMPTY,
        cancel: cancelLoginForm(v.returnTo),
      }),
      status: v.error ? 400 : 200,
      theme: v.theme,
    });
  };

  app.get('/mfa/setup', async (request, reply) => {
    const loaded = await sessionAtStep(deps, request, reply, 'mfa_setup');
    if (!loaded) return reply;
    return setupPage(reply, {
      returnTo: returnToOf(deps, request),
      email: loaded.user.email,
      secret: newTotpSecret(),
      theme: themeOf(loaded),
    });
  });

  app.post('/mfa/setup', async (request, reply) => {
    const loaded = await sessionAtStep(deps, request, reply, 'mfa_setup');
    if (!loaded) return reply;
    const returnTo = returnToOf(deps, request);
    // The pending secret travels in the form (nothing half-enrolled is stored); it must look like ours.
    const secret = formField(request.body, 'secret', 64);
    if (!/^[A-Z2-7]{32}$/.test(secret))
      return redirectOnSite(reply, deps.env.SITE_URL, `/mfa/setup${returnToQuery(returnTo)}`);
    const code = formField(request.body, 'code', 64).normalize('NFKC').replace(/\s/g, '');
    const step = matchTotp(code, secret, deps.clock());
    if (step === null) {
      const error = /^\d{6}$/.test(code)
        ? '確認コードが正しくありません。認証アプリの時刻設定もご確認ください。'
        : '6桁の確認コードを入力してください。';
      const theme = themeOf(loaded);
      return setupPage(reply, { returnTo, email: loaded.user.email, secret, theme, error });
    }
    const codes = newBackupCodes();
    const hashes = await hashBackupCodes(codes);
    const next = nextStep({
      ...loaded,
      user: { ...loaded.user, mfa: 1, hasMfaSecret: true },
      session: { ...loaded.session, isMfaVerified: true },
    });
    const origin = requestOrigin(request);
    const device = await db.transaction(async (tx) => {
      await enableMfa(tx, loaded.user.id, secret, step, hashes);
      await markMfaVerified(tx, loaded.session.id);
      await recordOwnAccountEvent(tx, loaded.user.id, 'auth.mfaSetUp', origin);
      await recordSignInWhenDone(tx, next, loaded.user, origin);
      return rememberDevice(tx, deviceCookie(deps, request), loaded.user.id, deps.clock());
    });
    setDeviceCookie(deps, reply, device);
    const list = new Html(codes.map((c) => `<li>${escapeHtml(c)}</li>`).join(''));
    const continueUrl = siteLocation(
      next === 'invalid' ? '/login' : stepUrl(next, returnTo),
      deps.env.SITE_URL,
    );
    const file = backupCodesFile(loaded.user.email, codes, deps.clock());
    return sendPage(reply, {
      title: '2要素認証の設定',
      content: fill('mfaBackupCodes', {
        codes: list,
        continueUrl,
        // A data: link downloads without a script or another request; the codes are on the page already.
        downloadHref: `data:text/plain;charset=utf-8,${encodeURIComponent(file)}`,
        downloadName: 'cloudsign-backup-codes.txt',
      }),
      theme: themeOf(loaded),
    });
  });
}
