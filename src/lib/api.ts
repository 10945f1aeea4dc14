import { FetchError, ofetch } from 'ofetch';
import { m } from '../paraglide/messages.js';
import { currentLang, type Lang } from './i18n.ts';
import { $token } from './session.ts';

/*
 * The browser's client for the marketplace API (`/api/{Group}/{Name}`, ARCHITECTURE.md "The
 * contract"). Every answer is `{ success, message, data }`: calls resolve to `data` and reject
 * with an ApiError carrying the server's message in the page's language.
 */

export interface Envelope<T> {
  success: boolean;
  message: string;
  data: T;
}

/**
 * Why a call failed: the server answered with a failure (`answer`), it could not be reached
 * (`network`), or it did not answer in time (`timeout`).
 */
export type ApiFailure = 'answer' | 'network' | 'timeout';

export class ApiError extends Error {
  /** HTTP status; 0 when the server could not be reached or did not answer in time. */
  readonly status: number;
  /** The server's own message, when it sent one (for a 401 `message` is the translated one). */
  readonly serverMessage: string | null;
  readonly failure: ApiFailure;

  constructor(
    message: string,
    status: number,
    serverMessage: string | null = null,
    failure: ApiFailure = 'answer',
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
    this.failure = failure;
  }
}

/** Origin of the API: PUBLIC_API_BASE when set (another backend), else this site. */
export const apiBase = (import.meta.env.PUBLIC_API_BASE ?? '').replace(/\/+$/, '');

/** How long a call may take before it fails with the timeout message. */
export const API_TIMEOUT_MS = 30_000;

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: Record<string, unknown> | unknown[] | FormData;
  /** Language of messages; the page's language by default. */
  lang?: Lang;
  /** Cancels the call; when given, the caller owns the time limit too. */
  signal?: AbortSignal;
  /** Milliseconds before the call gives up (API_TIMEOUT_MS by default). */
  timeout?: number;
}

function isEnvelope(value: unknown): value is Envelope<unknown> {
  return typeof value === 'object' && value !== null && 'success' in value;
}

function messageOf(value: unknown): string | null {
  if (typeof value === 'object' && value !== null && 'message' in value) {
    const message = (value as { message: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return null;
}

const isTimeout = (error: unknown) =>
  typeof error === 'object' &&
  error !== null &&
  (error as { name?: unknown }).name === 'TimeoutError';

export interface ErrorTextOptions {
  /** Said when nothing more specific is known; "an error occurred" by default. */
  fallback?: string;
  /** Shows the server's own message even for a 401 (spec §8: login and new-password failures). */
  serverFirst?: boolean;
}

function failureText(
  status: number,
  serverMessage: string | null,
  failure: ApiFailure,
  lang: Lang,
  options: ErrorTextOptions = {},
): string {
  const t = { locale: lang };
  if (failure === 'timeout') return m.general_timeout_error({}, t);
  if (failure === 'network') return m.general_network_error({}, t);
  // Spec §6/§8: a 401 shows the translated "user not allowed" message.
  if (status === 401 && !options.serverFirst) return m.general_user_not_allow_error_message({}, t);
  if (serverMessage) return serverMessage;
  // A proxy in front of the API may refuse with 429 and no envelope.
  if (status === 429) return m.general_too_many_requests({}, t);
  return options.fallback ?? m.general_error_message({}, t);
}

function failed(
  status: number,
  serverMessage: string | null,
  failure: ApiFailure,
  lang: Lang,
): ApiError {
  return new ApiError(
    failureText(status, serverMessage, failure, lang),
    status,
    serverMessage,
    failure,
  );
}

/** The ApiError of a failed ofetch call: an answer with its status, a timeout or no answer. */
function fromFetchError(error: FetchError, lang: Lang): ApiError {
  if (error.response) return failed(error.response.status, messageOf(error.data), 'answer', lang);
  return failed(0, null, isTimeout(error.cause) || isTimeout(error) ? 'timeout' : 'network', lang);
}

/**
 * The text to show for anything a call threw, in the visitor's language: the server's message
 * of a failed answer ("user not allowed" for a 401 unless `serverFirst`), the network, timeout
 * or too-many-requests text, else `fallback` ("an error occurred"). Other errors (bugs) never
 * show their developer text.
 */
export function errorMessage(
  error: unknown,
  lang: Lang = currentLang(),
  options: ErrorTextOptions = {},
): string {
  if (error instanceof ApiError) {
    return failureText(error.status, error.serverMessage, error.failure, lang, options);
  }
  if (error instanceof FetchError) return errorMessage(fromFetchError(error, lang), lang, options);
  if (isTimeout(error)) return failureText(0, null, 'timeout', lang);
  return options.fallback ?? m.general_error_message({}, { locale: lang });
}

/** Calls `path` (e.g. `/api/Category/GetStates`) and resolves to the answer's `data`. */
export async function apiRequest<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const lang = options.lang ?? currentLang();
  const headers: Record<string, string> = { 'Accept-Language': lang };
  const token = $token.get();
  if (token) headers.Authorization = `Bearer ${token}`;

  let body: unknown;
  try {
    body = await ofetch<unknown>(path, {
      baseURL: apiBase || undefined,
      method: options.method ?? 'GET',
      query: options.query ?? undefined,
      body: options.body,
      headers,
      credentials: 'include',
      signal: options.signal,
      timeout: options.signal ? undefined : (options.timeout ?? API_TIMEOUT_MS),
      retry: 0,
    });
  } catch (error) {
    if (error instanceof FetchError) throw fromFetchError(error, lang);
    throw error;
  }

  if (isEnvelope(body)) {
    if (!body.success) throw failed(200, messageOf(body), 'answer', lang);
    return body.data as T;
  }
  return body as T;
}

export function apiGet<T>(path: string, query?: ApiOptions['query'], options: ApiOptions = {}) {
  return apiRequest<T>(path, { ...options, method: 'GET', query });
}

export function apiPost<T>(path: string, body?: ApiOptions['body'], options: ApiOptions = {}) {
  return apiRequest<T>(path, { ...options, method: 'POST', body });
}
