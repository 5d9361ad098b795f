import type { ErrorCode } from '@skylog/contracts';

/** A failure with the status, stable code and person-readable message the client shows. */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;

  constructor(status: number, code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.status = status;
    this.code = code;
    this.fields = fields;
  }
}

export const notFound = (message = 'Not found') => new AppError(404, 'not_found', message);
export const conflict = (message: string, fields?: Record<string, string>) => new AppError(409, 'conflict', message, fields);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, 'validation_error', message, fields);
