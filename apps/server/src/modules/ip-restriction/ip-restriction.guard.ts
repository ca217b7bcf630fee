import fp from 'fastify-plugin';
import type { AppDeps } from '../../deps.ts';
import { checkIpAddress, ipRefusal } from './ip-restriction.enforce.ts';

/**
 * The API's check of the company's console list on every signed-in call (docs/design.md "IP address
 * restriction"). Runs after `authenticate`, so the company is known; public routes have no company to ask.
 */
export const ipRestrictionGuard = fp<{ deps: AppDeps }>(async (app, { deps }) => {
  app.addHook('onRequest', async (request) => {
    if (!request.auth || request.routeOptions.config.isPublic) return;
    const { user, company, origin } = request.auth;
    if (!origin) return;
    const verdict = await checkIpAddress(
      deps,
      {
        companyId: company.id,
        companyName: company.name,
        actor: { id: user.id, name: user.name, email: user.email },
        origin,
      },
      'console',
      'api',
    );
    if (verdict.outcome === 'refused') throw ipRefusal(verdict.address);
  });
});
