/** SSO's jobs: the notice of a settings change to the company's other admins. */
import type { AppDeps } from '../../deps.ts';
import { logged } from '../bulk/bulk.jobs.ts';
import {
  SSO_CHANGE_NOTICE_JOB,
  sendSsoChangeNotice,
  type SsoChangeNotice,
} from './sso-change-notice.ts';

export async function registerSsoJobs(deps: AppDeps) {
  await deps.jobs.register<SsoChangeNotice>(
    SSO_CHANGE_NOTICE_JOB,
    logged('sso change notice', (notice) => sendSsoChangeNotice(deps, notice)),
    { retryLimit: 3 },
  );
}
