import { blockedMessage, errorResponseSchema } from '@safarsaathi/contracts';
import { blockedDetails, reportBlockedAccess } from '../access/blockedAccess';
import { clearOfflineApiCache } from '../offline/offlineCache';
import { activeLocale, translateMessage } from '../i18n/i18n';

/** A non-2xx answer; `error`, `code` and `details` come from the server's `{ error, code?, details? }` body when it has one. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly error: string | undefined,
    readonly details?: unknown,
    /** The message's stable code (contracts error-codes.ts): the key of its translation. */
    readonly code?: string,
  ) {
    super(error ?? `Request failed with status ${status}`);
  }
}

/** The request never got an answer (offline, DNS, connection reset). */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface RequestOptions {
  body?: unknown;
  signal?: AbortSignal;
  /** The browser HTTP cache mode; 'no-store' for answers that must always be fresh (chat messages). */
  cache?: RequestCache;
  /** Sees the answer's headers (e.g. the service worker's OFFLINE_CACHED_AT_HEADER) before its body is read. */
  onHeaders?: (headers: Headers) => void;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    // A proxy error page (HTML) instead of JSON: the status code still tells what happened.
    return undefined;
  }
}

async function request<T>(
  method: Method,
  path: string,
  { body, signal, cache, onHeaders }: RequestOptions = {},
): Promise<T> {
  // The page's language: services write signed-out e-mails (the sign-in code, a support case) in it.
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': activeLocale() };
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await fetch(path, {
      method,
      headers,
      credentials: 'include',
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      cache,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new NetworkError(`${method} ${path} failed: no response`, { cause });
  }

  onHeaders?.(response.headers);
  const payload = await readJson(response);
  if (!response.ok) {
    // A 401 means this browser has no session (any more): its offline copy goes at once, before the phone
    // can go offline with it (the worker sees only the answers it keeps).
    if (response.status === 401) await clearOfflineApiCache();
    const parsed = errorResponseSchema.safeParse(payload);
    const blocked = response.status === 403 ? blockedDetails(parsed.data?.details) : null;
    // A blocked user: every caller still gets its error, and the shell replaces the page with the blocked screen.
    if (blocked)
      reportBlockedAccess({
        message: parsed.data?.error ?? blockedMessage(blocked.reason),
        reason: blocked.reason,
      });
    throw new ApiError(response.status, parsed.data?.error, parsed.data?.details, parsed.data?.code);
  }
  return payload as T;
}

/**
 * JSON over fetch with the session cookie; throws ApiError on non-2xx and NetworkError without an answer.
 * A 403 with `details.blocked` is also reported to `useBlockedAccess()`, whichever screen made the call.
 */
export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => request<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    request<T>('PUT', path, { ...options, body }),
  /** A body only where the API asks for one (e.g. DELETE /api/push/subscriptions { endpoint }). */
  delete: <T>(path: string, options?: RequestOptions) => request<T>('DELETE', path, options),
};

/**
 * The server's error when it sent one, otherwise the screen's own fallback message; in the reader's
 * language when the text has a translation (by the server's `code`, or a catalogued fallback text).
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.error) {
    const retryAfterSeconds = (error.details as { retryAfterSeconds?: unknown } | undefined)
      ?.retryAfterSeconds;
    return translateMessage(error.error, error.code, { seconds: retryAfterSeconds });
  }
  return translateMessage(fallback);
}
