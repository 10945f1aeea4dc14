import { ApiError, apiBase, errorMessage, type ApiFailure, type Envelope } from './api.ts';
import { currentLang, type Lang } from './i18n.ts';
import { $token } from './session.ts';

/*
 * An API call whose upload reports its progress: fetch cannot tell how much of a request body has
 * been sent, XMLHttpRequest can. For large bodies (a 360 panorama of several megabytes over a
 * mobile network). Answers and failures read exactly as apiRequest's (src/lib/api.ts).
 */

/** Uploads of several megabytes on a slow network need longer than an ordinary call. */
export const UPLOAD_TIMEOUT_MS = 5 * 60_000;

export interface ProgressRequestOptions {
  method: 'POST' | 'PUT';
  body: Record<string, unknown>;
  lang?: Lang;
  /** Share of the body sent so far, 0 to 1. */
  onProgress?: (sent: number) => void;
  timeout?: number;
}

function failure(status: number, serverMessage: string | null, kind: ApiFailure, lang: Lang) {
  const bare = new ApiError('', status, serverMessage, kind);
  return new ApiError(errorMessage(bare, lang), status, serverMessage, kind);
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function messageOf(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return null;
  const message = (value as { message?: unknown }).message;
  return typeof message === 'string' && message.trim() !== '' ? message : null;
}

/** Sends `body` as JSON to `path` and resolves to the answer's `data`. */
export function apiRequestWithProgress<T>(
  path: string,
  options: ProgressRequestOptions,
): Promise<T> {
  const lang = options.lang ?? currentLang();
  return new Promise<T>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open(options.method, `${apiBase}${path}`);
    request.withCredentials = true;
    request.timeout = options.timeout ?? UPLOAD_TIMEOUT_MS;
    request.setRequestHeader('Content-Type', 'application/json');
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Accept-Language', lang);
    const token = $token.get();
    if (token) request.setRequestHeader('Authorization', `Bearer ${token}`);

    request.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) {
        options.onProgress?.(Math.min(1, event.loaded / event.total));
      }
    };
    request.onload = () => {
      const body = parse(request.responseText);
      const ok = request.status >= 200 && request.status < 300;
      if (!ok) return reject(failure(request.status, messageOf(body), 'answer', lang));
      if (typeof body === 'object' && body !== null && 'success' in body) {
        const envelope = body as Envelope<T>;
        if (!envelope.success) return reject(failure(200, messageOf(body), 'answer', lang));
        return resolve(envelope.data);
      }
      resolve(body as T);
    };
    request.onerror = () => reject(failure(0, null, 'network', lang));
    request.ontimeout = () => reject(failure(0, null, 'timeout', lang));
    request.send(JSON.stringify(options.body));
  });
}
