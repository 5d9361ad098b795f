import { messages, type ApiErrorBody } from '@skylog/contracts';

/** A failed API call, carrying the server's status, code, message and per-field messages. */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody;
  /**
   * The answer's whole JSON as sent, for an operation whose refusal says more than the one error shape (a logbook
   * import's report per row); the feature that expects more checks it with its own schema.
   */
  readonly answer: unknown;

  constructor(body: ApiErrorBody, answer?: unknown) {
    super(body.message);
    this.status = body.status;
    this.body = body;
    this.answer = answer;
  }
}

type RequestOptions = { method?: string; body?: unknown; signal?: AbortSignal };

declare global {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- only an interface merges into the DOM's Window
  interface Window {
    /** Answers asked for before the app started (early-requests.ts), by URL; each is taken once. */
    skylogEarlyRequests?: Record<string, Promise<Response>>;
  }
}

/** The answer early-requests.ts already asked for, if any; later reads of the same URL fetch anew. */
function takeEarlyRequest(url: string): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.skylogEarlyRequests;
  const response = early?.[url];
  if (response) delete early[url];
  return response;
}

/** Same-origin calls with the session cookie; the browser never holds any other credential. A failed call throws `ApiError`. */
export async function fetchApi(url: string, { method = 'GET', body, signal }: RequestOptions = {}): Promise<Response> {
  let response: Response;
  try {
    const early = method === 'GET' && body === undefined ? takeEarlyRequest(url) : undefined;
    response = await (early ??
      fetch(url, {
        method,
        credentials: 'same-origin',
        headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
        body: body === undefined ? null : JSON.stringify(body),
        signal: signal ?? null,
      }));
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError({ status: 0, code: 'internal_error', message: 'Skylog cannot be reached. Check your connection and try again.' });
  }
  if (!response.ok) {
    const text = await response.text();
    const data: unknown = text ? safeParse(text) : undefined;
    const parsed = await readErrorBody(data);
    throw new ApiError(
      parsed ?? {
            status: response.status,
            code: 'internal_error',
            message: (data as { message?: string } | undefined)?.message ?? messages.unknownError,
          },
      data,
    );
  }
  return response;
}

/**
 * A failure's answer checked against the one error shape (contracts' apiErrorSchema), or null when it is not that
 * shape. The schema and its library load with the first failure, so the first script every page loads does not
 * carry them; if they cannot be loaded, the failure is still reported, by its status.
 */
async function readErrorBody(data: unknown): Promise<ApiErrorBody | null> {
  try {
    const { apiErrorSchema } = await import('./api-error-schema.ts');
    const parsed = apiErrorSchema.safeParse(data);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** A call's JSON answer (undefined for an empty one, such as a 204). */
export async function readJson(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  return text ? safeParse(text) : undefined;
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
