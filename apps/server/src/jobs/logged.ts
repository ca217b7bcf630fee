import { JobsStopping, type JobHandler } from './jobs.ts';

/** A failed attempt is logged with its cause before pg-boss schedules the retry. */
export const logged =
  <T extends object>(label: string, handler: (data: T) => Promise<void>): JobHandler<T> =>
  async (data, ctx) => {
    try {
      await handler(data);
    } catch (err) {
      // A job given back by a stopping worker is logged by the jobs engine as a retry, not here as a failure.
      if (!(err instanceof JobsStopping))
        ctx.logger.error({ err }, `${label} job attempt failed; it will be retried`);
      throw err;
    }
  };
