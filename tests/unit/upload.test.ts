import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api.ts';
import { $token } from '../../src/lib/session.ts';
import { uploadJson, type UploadProgress } from '../../src/lib/upload.ts';

/** A stand-in XMLHttpRequest that the test drives: progress, answers, failures. */
class FakeRequest {
  static last: FakeRequest;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body = '';
  withCredentials = false;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress?: (event: ProgressEvent) => void; onload?: () => void } = {};
  onload?: () => void;
  onerror?: () => void;

  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: string) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
  }
  // The test's side:
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  sent() {
    this.upload.onload?.();
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

const request = () => FakeRequest.last;

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  $token.set(undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('uploadJson', () => {
  it('sends JSON with the language and the bearer token, and resolves to the answer data', async () => {
    $token.set('a.b.c');
    const done = uploadJson<{ id: number }>('/api/Vehicle/CreateVehicle', {
      body: { price: 5 },
      lang: 'en',
    });
    const sent = request();
    expect(sent.method).toBe('POST');
    expect(sent.url).toBe('/api/Vehicle/CreateVehicle');
    expect(JSON.parse(sent.body)).toEqual({ price: 5 });
    expect(sent.headers).toMatchObject({
      'content-type': 'application/json',
      'accept-language': 'en',
      authorization: 'Bearer a.b.c',
    });
    expect(sent.withCredentials).toBe(true);
    sent.answer(200, { success: true, message: '', data: { id: 7 } });
    await expect(done).resolves.toEqual({ id: 7 });
  });

  it('reports the share of the body sent, then that the server is working on it', async () => {
    const seen: UploadProgress[] = [];
    const done = uploadJson('/api/Vehicle/UpdateVehicle', {
      method: 'PUT',
      body: { images: ['x'.repeat(1000)] },
      onProgress: (progress) => seen.push(progress),
    });
    expect(request().method).toBe('PUT');
    request().progress(250, 1000);
    request().progress(1000, 1000);
    request().sent();
    request().answer(200, { success: true, message: '', data: null });
    await done;
    expect(seen.map((progress) => [progress.phase, progress.percent])).toEqual([
      ['uploading', 0],
      ['uploading', 25],
      // 100 only once the server has the whole body.
      ['uploading', 99],
      ['processing', 100],
    ]);
  });

  it("fails with the server's message of a refused draft, in an ApiError", async () => {
    const done = uploadJson('/api/Vehicle/CreateVehicle', { body: {}, lang: 'ar' });
    request().answer(400, { success: false, message: 'أضف على الأقل 6 صور', data: null });
    const error = await done.catch((problem: unknown) => problem);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, failure: 'answer', message: 'أضف على الأقل 6 صور' });
  });

  it("answers a 401 with the 'user not allowed' text, and an envelope without success with its message", async () => {
    let done = uploadJson('/api/Vehicle/CreateVehicle', { body: {}, lang: 'ar' });
    request().answer(401, { success: false, message: 'Unauthorized', data: null });
    await expect(done).rejects.toMatchObject({ status: 401, message: 'المستخدم غير مسموح له' });

    done = uploadJson('/api/Vehicle/CreateVehicle', { body: {}, lang: 'en' });
    request().answer(200, { success: false, message: 'Refused', data: null });
    await expect(done).rejects.toMatchObject({ status: 200, message: 'Refused' });

    done = uploadJson('/api/Vehicle/CreateVehicle', { body: {}, lang: 'en' });
    request().answer(502, '<html>Bad gateway</html>');
    await expect(done).rejects.toMatchObject({ status: 502, message: 'An error occurred' });
  });

  it('fails as a network failure when the connection drops', async () => {
    const done = uploadJson('/api/Vehicle/CreateVehicle', { body: {}, lang: 'en' });
    request().onerror?.();
    await expect(done).rejects.toMatchObject({
      status: 0,
      failure: 'network',
      message: 'Could not reach the server. Check your connection and try again.',
    });
  });

  it('gives up when no byte goes out for the stall time, but not while bytes keep going', async () => {
    vi.useFakeTimers();
    const done = uploadJson('/api/Vehicle/CreateVehicle', {
      body: {},
      lang: 'en',
      stallTimeoutMs: 1000,
    });
    const failed = done.catch((problem: unknown) => problem);
    vi.advanceTimersByTime(900);
    request().progress(10, 100);
    vi.advanceTimersByTime(900);
    request().progress(20, 100);
    vi.advanceTimersByTime(900);
    expect(request().aborted).toBe(false);
    vi.advanceTimersByTime(200);
    expect(request().aborted).toBe(true);
    expect(await failed).toMatchObject({ status: 0, failure: 'timeout' });
  });

  it('waits for the answer for its own time once the body is sent', async () => {
    vi.useFakeTimers();
    const done = uploadJson('/api/Vehicle/CreateVehicle', {
      body: {},
      lang: 'ar',
      stallTimeoutMs: 1000,
      answerTimeoutMs: 5000,
    });
    const failed = done.catch((problem: unknown) => problem);
    request().sent();
    vi.advanceTimersByTime(4000);
    expect(request().aborted).toBe(false);
    vi.advanceTimersByTime(1001);
    expect(await failed).toMatchObject({
      failure: 'timeout',
      message: 'استغرق الطلب وقتاً طويلاً، الرجاء المحاولة مجدداً',
    });
  });

  it('stops when its signal aborts', async () => {
    const controller = new AbortController();
    const done = uploadJson('/api/Vehicle/CreateVehicle', {
      body: {},
      signal: controller.signal,
    });
    controller.abort();
    await expect(done).rejects.toMatchObject({ name: 'AbortError' });
    expect(request().aborted).toBe(true);
  });
});
