/** The attribute bulk edit's job kinds: check, execute, download. The engine's runners do the work. */
import type { AppDeps } from '../../deps.ts';
import type { JobHandler } from '../../jobs/jobs.ts';
import { runCheck } from '../../bulk/check-runner.ts';
import { runExecute } from '../../bulk/execute-runner.ts';
import { createAttributeChecker } from './attribute-checker.ts';
import { attributeExecutor } from './attribute-executor.ts';
import { runAttributeExport } from './attribute-export.ts';

export const ATTRIBUTE_BULK_JOBS = {
  check: 'document-attribute-bulk.check',
  execute: 'document-attribute-bulk.execute',
  export: 'document-attribute-bulk.export',
} as const;

export type ManipulationJob = { manipulationId: string };

const logged =
  <T extends object>(handler: (data: T) => Promise<void>): JobHandler<T> =>
  async (data, ctx) => {
    try {
      await handler(data);
    } catch (err) {
      ctx.logger.error({ err }, 'document attribute bulk job attempt failed; it will be retried');
      throw err;
    }
  };

export async function registerDocumentAttributeBulkJobs(deps: AppDeps) {
  await deps.jobs.register<ManipulationJob>(ATTRIBUTE_BULK_JOBS.check, logged(async ({ manipulationId }) => {
    await runCheck(deps, manipulationId, (m, headers) => createAttributeChecker(deps.database.db, m, headers));
  }), { retryLimit: 3 });
  // One execution per company at a time (singletonKey = company id); a killed run resumes at its first pending row.
  await deps.jobs.register<ManipulationJob>(ATTRIBUTE_BULK_JOBS.execute, logged(async ({ manipulationId }) => {
    await runExecute(deps, manipulationId, attributeExecutor);
  }), { isSerialPerKey: true, retryLimit: 50, expireInSeconds: 15 * 60 });
  await deps.jobs.register<ManipulationJob>(ATTRIBUTE_BULK_JOBS.export, logged(async ({ manipulationId }) => {
    await runAttributeExport(deps, manipulationId);
  }), { retryLimit: 3, expireInSeconds: 60 * 60 });
}
