import type { ValidationIssue } from '@nbr/domain/errors';
import i18next from 'i18next';
import type { z } from 'zod';
import { paths } from '../config/paths.ts';
import { APP_VERSION } from './build-info.ts';
import { currentLocation, navigateTo } from './navigation.ts';
import { sendToLogin } from './redirect.ts';
import { sessionStore } from './session-store.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.ts';

export const API_BASE = '/api';

/**
 * How a request reaches the API: the browser's fetch. The server painting a page answers the page's
 * requests in-process instead (entry-server.tsx sets its own), through the same routes and checks.
 */
export type ApiTransport = (url: string, init: RequestInit) => Promise<Response>;

let transport: ApiTransport = (url, init) => fetch(url, init);

export function setApiTransport(next: ApiTransport): void {
  transport = next;
}

/** A 400 whose detail is this JSON sends the user on to the insurer's contents sign-up (SPEC §8). */
export interface PreRegisteredPolicy {
  pre_registered_policy: unknown;
  insurer_party_id: string;
}

/** Every failed call throws this; `code` is a stable code of @nbr/domain/errors (or network_error). */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  /** The server's text (already in the user's language), or null. */
  readonly detail: string | null;
  /** The issues of a 422 answer, first one first. */
  readonly issues: ValidationIssue[];
  readonly preRegisteredPolicy: PreRegisteredPolicy | null;

  constructor(init: {
    status: number;
    code: string;
    detail?: string | null;
    issues?: ValidationIssue[];
    preRegisteredPolicy?: PreRegisteredPolicy | null;
  }) {
    const issues = init.issues ?? [];
    super(issues[0]?.msg ?? init.detail ?? init.code);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.detail = init.detail ?? null;
    this.issues = issues;
    this.preRegisteredPolicy = init.preRegisteredPolicy ?? null;
  }

  get isClientError(): boolean {
    return this.status >= 400 && this.status < 500;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A random id per browser tab, sent as the session-id header so the API's logs can follow one visit. */
export function tabSessionId(): string {
  const existing = readStorage(STORAGE_KEYS.sessionId, 'session');
  if (existing) return existing;
  const id =
    globalThis.crypto?.randomUUID?.() ?? `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
  writeStorage(STORAGE_KEYS.sessionId, id, 'session');
  return id;
}

export function currentLanguage(): string {
  return i18next.resolvedLanguage ?? i18next.language ?? 'da';
}

function parsePreRegisteredPolicy(detail: unknown): PreRegisteredPolicy | null {
  if (typeof detail !== 'string' || !detail.trim().startsWith('{')) return null;
  try {
    const value = JSON.parse(detail) as Partial<PreRegisteredPolicy>;
    if (value && value.pre_registered_policy !== undefined && typeof value.insurer_party_id === 'string') {
      return value as PreRegisteredPolicy;
    }
  } catch {
    // Not JSON: an ordinary error text.
  }
  return null;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Turns an error answer into an ApiError (pure; the status handling of SPEC §8 is in apiRequest). */
export function toApiError(status: number, body: unknown): ApiError {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const detail = record.detail;
  const code = typeof record.code === 'string' ? record.code : null;
  if (Array.isArray(detail)) {
    const issues = detail.filter(
      (issue): issue is ValidationIssue =>
        Boolean(issue) && typeof issue === 'object' && typeof (issue as ValidationIssue).msg === 'string',
    );
    return new ApiError({
      status,
      code: code ?? 'validation_failed',
      issues,
      detail: issues[0]?.msg ?? null,
    });
  }
  const text = typeof detail === 'string' ? detail : null;
  const fallback =
    status === 401
      ? 'not_authenticated'
      : status === 404
        ? 'not_found'
        : status >= 500
          ? 'internal_error'
          : 'conflict';
  return new ApiError({
    status,
    code: code ?? (text === 'invalid_token' ? 'invalid_token' : fallback),
    detail: text,
    preRegisteredPolicy: status === 400 ? parsePreRegisteredPolicy(text) : null,
  });
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  body?: unknown;
  /** Validates (and types) the answer. */
  schema?: z.ZodType<T>;
  /**
   * Sent in the address; a value that is undefined or null is left out (a cursor restored from the
   * persisted cache comes back as null: JSON has no undefined, and `before=null` was a 422).
   */
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** Send the bearer token (default true when signed in). */
  auth?: boolean;
  /** Keep the request alive while the page unloads (tracking). */
  keepalive?: boolean;
  /** A bearer token to use instead of the stored one (e.g. logout of a token being discarded). */
  token?: string | null;
  /** Extra headers, e.g. Idempotency-Key for writes that move ownership. */
  headers?: Record<string, string>;
}

export function buildHeaders(options: { token: string | null; hasBody: boolean }): Record<string, string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
    'app-version': APP_VERSION,
    'session-id': tabSessionId(),
  };
  if (options.hasBody) headers['Content-Type'] = 'application/json';
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  return headers;
}

/**
 * Calls the API. Answers the parsed JSON (undefined for 204). Throws ApiError for every failure,
 * after applying SPEC §8: 401 invalid_token clears the session and sends the user to login; a 400
 * naming a pre-registered policy sends the user to the insurer's contents sign-up.
 */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', body, schema, query, signal, auth = true, keepalive } = options;
  const token = options.token !== undefined ? options.token : auth ? sessionStore.getToken() : null;
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null) search.set(key, String(value));
  }
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}${search.size ? `?${search}` : ''}`;

  let response: Response;
  try {
    response = await transport(url, {
      method,
      headers: { ...buildHeaders({ token, hasBody: body !== undefined }), ...options.headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
      keepalive,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'network_error' });
  }

  if (response.status === 204) return undefined as T;
  const payload = await readBody(response);

  if (!response.ok) {
    const error = toApiError(response.status, payload);
    if (response.status === 401 && error.code === 'invalid_token' && token) {
      sessionStore.clear();
      sendToLogin('loggedIn', currentLocation(), 'session_ended');
    } else if (error.preRegisteredPolicy) {
      void navigateTo(
        paths.insurance.policyContentsSignup.getHref(
          { insurerPartyId: error.preRegisteredPolicy.insurer_party_id },
          // The insurer's number of the person's contents policy, for the page to confirm and link.
          { policy: String(error.preRegisteredPolicy.pre_registered_policy) },
        ),
      );
    }
    throw error;
  }

  if (schema) {
    const parsed = schema.safeParse(payload);
    if (!parsed.success) throw new ApiError({ status: response.status, code: 'invalid_response' });
    return parsed.data;
  }
  return payload as T;
}

/**
 * A file of the API that needs the person's bearer token (a receipt PDF): fetched with it, as a Blob
 * to show from an object URL. `url` is an address the API gave (it starts with /api). Failures are
 * ApiErrors, and an ended session goes to login as in apiRequest.
 */
export async function fetchAuthenticatedFile(url: string, signal?: AbortSignal): Promise<Blob> {
  const token = sessionStore.getToken();
  let response: Response;
  try {
    response = await transport(url, {
      headers: { ...buildHeaders({ token, hasBody: false }), Accept: '*/*' },
      signal,
      credentials: 'same-origin',
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({ status: 0, code: 'network_error' });
  }
  if (!response.ok) {
    const error = toApiError(response.status, await readBody(response));
    if (response.status === 401 && error.code === 'invalid_token' && token) {
      sessionStore.clear();
      sendToLogin('loggedIn', currentLocation(), 'session_ended');
    }
    throw error;
  }
  return response.blob();
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE', body }),
};
