import fp from 'fastify-plugin';
import type { AppDeps } from '../../deps.ts';
import { checkIpAddress, ipRefusal } from './ip-restriction.enforce.ts';
import { freshScopeRule } from './ip-restriction.cache.ts';

/**
 * The API's check of the company's console list on every signed-in call (docs/design.md "IP address
 * restriction"). Runs after `authenticate`, so the company is known; public routes have no company to ask.
 */
export const ipRestrictionGuard = fp<{ deps: AppDeps }>(async (app, { deps }) => {
  // A callback hook: a company without a console list (its copy fresh) is let through without a promise,
  // which an async hook and checkIpAddress cost every call (issue 36); everything else goes the one way.
  app.addHook('onRequest', (request, _reply, done) => {
    if (!request.auth || request.routeOptions.config.isPublic) return done();
    const { user, company, origin } = request.auth;
    if (!origin || freshScopeRule(deps.database, company.id, 'console')?.mode === 'off')
      return done();
    checkIpAddress(
      deps,
      {
        companyId: company.id,
        companyName: company.name,
        actor: { id: user.id, name: user.name, email: user.email },
        origin,
      },
      'console',
      'api',
    ).then(
      (verdict) => done(verdict.outcome === 'refused' ? ipRefusal(verdict.address) : undefined),
      done,
    );
  });
});
