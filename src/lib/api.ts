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

export class ApiError extends Error {
  /** HTTP status; 0 when the server could not be reached. */
  readonly status: number;
  /** The server's own message, when it sent one (for a 401 `message` is the translated one). */
  readonly serverMessage: string | null;

  constructor(message: string, status: number, serverMessage: string | null = null) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.serverMessage = serverMessage;
  }
}

/** Origin of the API: PUBLIC_API_BASE when set (another backend), else this site. */
export const apiBase = (import.meta.env.PUBLIC_API_BASE ?? '').replace(/\/+$/, '');

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  query?: Record<string, string | number | boolean | null | undefined>;
  body?: Record<string, unknown> | unknown[] | FormData;
  /** Language of messages; the page's language by default. */
  lang?: Lang;
  signal?: AbortSignal;
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
      retry: 0,
    });
  } catch (error) {
    if (error instanceof FetchError) {
      const status = error.response?.status ?? 0;
      const serverMessage = messageOf(error.data);
      // Spec §6/§8: a 401 shows the translated "user not allowed" message.
      if (status === 401) {
        throw new ApiError(
          m.general_user_not_allow_error_message({}, { locale: lang }),
          401,
          serverMessage,
        );
      }
      throw new ApiError(
        serverMessage ?? m.general_error_message({}, { locale: lang }),
        status,
        serverMessage,
      );
    }
    throw error;
  }

  if (isEnvelope(body)) {
    if (!body.success) {
      const serverMessage = messageOf(body);
      throw new ApiError(
        serverMessage ?? m.general_error_message({}, { locale: lang }),
        200,
        serverMessage,
      );
    }
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
