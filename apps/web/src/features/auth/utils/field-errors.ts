import { ApiError } from '../../../lib/api-client.ts';

/** The server's per-field messages of a failed call, to show under each input. */
export function getFieldErrors(error: unknown): Record<string, string> {
  return error instanceof ApiError ? (error.body.fields ?? {}) : {};
}

export function getErrorMessage(error: unknown): string | undefined {
  if (!error) return undefined;
  return error instanceof Error ? error.message : String(error);
}
