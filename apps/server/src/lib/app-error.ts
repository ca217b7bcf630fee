import { ERROR_CODES, type ErrorCode, type TErrorDetail } from '@cloudsign/contract';

/** The one error services throw (STYLE.md, documenso's AppError): a code from the closed list. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly details: TErrorDetail[] | undefined;

  constructor(code: ErrorCode, message?: string, details?: TErrorDetail[]) {
    super(message ?? ERROR_CODES[code].message);
    this.code = code;
    this.status = ERROR_CODES[code].status;
    this.details = details;
  }
}

/** A validation failure on one field, with the field's path (lands on the form field in the console). */
export const fieldError = (path: string, message: string) =>
  new AppError('validation_failed', message, [{ path, message }]);

export const notFound = () => new AppError('not_found');
export const forbidden = () => new AppError('forbidden');
