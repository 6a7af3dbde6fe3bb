import { TEST_PREMIUM_HEADER } from '#contract/entitlements.ts';
import { errorCatalog } from '#contract/errors-text.ts';
import { localKeys, readStorage } from './storage-keys.ts';

/**
 * An API failure: the server's `{ error, code }` when it sent one, else "status: text". Decide what
 * to do by `code` (see errorCodeOf); `message` is only for showing.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { error?: unknown; code?: unknown };
    if (typeof body.error === 'string') return new ApiError(response.status, body.error, typeof body.code === 'string' ? body.code : undefined);
  } catch {
    // Not JSON: fall through to the spec's "status: text" form.
  }
  return new ApiError(response.status, `${response.status}: ${text || response.statusText}`);
}

export function apiHeaders(extra?: HeadersInit): Headers {
  const headers = new Headers(extra);
  if (readStorage('local', localKeys.testPremium) === 'true') headers.set(TEST_PREMIUM_HEADER, 'true');
  return headers;
}

/**
 * One request to our API with the session cookie. FormData goes as is, other bodies as JSON.
 * Resolves with the parsed JSON (undefined for 204); rejects with ApiError.
 */
export async function apiRequest<T>(method: string, url: string, body?: unknown, init?: { signal?: AbortSignal }): Promise<T> {
  const headers = apiHeaders();
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers.set('content-type', 'application/json');
    payload = JSON.stringify(body);
  }
  const response = await fetch(url, { method, headers, body: payload, credentials: 'include', signal: init?.signal });
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const text = await response.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

export const api = {
  get: <T>(url: string, init?: { signal?: AbortSignal }) => apiRequest<T>('GET', url, undefined, init),
  post: <T>(url: string, body?: unknown) => apiRequest<T>('POST', url, body ?? {}),
  put: <T>(url: string, body?: unknown) => apiRequest<T>('PUT', url, body ?? {}),
  patch: <T>(url: string, body?: unknown) => apiRequest<T>('PATCH', url, body ?? {}),
  delete: <T>(url: string, body?: unknown) => apiRequest<T>('DELETE', url, body),
};

/** The API's error code (`rate_limit:interactions`, `not_found:chat_session`...) of a failure, if it was one. */
export function errorCodeOf(error: unknown): string | undefined {
  return error instanceof ApiError ? error.code : undefined;
}

/** What a failure says to the user: the server's message (or the error's own), else the catalog's "Something went wrong". */
export function errorMessageOf(error: unknown): string {
  return error instanceof Error ? error.message : errorCatalog['internal:unexpected'].message;
}

/** A network failure (offline, server down) rather than an answer from the server. */
export function isNetworkError(error: unknown): boolean {
  return error instanceof TypeError;
}
