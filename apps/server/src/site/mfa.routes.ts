/**
 * The second factor at login (docs/design.md §1): /mfa/verify for members with MFA on (TOTP or a backup code),
 * /mfa/setup to enrol when the company requires MFA (company mfa = 2) and the member has none.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppDeps } from '../deps.ts';
import { markMfaVerified, nextStep, type LoadedSession } from '../auth/sessions.ts';
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
import { alert, cancelLoginForm, EMPTY, escapeHtml, fill, Html, sendPage } from './render.ts';
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

const TOO_MANY = (s: number) =>
  `確認コードの試行回数が上限に達しました。${retryAfterText(s)}にもう一度お試しください。`;

export async function mfaRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  const db = deps.database.db;

  const verifyPage = (reply: FastifyReply, returnTo: string, error?: string, status?: number) =>
    sendPage(reply, {
      title: '2段階認証',
      content: fill('mfaVerify', {
        returnTo,
        alert: alert('error', error),
        cancel: cancelLoginForm(returnTo),
      }),
      status,
    });

  /** The step after a passed second factor. */
  const afterVerified = (loaded: LoadedSession) =>
    nextStep({ ...loaded, session: { ...loaded.session, isMfaVerified: true } });

  app.get('/mfa/verify', async (request, reply) => {
    if (!(await sessionAtStep(deps, request, reply, 'mfa_verify'))) return reply;
    return verifyPage(reply, returnToOf(deps, request));
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
      return verifyPage(reply, returnTo, TOO_MANY(attempt.wait), 429);
    }
    const code = formField(request.body, 'code', 64).normalize('NFKC').replace(/\s/g, '');
    let ok = false;
    if (/^\d{6}$/.test(code)) {
      const step = matchTotp(code, loaded.user.mfaSecret ?? '', now);
      ok = step !== null && (await claimTotpStep(db, loaded.user.id, step));
    } else if (code) {
      ok = await useBackupCode(db, loaded.user, code);
    }
    const origin = requestOrigin(request);
    if (!ok) {
      // Bounded like the guesses themselves: each one is a reserved attempt of the login limits.
      await recordSignInFailure(db, loaded.user, 'wrong_code', origin);
      return verifyPage(reply, returnTo, '確認コードが正しくないか、すでに使用されています。', 400);
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

  const setupPage = (
    reply: FastifyReply,
    v: { returnTo: string; email: string; secret: string; error?: string },
  ) =>
    sendPage(reply, {
      title: '2段階認証の設定',
      content: fill('mfaSetup', {
        returnTo: v.returnTo,
        secret: v.secret,
        secretGrouped: v.secret.replace(/(.{4})(?=.)/g, '$1 '),
        uri: otpauthUri(v.email, v.secret),
        alert: v.error ? alert('error', v.error) : EMPTY,
        cancel: cancelLoginForm(v.returnTo),
      }),
      status: v.error ? 400 : 200,
    });

  app.get('/mfa/setup', async (request, reply) => {
    const loaded = await sessionAtStep(deps, request, reply, 'mfa_setup');
    if (!loaded) return reply;
    return setupPage(reply, {
      returnTo: returnToOf(deps, request),
      email: loaded.user.email,
      secret: newTotpSecret(),
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
      return setupPage(reply, { returnTo, email: loaded.user.email, secret, error });
    }
    const codes = newBackupCodes();
    const hashes = await hashBackupCodes(codes);
    const next = nextStep({
      ...loaded,
      user: { ...loaded.user, mfa: 1, mfaSecret: secret },
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
    return sendPage(reply, {
      title: '2段階認証の設定',
      content: fill('mfaBackupCodes', { codes: list, continueUrl }),
    });
  });
}
