import type { AppDeps } from '../deps.ts';

/**
 * Every job kind, registered on every instance (so any instance can send), worked only by the worker
 * role. One line per area.
 */
export async function registerJobHandlers(_deps: AppDeps): Promise<void> {
  // e.g. await registerMemberBulkJobs(deps);
}
