import { ApiError } from './api-client.ts';

/**
 * A failed load carries the spec's failure text (e.g. 'Failed to fetch orgs') while keeping the
 * server's status, so screens show the same words the spec lists.
 */
export async function withMessage<T>(pending: Promise<T>, message: string): Promise<T> {
  try {
    return await pending;
  } catch (error) {
    if (error instanceof ApiError) throw new ApiError({ ...error.body, message });
    throw error;
  }
}
