/** The site's jobs: a 「パスワードをお忘れの方」 request is mailed after the page has answered (password.service.ts). */
import type { AppDeps } from '../../deps.ts';
import { mailResetLink, PASSWORD_RESET_JOB, passwordResetJob } from './password.service.ts';

export { PASSWORD_RESET_JOB };

export async function registerPasswordResetJobs(deps: AppDeps) {
  // A retry after a failed mail issues a new link (the older one dies): the member gets one that works.
  await deps.jobs.register(
    passwordResetJob,
    async (data, ctx) => {
      await mailResetLink(deps, data);
      ctx.logger.info('password reset request handled');
    },
    { retryLimit: 3 },
  );
}
