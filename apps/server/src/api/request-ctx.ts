import type { AuthContext } from '../auth/current-user.ts';
import type { AppDeps } from '../deps.ts';

/**
 * What a route hands the services that take a context rather than the whole dependencies (cabinets, alerts):
 * the database, the signed-in caller and the clock, built the same way by every route.
 */
export const requestCtx = (deps: Pick<AppDeps, 'database' | 'clock'>, auth: AuthContext) => ({
  db: deps.database.db,
  auth,
  clock: deps.clock,
});
