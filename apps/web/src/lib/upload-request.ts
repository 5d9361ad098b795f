import { apiErrorSchema, messages } from '@skylog/contracts';
import { ApiError } from './api-client.ts';

type UploadOptions = {
  method: 'POST';
  body: Blob;
  headers?: Record<string, string>;
  /** Bytes of this body sent so far. */
  onProgress?: (sentBytes: number) => void;
  signal?: AbortSignal;
};

/**
 * Sends a file body with upload progress (fetch cannot report it), same-origin with the session
 * cookie; answers the JSON body or throws ApiError with the server's message.
 */
export function uploadRequest<T>(url: string, { method, body, headers = {}, onProgress, signal }: UploadOptions): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(method, url);
    request.withCredentials = true;
    request.setRequestHeader('accept', 'application/json');
    for (const [name, value] of Object.entries(headers)) request.setRequestHeader(name, value);
    request.upload.onprogress = (event) => onProgress?.(event.loaded);
    request.onerror = () => reject(new ApiError({ status: 0, code: 'internal_error', message: messages.connectionLost }));
    request.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    request.onload = () => {
      let data: unknown;
      try {
        data = request.responseText ? JSON.parse(request.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (request.status >= 200 && request.status < 300) return resolve(data as T);
      const parsed = apiErrorSchema.safeParse(data);
      reject(
        new ApiError(parsed.success ? parsed.data : { status: request.status, code: 'internal_error', message: messages.unknownError }, data),
      );
    };
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(body);
  });
}
