import { ApiError } from './api-client.ts';

/**
 * A failed load carries contracts' failure message for it (e.g. `messages.fetchOrgsFailed`) while keeping the
 * server's status, so every screen words the same failure the same way.
 */
export async function withMessage<T>(pending: Promise<T>, message: string): Promise<T> {
  try {
    return await pending;
  } catch (error) {
    if (error instanceof ApiError) throw new ApiError({ ...error.body, message });
    throw error;
  }
}
