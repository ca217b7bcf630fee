/** SCIM errors (RFC 7644 §3.12): every refusal of /scim/v2 answers this shape, never the console's. */
import { AppError } from '../../lib/app-error.ts';
import { ERROR_SCHEMA } from './scim-schemas.ts';

export type ScimType =
  | 'invalidFilter'
  | 'invalidSyntax'
  | 'invalidPath'
  | 'invalidValue'
  | 'noTarget'
  | 'uniqueness'
  | 'mutability'
  | 'tooMany';

export class ScimError extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
  }
}

/** The same words for every unknown id: another company's id reads exactly like one that never existed. */
export const scimNotFound = () => new ScimError(404, 'ご指定のリソースが見つかりませんでした。');
export const invalidValue = (detail: string) => new ScimError(400, detail, 'invalidValue');

/** The console's rule errors in SCIM words: the same rule refuses, only the envelope differs. */
export function toScimError(err: unknown): ScimError | null {
  if (err instanceof ScimError) return err;
  if (!(err instanceof AppError)) return null;
  const detail = err.details?.length ? err.details.map((d) => d.message).join(' ') : err.message;
  switch (err.code) {
    case 'email_taken':
    case 'name_taken':
      return new ScimError(409, detail, 'uniqueness');
    case 'validation_failed':
    case 'bad_request':
      return new ScimError(400, detail, 'invalidValue');
    case 'not_found':
      return new ScimError(404, detail);
    case 'last_admin':
    case 'self_forbidden':
    case 'system_protected':
      return new ScimError(400, detail, 'mutability');
    default:
      return new ScimError(err.status, detail);
  }
}

export const scimErrorBody = (e: ScimError) => ({
  schemas: [ERROR_SCHEMA],
  status: String(e.status),
  ...(e.scimType ? { scimType: e.scimType } : {}),
  detail: e.message,
});
