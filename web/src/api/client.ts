import { MSG, type AuthTokens } from '@fieldbook/domain';
import { useSession } from './session';

export interface ApiErrorDetail {
  path: string;
  message: string;
}

/** Every failed call ends as an ApiError so screens can branch on `code` (spec 1 §8). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly details: ApiErrorDetail[];

  constructor(status: number, code: string, message: string, details: ApiErrorDetail[] = []) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export type QueryValue = string | number | boolean | null | undefined;

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, QueryValue>;
  /** Send the ID token and orgId (default). Signed-out identity calls pass false. */
  auth?: boolean;
  /** Lets a save started on `pagehide` outlive the page. */
  keepalive?: boolean;
  /** Read the body as text instead of JSON (e.g. /eula.html). */
  text?: boolean;
}

/** Called when the session could not be renewed; the app signs out and says why. */
let onSessionExpired: () => void = () => undefined;
export function setSessionExpiredHandler(handler: () => void) {
  onSessionExpired = handler;
}

function buildUrl(path: string, query: Record<string, QueryValue> | undefined, orgId: string | null) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  if (orgId && !params.has('orgId')) params.set('orgId', orgId);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

async function toApiError(res: Response): Promise<ApiError> {
  try {
    const body = (await res.json()) as { message?: unknown; code?: unknown; details?: unknown };
    const message = typeof body.message === 'string' && body.message ? body.message : MSG.errorOccurred;
    const code = typeof body.code === 'string' ? body.code : `Http${res.status}`;
    const details = Array.isArray(body.details) ? (body.details as ApiErrorDetail[]) : [];
    return new ApiError(res.status, code, message, details);
  } catch {
    return new ApiError(res.status, `Http${res.status}`, MSG.errorOccurred);
  }
}

async function send(path: string, options: ApiFetchOptions, idToken: string | null): Promise<Response> {
  const headers: Record<string, string> = { Accept: options.text ? 'text/html, text/plain' : 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (idToken) headers.Authorization = `Bearer ${idToken}`;
  const orgId = idToken ? useSession.getState().orgId : null;
  try {
    return await fetch(buildUrl(path, options.query, orgId), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      keepalive: options.keepalive,
    });
  } catch {
    throw new ApiError(0, 'NetworkError', MSG.errorOccurred);
  }
}

// Concurrent 401s share one refresh so the refresh token is used once.
let refreshing: Promise<boolean> | null = null;

/** A new ID token for the session's refresh token (also before expiry and after a password change). */
export function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = useSession.getState().session?.refreshToken;
    if (!refreshToken) return false;
    const res = await send('/auth/refresh', { method: 'POST', body: { refreshToken } }, null).catch(() => null);
    if (!res || !res.ok) return false;
    useSession.getState().setTokens((await res.json()) as AuthTokens);
    return true;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

async function readBody<T>(res: Response, options: ApiFetchOptions): Promise<T> {
  if (res.status === 204) return undefined as T;
  if (options.text) return (await res.text()) as T;
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('json')) return undefined as T;
  return (await res.json()) as T;
}

/**
 * Calls the API. Signed-in calls carry `Authorization: Bearer` and `orgId`; a 401 renews the
 * session once and retries. If renewal fails the session ends. A 401 after a successful renewal
 * is a real refusal (e.g. wrong old password) and is thrown without signing out.
 */
export async function apiFetch<T = unknown>(path: string, options: ApiFetchOptions = {}): Promise<T> {
  const useAuth = options.auth ?? true;
  const token = useAuth ? (useSession.getState().session?.idToken ?? null) : null;
  let res = await send(path, options, token);
  if (res.status === 401 && token) {
    // Another call may have renewed the token while this one was in flight.
    const renewed = useSession.getState().session?.idToken !== token || (await refreshSession());
    if (renewed && useSession.getState().session) {
      res = await send(path, options, useSession.getState().session?.idToken ?? null);
    } else {
      const error = await toApiError(res);
      onSessionExpired();
      throw error;
    }
  }
  if (!res.ok) throw await toApiError(res);
  return readBody<T>(res, options);
}

/** The error's message id or text; app.error.occurred when there is none. */
export function errorMessageOf(error: unknown): string {
  if (error instanceof ApiError) return error.message || MSG.errorOccurred;
  return MSG.errorOccurred;
}

export const errorCodeOf = (error: unknown): string | undefined => (error instanceof ApiError ? error.code : undefined);
