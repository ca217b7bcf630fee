/**
 * The whole error answer a client sees: the status and `{ error: { code, message, requestId, details? } }`.
 * Tests assert it in one piece, so a refusal for the wrong reason (a 404 that should be a 403, a message that
 * changed, details that leaked) fails instead of passing on the status alone.
 */
import { expect } from 'vitest';
import { ERROR_CODES, type ErrorCode } from '@cloudsign/contract';
import { AppError } from '../../src/lib/app-error.ts';

type Details = { path: string; message: string }[];
type Answer = { statusCode: number; headers: Record<string, unknown>; json: () => unknown };

/** `{ error: { code, message, requestId } }` with any request id. */
export const errorOf = (code: string, message: string, details?: Details) => ({
  error: {
    code,
    message,
    requestId: expect.any(String) as unknown as string,
    ...(details ? { details } : {}),
  },
});

/** Status and whole body of one refusal; the message defaults to the code's own (contract errors.ts). */
export function expectError(
  res: Answer,
  code: ErrorCode,
  message: string = ERROR_CODES[code].message,
  details?: Details,
) {
  expect([res.statusCode, res.json()]).toEqual([
    ERROR_CODES[code].status,
    {
      error: {
        code,
        message,
        requestId: res.headers['x-request-id'],
        ...(details ? { details } : {}),
      },
    },
  ]);
}

/** What a service call refused with, for rule tests without HTTP: fails unless it threw an AppError. */
export async function failure(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  const { code, status, message, details } = err as AppError;
  return { code, status, message, details };
}
