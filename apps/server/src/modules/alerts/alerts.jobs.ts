/** The daily alert digest: scheduled on the worker at 07:00 JST (22:00 UTC; pg-boss schedules in UTC). */
import { z } from 'zod';
import type { AppDeps } from '../../deps.ts';
import { jobKind } from '../../jobs/job-kind.ts';
import { logged } from '../../jobs/logged.ts';
import { deliverAlertMails, runAlertDigests } from './alert-digest.ts';

export const ALERT_DIGEST_JOB = 'alerts.digest';
/** 07:00 JST: before the working day, after the night's imports and edits. */
export const ALERT_DIGEST_CRON = '0 22 * * *';
/** Covers every company: it carries nothing (pg-boss's cron sends `{}`). */
export const alertDigestJob = jobKind(ALERT_DIGEST_JOB, z.object({}));

export async function registerAlertJobs(deps: AppDeps) {
  await deps.jobs.register(
    alertDigestJob,
    logged('alert digest', async () => {
      await runAlertDigests(deps);
      await deliverAlertMails(deps);
    }),
    { retryLimit: 5, cron: ALERT_DIGEST_CRON },
  );
}
