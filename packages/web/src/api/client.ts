/**
 * The one fetch client: JSON in and out, the CSRF header on unsafe methods (the server
 * refuses an unsafe cookie-authenticated call without it: docs/security.md), `x-total-count` for
 * lists, typed errors, and the rule that a 401 on any call redirects to login with the current
 * location as the referer.
 */
import { CSRF_HEADER, CSRF_VALUE } from '@sightline/shared';
import { formatCount } from '../components/format';

type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];
export type Query = Record<string, QueryValue>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    /** The server's message (or the raw body), for the error bar's texts. */
    readonly data: string,
    readonly body: unknown,
  ) {
    super(`${statusText}: ${data}`);
    this.name = 'ApiError';
  }
  /** The server's `reason` field (login and password reset failures). */
  get reason(): string | undefined {
    const body = this.body as { reason?: unknown } | null;
    return typeof body?.reason === 'string' ? body.reason : undefined;
  }
}

/** The text an error bar shows for any failure: the server data, else the error's message. */
export function errorData(error: unknown): string {
  if (error instanceof ApiError) return error.data;
  return error instanceof Error ? error.message : String(error);
}
/**
 * Whether trying the same call again can succeed: a network failure or a server error (5xx) may
 * pass next time; a refusal (401, 403), a missing record (404) or bad input (4xx) will not.
 */
export function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status >= 500;
}
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;
export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/** The default failure text: '{status text}: {server data}'. */
export function errorText(error: unknown): string {
  if (error instanceof ApiError) return `${error.statusText}: ${error.data}`;
  return errorData(error);
}

let onUnauthorized: (referer: string) => void = (referer) => {
  window.location.assign(`/login?referer=${encodeURIComponent(referer)}`);
};
/** The app installs a router-aware handler so the redirect is a client-side navigation. */
export function setUnauthorizedHandler(handler: (referer: string) => void) {
  onUnauthorized = handler;
}
const PUBLIC_PAGES = ['/login', '/passwordreset'];
/**
 * Set by the first 401 of a signed-in page: the session is gone, so every further signed-in call
 * would fail the same way. Until a sign-in call answers, such calls fail here without a request
 * (no burst of refused requests from polling screens on their way to the login page).
 */
let sessionEnded = false;
/** Calls that work without a session (sign-in, password reset, provider availability). */
const sessionless = (path: string) => path.startsWith('/auth/') || path.startsWith('/api/auth/');
export const hasSessionEnded = () => sessionEnded;

/** A 401 from anywhere (a request, the live stream): to the login page, unless already on a public one. */
export function reportUnauthorized() {
  const { pathname, search } = window.location;
  if (PUBLIC_PAGES.some((p) => pathname.startsWith(p))) return;
  const first = !sessionEnded;
  sessionEnded = true;
  if (first) onUnauthorized(pathname + search);
}

export function toSearch(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}
export interface ApiResponse<T> {
  data: T;
  total: number | undefined;
  /** `x-total-capped`: more records match than `total` (the server's cap) says. */
  totalCapped: boolean;
  status: number;
}

async function readBody(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return undefined;
  if (!(res.headers.get('content-type') ?? '').includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function messageOf(body: unknown, fallback: string): string {
  if (typeof body === 'string' && body) return body;
  const message = (body as { message?: unknown } | undefined)?.message;
  if (typeof message === 'string' && message) return message;
  return body === undefined ? fallback : JSON.stringify(body);
}

/** A request to `path` (absolute, e.g. '/api/users' or '/auth/okta/available'). */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<ApiResponse<T>> {
  const method = options.method ?? 'GET';
  if (sessionEnded && !sessionless(path)) {
    reportUnauthorized();
    throw new ApiError(401, 'Unauthorized', 'Your session has ended', undefined);
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers[CSRF_HEADER] = CSRF_VALUE;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path + toSearch(options.query), {
    method,
    headers,
    credentials: 'same-origin',
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    signal: options.signal,
  });
  const body = await readBody(res);
  if (sessionless(path) && res.ok) sessionEnded = false;
  if (!res.ok) {
    if (res.status === 401) reportUnauthorized();
    const statusText = res.statusText || `HTTP ${res.status}`;
    throw new ApiError(res.status, statusText, messageOf(body, statusText), body);
  }
  const total = res.headers.get('x-total-count');
  return {
    data: body as T,
    total: total === null ? undefined : Number(total),
    totalCapped: res.headers.get('x-total-capped') === 'true',
    status: res.status,
  };
}

/** Shorthands for calls under /api (docs/api.md). */
export const api = {
  get: async <T>(path: string, query?: Query, signal?: AbortSignal) =>
    (await request<T>(`/api/${path}`, { query, signal })).data,
  list: async <T>(path: string, query?: Query, signal?: AbortSignal) => {
    const res = await request<T[]>(`/api/${path}`, { query, signal });
    const items = Array.isArray(res.data) ? res.data : [];
    return { items, total: res.total ?? items.length, totalCapped: res.totalCapped };
  },
  post: async <T>(path: string, body?: unknown, query?: Query) =>
    (await request<T>(`/api/${path}`, { method: 'POST', body, query })).data,
  put: async <T>(path: string, body?: unknown, query?: Query) =>
    (await request<T>(`/api/${path}`, { method: 'PUT', body, query })).data,
  delete: async <T = unknown>(path: string, query?: Query) =>
    (await request<T>(`/api/${path}`, { method: 'DELETE', query })).data,
};
export type ListResult<T> = { items: T[]; total: number; totalCapped?: boolean };

/** A list's total as the console shows it: "10,000+" when the server capped the count. */
export const totalText = (total: number, capped?: boolean) =>
  capped ? `${formatCount(total)}+` : String(total);
