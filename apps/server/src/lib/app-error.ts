import { errorStatus, type ErrorCode } from '@skylog/contracts';

/** One row of a file refused whole: its line, the field at fault (null: the whole row) and why. */
export type RowProblem = { row: number; field: string | null; message: string };

/** A failure with a stable code (its HTTP status follows from it) and a person-readable message. */
export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  readonly rows: RowProblem[] | undefined;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string>, rows?: RowProblem[]) {
    super(message);
    this.status = errorStatus[code];
    this.code = code;
    this.fields = fields;
    this.rows = rows;
  }
}

export const notFound = (message = 'Not found', fields?: Record<string, string>) => new AppError('not_found', message, fields);
export const conflict = (message: string, fields?: Record<string, string>) => new AppError('conflict', message, fields);
export const badRequest = (message: string, fields?: Record<string, string>) => new AppError('validation_error', message, fields);
export const forbidden = (message: string, fields?: Record<string, string>) => new AppError('forbidden', message, fields);
