/** SSO's jobs: the notice of a settings change to the company's other admins. */
import type { AppDeps } from '../../deps.ts';
import { logged } from '../../jobs/logged.ts';
import { sendSsoChangeNotice, ssoChangeNoticeJob } from './sso-change-notice.ts';

export async function registerSsoJobs(deps: AppDeps) {
  await deps.jobs.register(
    ssoChangeNoticeJob,
    logged('sso change notice', (notice) => sendSsoChangeNotice(deps, notice)),
    { retryLimit: 3 },
  );
}
