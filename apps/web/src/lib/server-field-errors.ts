import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client.ts';

/** The server's per-field messages of a failed call (a wrong current password, a taken name), under their inputs. */
export function showServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  names: readonly Path<T>[],
): void {
  showNestedServerFieldErrors(setError, error, (name) => (names as readonly string[]).includes(name));
}

/**
 * Every per-field message of a failed call whose field names the form holds, under its input: for a form of nested
 * lists, where the server names a place such as `content.stages.0.lessons.1.items.0.task_code`.
 */
export function showNestedServerFieldErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  isFieldOfForm: (name: string) => boolean,
): void {
  const fields = error instanceof ApiError ? (error.body.fields ?? {}) : {};
  for (const [name, message] of Object.entries(fields)) if (isFieldOfForm(name)) setError(name as Path<T>, { type: 'server', message });
}
