/**
 * The "new password required" step (member status 2, docs/design.md §2): a member whose password an admin
 * reset sets his own before going on; the same rules as everywhere, and not the password he had.
 */
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps.ts';
import { nextStep, signInSecrets } from '../../auth/sessions.ts';
import { checkNewPassword, hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { requestOrigin } from '../../lib/http/request-origin.ts';
import { replacePassword } from './password.service.ts';
import { siteThemeOf } from '../../site/render.ts';
import { newPasswordPage } from './pages.ts';
import { redirectOnSite, stepUrl } from '../../site/return-to.ts';
import { deviceCookie, formField, returnToOf, sessionAtStep } from '../../site/session-context.ts';

const NEW_PASSWORD = {
  title: '新しいパスワードの設定',
  lead: 'パスワードの再設定が必要です。新しいパスワードを設定してください。',
  action: '/login/new_password',
  button: '設定して続ける',
  canCancel: true,
};

export async function newPasswordRoutes(app: FastifyInstance, { deps }: { deps: AppDeps }) {
  app.get('/login/new_password', async (request, reply) => {
    const loaded = await sessionAtStep(deps, request, reply, 'new_password');
    if (!loaded) return reply;
    return newPasswordPage(reply, {
      ...NEW_PASSWORD,
      returnTo: returnToOf(deps, request),
      email: loaded.user.email,
      theme: siteThemeOf(loaded.company.theme),
      errors: {},
    });
  });

  app.post('/login/new_password', async (request, reply) => {
    const loaded = await sessionAtStep(deps, request, reply, 'new_password');
    if (!loaded) return reply;
    const returnTo = returnToOf(deps, request);
    const password = formField(request.body, 'password', 1024);
    const errors = checkNewPassword(password, formField(request.body, 'confirmation', 1024));
    const current = errors.password ? null : await signInSecrets(deps.database.db, loaded.user.id);
    if (current && (await verifyPassword(current.passwordHash, password))) {
      errors.password = '現在のパスワードとは異なるパスワードを設定してください。';
    }
    if (Object.keys(errors).length > 0) {
      return newPasswordPage(reply, {
        ...NEW_PASSWORD,
        returnTo,
        email: loaded.user.email,
        theme: siteThemeOf(loaded.company.theme),
        errors,
      });
    }
    const passwordHash = await hashPassword(password);
    // Browsers that knew the old password are signed out and no longer spared the login limits; this one is.
    const who = {
      user: loaded.user,
      sessionId: loaded.session.id,
      deviceCookie: deviceCookie(deps, request),
    };
    const step = nextStep({ ...loaded, user: { ...loaded.user, status: 1 } });
    await replacePassword(
      deps.database.db,
      who,
      passwordHash,
      deps.clock(),
      step,
      requestOrigin(request),
    );
    return redirectOnSite(
      reply,
      deps.env.SITE_URL,
      stepUrl(step === 'invalid' ? 'done' : step, returnTo),
    );
  });
}
