/**
 * A queue's name and the shape of its payload, declared once beside the job (docs/design.md §1 Jobs). Jobs are
 * sent and worked only through their kind, and the payload is checked at both ends: a sender with a wrong
 * payload fails in its own request, before anything is queued; a stored payload that no longer fits (an older
 * release's job, a row edited by hand) fails its job with the reason instead of reaching the handler as a lie.
 */
import { z } from 'zod';

export type JobKind<T extends object> = {
  readonly name: string;
  readonly payload: z.ZodType<T>;
};

export const jobKind = <T extends object>(name: string, payload: z.ZodType<T>): JobKind<T> => ({
  name,
  payload,
});

/** A payload that does not fit its kind: a bug in the sender, or a job stored by an older release. */
export class InvalidJobPayload extends Error {
  constructor(kind: string, at: 'send' | 'work', reason: string) {
    super(`job ${kind}: the payload does not fit its kind at ${at}: ${reason}`);
    this.name = 'InvalidJobPayload';
  }
}

/** The payload as its kind reads it (unknown keys dropped), or InvalidJobPayload. */
export function checkedPayload<T extends object>(
  kind: JobKind<T>,
  data: unknown,
  at: 'send' | 'work',
): T {
  const parsed = kind.payload.safeParse(data);
  if (!parsed.success) throw new InvalidJobPayload(kind.name, at, z.prettifyError(parsed.error));
  return parsed.data;
}
