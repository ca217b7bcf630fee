/**
 * The second factor at login (docs/design.md §1): /mfa/verify for members with MFA on (TOTP or a backup code).
 * Enrolment when the company requires MFA is mfa-setup.routes.ts.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import {
  markMfaVerified,
  nextStep,
  signInSecrets,
  type LoadedSession,
} from '../../auth/sessions.ts';
import {
  releaseLoginAttempt,
  reserveLoginAttempt,
  retryAfterText,
} from '../../auth/login-throttle.ts';
import { knownDeviceOf, rememberDevice } from '../../auth/known-devices.ts';
import { claimTotpStep, matchTotp, useBackupCode } from '../../auth/mfa.ts';
import {
  alert,
  BACKUP_CODES_SCRIPT,
  cancelLoginForm,
  fill,
  sendPage,
  siteThemeOf,
  type SiteTheme,
} from '../../site/render.ts';
import { clientIp } from '../../site/security.ts';
import { recordSignInFailure, recordSignInWhenDone, recordThrottled } from './sign-in-audit.ts';
import { requestOrigin } from '../../lib/http/request-origin.ts';
import {
  deviceCookie,
  formField,
  returnToOf,
  sessionAtStep,
  setDeviceCookie,
} from '../../site/session-context.ts';
import { redirectOnSite, stepUrl } from '../../site/return-to.ts';

export const themeOf = (loaded: LoadedSession): SiteTheme => siteThemeOf(loaded.company.theme);

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
}
