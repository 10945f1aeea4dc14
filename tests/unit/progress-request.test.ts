import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../src/lib/api.ts';
import { apiRequestWithProgress } from '../../src/lib/progress-request.ts';
import { $token } from '../../src/lib/session.ts';

/** A stand-in for the browser's XMLHttpRequest that the test answers by hand. */
class FakeRequest {
  static last: FakeRequest;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: string | null = null;
  status = 0;
  responseText = '';
  timeout = 0;
  withCredentials = false;
  upload: { onprogress: ((event: Partial<ProgressEvent>) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  ontimeout: (() => void) | null = null;

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
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = typeof body === 'string' ? body : JSON.stringify(body);
    this.onload?.();
  }
}

beforeEach(() => {
  vi.stubGlobal('XMLHttpRequest', FakeRequest);
  $token.set(undefined);
});
afterEach(() => vi.unstubAllGlobals());

const send = (onProgress?: (sent: number) => void, lang: 'ar' | 'en' = 'ar') =>
  apiRequestWithProgress<{ id: number; image360: string }>('/api/Vehicle/UpdateVehicleImage360', {
    method: 'PUT',
    body: { id: 5, imagePath: 'data:image/jpeg;base64,AAAA' },
    lang,
    onProgress,
  });

describe('apiRequestWithProgress', () => {
  it('sends JSON with the token and the language, and resolves to data', async () => {
    $token.set('a.b.c');
    const done = send(undefined, 'en');
    const request = FakeRequest.last;
    expect(request.method).toBe('PUT');
    expect(request.url).toBe('/api/Vehicle/UpdateVehicleImage360');
    expect(request.headers['authorization']).toBe('Bearer a.b.c');
    expect(request.headers['accept-language']).toBe('en');
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body!)).toEqual({ id: 5, imagePath: 'data:image/jpeg;base64,AAAA' });
    request.answer(200, {
      success: true,
      message: 'ok',
      data: { id: 5, image360: '/uploads/x.jpg' },
    });
    await expect(done).resolves.toEqual({ id: 5, image360: '/uploads/x.jpg' });
  });

  it('reports the share of the body sent', async () => {
    const seen: number[] = [];
    const done = send((sent) => seen.push(sent));
    const request = FakeRequest.last;
    request.upload.onprogress?.({ lengthComputable: true, loaded: 25, total: 100 });
    request.upload.onprogress?.({ lengthComputable: false, loaded: 50, total: 0 });
    request.upload.onprogress?.({ lengthComputable: true, loaded: 100, total: 100 });
    request.answer(200, { success: true, message: '', data: { id: 5, image360: '' } });
    await done;
    expect(seen).toEqual([0.25, 1]);
  });

  it("shows the server's own message of a refusal (a picture that is not a panorama)", async () => {
    const done = send();
    FakeRequest.last.answer(400, { success: false, message: 'الصورة ليست بانوراما', data: null });
    const error = await done.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('الصورة ليست بانوراما');
    expect((error as ApiError).status).toBe(400);
  });

  it('says "user not allowed" for a 401 and reports a failed envelope', async () => {
    const first = send();
    FakeRequest.last.answer(401, { success: false, message: 'Unauthorized', data: null });
    await expect(first).rejects.toThrow('المستخدم غير مسموح له');

    const second = send();
    FakeRequest.last.answer(200, { success: false, message: 'لا', data: null });
    await expect(second).rejects.toThrow('لا');
  });

  it('gives the network and timeout texts, and the general one for a bare 500', async () => {
    const network = send();
    FakeRequest.last.onerror?.();
    await expect(network).rejects.toMatchObject({ failure: 'network', status: 0 });

    const slow = send(undefined, 'en');
    FakeRequest.last.ontimeout?.();
    await expect(slow).rejects.toMatchObject({ failure: 'timeout' });

    const broken = send(undefined, 'en');
    FakeRequest.last.answer(500, '<html>oops</html>');
    await expect(broken).rejects.toThrow('An error occurred');
  });
});
