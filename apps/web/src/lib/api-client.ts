import { isApiErrorBody, isSessionEndingMessage } from '@parceldesk/shared/errors';
import { loginPathFor } from '@parceldesk/shared/roles';
import { config } from '../config';
import { storage } from './storage';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** The path inside the SPA (without /courier), as the router sees it. */
export function appPath(): string {
  const { pathname, search } = window.location;
  const inner = pathname.startsWith(config.basePath) ? pathname.slice(config.basePath.length) || '/' : pathname;
  return `${inner}${search}`;
}

const LOGIN_PAGES = ['/login', '/admin/login', '/staff/login', '/superadmin/login', '/register', '/reset-password', '/customer-reset-password'];

function onLoginPage(path: string): boolean {
  return LOGIN_PAGES.some((page) => path === page || path.startsWith(`${page}?`));
}

/** Listeners told when the session ended on a 401 (the auth provider resets its state). */
const sessionEndedListeners = new Set<() => void>();
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/**
 * Spec section 8: a 401 whose message mentions the token ends the session: the token is removed,
 * the current path is remembered and the browser goes to the matching login page.
 */
function endSession() {
  const path = appPath();
  storage.clearToken();
  sessionEndedListeners.forEach((listener) => listener());
  if (onLoginPage(path)) return;
  storage.setRedirect(path);
  window.location.assign(`${config.basePath}${loginPathFor(path)}`);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
  /** Skip the automatic sign-out on 401 (login forms handle their own 401). */
  noSessionHandling?: boolean;
  /** Extra request headers (the receive call's Idempotency-Key). */
  headers?: Record<string, string>;
}

export async function api<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  const token = storage.getToken();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  let response: Response;
  try {
    response = await fetch(`${config.apiBase}${path}`, { method: options.method ?? 'GET', headers, body, signal: options.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'Cannot reach the server. Check your connection and try again.');
  }
  const text = await response.text();
  let data: unknown = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = null;
    }
  }
  if (!response.ok) {
    const message = isApiErrorBody(data) ? data.message : `Request failed (${response.status})`;
    const fieldErrors = isApiErrorBody(data) ? data.fieldErrors : undefined;
    if (response.status === 401 && !options.noSessionHandling && isSessionEndingMessage(message)) endSession();
    throw new ApiError(response.status, message, fieldErrors);
  }
  return data as T;
}

/** The message to show for a failed call: the server's, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.message && error.status !== 500) return error.message;
  return fallback;
}
