import { errorStatus, type ErrorCode } from '@skylog/contracts';

/** A failure with a stable code (its HTTP status follows from it) and a person-readable message. */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.status = errorStatus[code];
    this.code = code;
    this.fields = fields;
  }
}

export const notFound = (message = 'Not found', fields?: Record<string, string>) => new AppError('not_found', message, fields);
export const conflict = (message: string, fields?: Record<string, string>) => new AppError('conflict', message, fields);
export const badRequest = (message: string, fields?: Record<string, string>) => new AppError('validation_error', message, fields);
export const forbidden = (message: string, fields?: Record<string, string>) => new AppError('forbidden', message, fields);
