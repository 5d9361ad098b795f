import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/** The server's per-field messages of a failed call (a wrong current password, a taken name), under their inputs. */
export function showServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  names: readonly Path<T>[],
): void {
  const fields = error instanceof ApiError ? (error.body.fields ?? {}) : {};
  for (const name of names) {
    const message = fields[name];
    if (message) setError(name, { type: 'server', message });
  }
}
