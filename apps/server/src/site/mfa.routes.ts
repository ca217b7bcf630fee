/**
 * The second factor at login (docs/design.md §1): /mfa/verify for members with MFA on (TOTP or a backup code),
 * /mfa/setup to enrol when the company requires MFA (company mfa = 2) and the member has none.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import QRCode from 'qrcode';
import type { AppDeps } from '../deps.ts';
import { markMfaVerified, nextStep, signInSecrets, type LoadedSession } from '../auth/sessions.ts';
import {
  releaseLoginAttempt,
  reserveLoginAttempt,
  retryAfterText,
} from '../auth/login-throttle.ts';
import { knownDeviceOf, rememberDevice } from '../auth/known-devices.ts';
import {
  claimTotpStep,
  enableMfa,
  hashBackupCodes,
  matchTotp,
  newBackupCodes,
  newTotpSecret,
  otpauthUri,
  useBackupCode,
} from '../auth/mfa.ts';
import {
  alert,
  BACKUP_CODES_SCRIPT,
  cancelLoginForm,
  EMPTY,
  escapeHtml,
  fill,
  Html,
  sendPage,
  siteThemeOf,
  type SiteTheme,
} from './render.ts';
import { stepUrl } from './login.service.ts';
import { clientIp } from './security.ts';
import {
  recordOwnAccountEvent,
  recordSignInFailure,
  recordSignInWhenDone,
  recordThrottled,
} from './sign-in-audit.ts';
import { requestOrigin } from '../lib/http/request-origin.ts';
import {
  deviceCookie,
  formField,
  returnToOf,
  sessionAtStep,
  setDeviceCookie,
} from './session-context.ts';
import { redirectOnSite, returnToQuery, siteLocation } from './return-to.ts';

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

const themeOf = (loaded: LoadedSession): SiteTheme => siteThemeOf(loaded.company.theme);

const TOO_MANY = (s: number) =>
  `確認コードの試行回数が上限に達しました。${retryAfterText(s)}にもう一度お試しください。`;

export async function mfaRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const db = deps.database.db;

  const verifyPage = (
    reply: FastifyReply,
    v: { returnTo: string; theme: SiteTheme; error?: string; status?: number },
  ) =>
    sendPage(reply, {
      title: '2要素認証',
      content: fill('mfaVerify', {
        returnTo: v.returnTo,
        alert: alert('error', v.error),
        cancel: cancelLoginForm(v.returnTo),
      }),
      status: v.status,
      theme: v.theme,
    });

  // The backup codes page's buttons; a static script, the same for everybody.
  app.get('/mfa/backup-codes.js', async (_request, reply) =>
    reply
      .header('cache-control', 'public, max-age=3600')
      .type('text/javascript; charset=utf-8')
      .send(BACKUP_CODES_SCRIPT),
  );

  /** The step after a passed second factor. */
  const afterVerified = (loaded: LoadedSession) =>
    nextStep({ ...loaded, session: { ...loaded.session, isMfaVerified: true } });

  app.get('/mfa/verify', async (request, reply) => {
    const loaded = await sessionAtStep(deps, request, reply, 'mfa_verify');
    if (!loaded) return reply;
    return verifyPage(reply, { returnTo: returnToOf(deps, request), theme: themeOf(loaded) });
  });

  app.post('/mfa/verify', async (request, reply) => {
    const loaded = await sessionAtStep(deps, request, reply, 'mfa_verify');
    if (!loaded) return reply;
    const returnTo = returnToOf(deps, request);
    const device = await knownDeviceOf(db, deviceCookie(deps, request), loaded.user.id);
    const key = { email: loaded.user.email, ip: clientIp(request), device };
    const now = deps.clock();
    // Guessing codes counts against the same per-account and per-IP limits as guessing passwords.
    // Counted before the code is checked, so simultaneous guesses cannot exceed the limit.
    const attempt = await reserveLoginAttempt(db, key, now);
    if ('since' in attempt) {
      const wait = { since: attempt.since, now };
      await recordThrottled(db, loaded.user, wait, requestOrigin(request));
      reply.header('retry-after', String(attempt.wait));
      const error = TOO_MANY(attempt.wait);
      return verifyPage(reply, { returnTo, theme: themeOf(loaded), error, status: 429 });
    }
    const code = formField(request.body, 'code', 64).normalize('NFKC').replace(/\s/g, '');
    let ok = false;
    const secrets = await signInSecrets(db, loaded.user.id);
    if (!secrets) {
      ok = false;
    } else if (/^\d{6}$/.test(code)) {
      const step = matchTotp(code, secrets.mfaSecret ?? '', now);
      ok = step !== null && (await claimTotpStep(db, loaded.user.id, step));
    } else if (code) {
      ok = await useBackupCode(db, { id: loaded.user.id, ...secrets }, code);
    }
    const origin = requestOrigin(request);
    if (!ok) {
      // Bounded like the guesses themselves: each one is a reserved attempt of the login limits.
      await recordSignInFailure(db, loaded.user, 'wrong_code', origin);
      const error = '確認コードが正しくないか、すでに使用されています。';
      return verifyPage(reply, { returnTo, theme: themeOf(loaded), error, status: 400 });
    }
    const next = afterVerified(loaded);
    const known = await db.transaction(async (tx) => {
      await releaseLoginAttempt(tx, attempt.attemptId);
      await markMfaVerified(tx, loaded.session.id);
      await recordSignInWhenDone(tx, next, loaded.user, origin);
      return rememberDevice(tx, deviceCookie(deps, request), loaded.user.id, now);
    });
    setDeviceCookie(deps, reply, known);
    const to = next === 'invalid' ? '/login' : stepUrl(next, returnTo);
    return redirectOnSite(reply, deps.env.SITE_URL, to);
  });

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
