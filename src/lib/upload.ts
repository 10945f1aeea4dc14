import { ApiError, apiBase, errorMessage, type ApiFailure, type Envelope } from './api.ts';
import { currentLang, type Lang } from './i18n.ts';
import { $token } from './session.ts';

/*
 * Large JSON bodies (a vehicle draft with up to 20 photos) sent with XMLHttpRequest, which unlike
 * fetch reports how much of the body has gone out, so a seller on a slow mobile network sees real
 * progress. Same contract as api.ts: the answer's `data`, the Bearer token and Accept-Language,
 * and failures as ApiError (answer / network / timeout), so errorMessage() gives their text.
 */

/** No byte of the body went out for this long: the connection is treated as dead. */
export const UPLOAD_STALL_TIMEOUT_MS = 60_000;
/** The body is sent and the server has not answered for this long. */
export const UPLOAD_ANSWER_TIMEOUT_MS = 120_000;

export interface UploadProgress {
  /** 'uploading' while the body goes out, 'processing' once it is sent and the server works. */
  phase: 'uploading' | 'processing';
  loaded: number;
  total: number;
  /** 0..100, whole numbers; 100 only once the body is fully sent. */
  percent: number;
}

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  /** Sent as JSON. */
  body: unknown;
  lang?: Lang;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
  stallTimeoutMs?: number;
  answerTimeoutMs?: number;
}

function messageOf(value: unknown): string | null {
  if (typeof value === 'object' && value !== null && 'message' in value) {
    const message = (value as { message: unknown }).message;
    if (typeof message === 'string' && message.trim() !== '') return message;
  }
  return null;
}

/** An ApiError whose message is the text errorMessage() gives it in `lang`. */
function failure(
  status: number,
  serverMessage: string | null,
  kind: ApiFailure,
  lang: Lang,
): ApiError {
  const text = errorMessage(new ApiError('', status, serverMessage, kind), lang);
  return new ApiError(text, status, serverMessage, kind);
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** Sends `body` as JSON to `path` and resolves to the answer's `data`. */
export function uploadJson<T>(path: string, options: UploadOptions): Promise<T> {
  const lang = options.lang ?? currentLang();
  const json = JSON.stringify(options.body);
  const bytes = new TextEncoder().encode(json).length;
  const stallTimeout = options.stallTimeoutMs ?? UPLOAD_STALL_TIMEOUT_MS;
  const answerTimeout = options.answerTimeoutMs ?? UPLOAD_ANSWER_TIMEOUT_MS;

  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let settled = false;

    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
      outcome();
    };
    const fail = (error: unknown) => finish(() => reject(error));
    const arm = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        fail(failure(0, null, 'timeout', lang));
        xhr.abort();
      }, ms);
    };
    const report = (phase: UploadProgress['phase'], loaded: number, total: number) => {
      const share = total > 0 ? loaded / total : 0;
      const percent = phase === 'processing' ? 100 : Math.min(99, Math.floor(share * 100));
      options.onProgress?.({ phase, loaded, total, percent });
    };
    function onAbort() {
      fail(options.signal?.reason ?? new DOMException('The upload was cancelled.', 'AbortError'));
      xhr.abort();
    }

    xhr.open(options.method ?? 'POST', `${apiBase}${path}`);
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', lang);
    const token = $token.get();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.withCredentials = true;

    xhr.upload.onprogress = (event) => {
      arm(stallTimeout);
      report('uploading', event.loaded, event.lengthComputable ? event.total : bytes);
    };
    xhr.upload.onload = () => {
      report('processing', bytes, bytes);
      arm(answerTimeout);
    };
    xhr.onerror = () => fail(failure(0, null, 'network', lang));
    xhr.onload = () => {
      const answer = parse(xhr.responseText);
      const ok = xhr.status >= 200 && xhr.status < 300;
      if (!ok) {
        fail(failure(xhr.status, messageOf(answer), 'answer', lang));
        return;
      }
      if (typeof answer === 'object' && answer !== null && 'success' in answer) {
        const envelope = answer as Envelope<T>;
        if (!envelope.success) fail(failure(200, messageOf(envelope), 'answer', lang));
        else finish(() => resolve(envelope.data));
        return;
      }
      finish(() => resolve(answer as T));
    };

    if (options.signal?.aborted) {
      onAbort();
      return;
    }
    options.signal?.addEventListener('abort', onAbort);
    report('uploading', 0, bytes);
    arm(stallTimeout);
    xhr.send(json);
  });
}
