import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiGet, apiPost } from '../../src/lib/api.ts';
import { $token } from '../../src/lib/session.ts';

type Call = { url: string; init: RequestInit };
let calls: Call[];

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    calls.push({ url, init: init ?? {} });
    return new Response(JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
}

const header = (call: Call, name: string) => new Headers(call.init.headers).get(name);

beforeEach(() => {
  calls = [];
  $token.set(undefined);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('apiGet', () => {
  it('returns the data of a successful answer', async () => {
    answer(200, { success: true, message: 'تمت العملية بنجاح', data: [{ id: 1, name: 'غزة' }] });
    await expect(apiGet('/api/Category/GetStates')).resolves.toEqual([{ id: 1, name: 'غزة' }]);
    expect(calls[0]?.url).toBe('/api/Category/GetStates');
    expect(calls[0]?.init.method).toBe('GET');
    expect(calls[0]?.init.credentials).toBe('include');
  });

  it('sends the query, the page language and no token when signed out', async () => {
    answer(200, { success: true, message: '', data: [] });
    await apiGet('/api/Category/GetStateCities', { StateId: 2 }, { lang: 'en' });
    expect(calls[0]?.url).toBe('/api/Category/GetStateCities?StateId=2');
    expect(header(calls[0]!, 'accept-language')).toBe('en');
    expect(header(calls[0]!, 'authorization')).toBeNull();
  });

  it('defaults to Arabic outside a page', async () => {
    answer(200, { success: true, message: '', data: null });
    await apiGet('/api/Category/GetBrands');
    expect(header(calls[0]!, 'accept-language')).toBe('ar');
  });

  it('sends the stored token as a bearer token', async () => {
    $token.set('a.b.c');
    answer(200, { success: true, message: '', data: 1 });
    await apiGet('/api/User/GetProfile');
    expect(header(calls[0]!, 'authorization')).toBe('Bearer a.b.c');
  });
});

describe('errors', () => {
  it('throws the server message of a failed answer', async () => {
    answer(400, { success: false, message: 'قيمة StateId غير صالحة', data: null });
    const error = await apiGet('/api/Category/GetStateCities').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).message).toBe('قيمة StateId غير صالحة');
    expect((error as ApiError).status).toBe(400);
  });

  it('throws when a 200 answer says success: false', async () => {
    answer(200, { success: false, message: 'Email already used', data: null });
    await expect(apiPost('/api/User/SignUp', { name: 'x' })).rejects.toMatchObject({
      message: 'Email already used',
      status: 200,
    });
    expect(calls[0]?.init.method).toBe('POST');
  });

  it('maps 401 to the translated not-allowed message', async () => {
    answer(401, { success: false, message: 'token expired', data: null });
    await expect(apiGet('/api/User/GetProfile', undefined, { lang: 'ar' })).rejects.toMatchObject({
      message: 'المستخدم غير مسموح له',
      status: 401,
      serverMessage: 'token expired',
    });
    await expect(apiGet('/api/User/GetProfile', undefined, { lang: 'en' })).rejects.toMatchObject({
      message: 'User not allowed',
    });
  });

  it('falls back to a general message when the server gives none', async () => {
    answer(500, 'oops');
    await expect(apiGet('/api/X/Y', undefined, { lang: 'ar' })).rejects.toMatchObject({
      message: 'حدث خطأ',
      status: 500,
    });
  });

  it('reports an unreachable server with status 0', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('fetch failed');
      }),
    );
    await expect(apiGet('/api/X/Y', undefined, { lang: 'en' })).rejects.toMatchObject({
      message: 'An error occurred',
      status: 0,
    });
  });
});
