import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FetchError } from 'ofetch';
import { ApiError, apiGet, apiPost, errorMessage } from '../../src/lib/api.ts';
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

  it('reports an unreachable server with status 0 and the connection message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('fetch failed');
      }),
    );
    await expect(apiGet('/api/X/Y', undefined, { lang: 'en' })).rejects.toMatchObject({
      message: 'Could not reach the server. Check your connection and try again.',
      status: 0,
      failure: 'network',
    });
  });

  it('gives up after the time limit with the timeout message', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: unknown, init?: RequestInit) =>
          new Promise((_resolve, reject) => {
            init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
          }),
      ),
    );
    await expect(apiGet('/api/X/Y', undefined, { lang: 'ar', timeout: 20 })).rejects.toMatchObject({
      message: 'استغرق الطلب وقتاً طويلاً، الرجاء المحاولة مجدداً',
      status: 0,
      failure: 'timeout',
    });
  });
});

describe('errorMessage', () => {
  const thrown = async (status: number, body: unknown, lang: 'ar' | 'en' = 'ar') => {
    answer(status, body);
    return apiGet('/api/X/Y', undefined, { lang }).catch((error: unknown) => error);
  };

  it("reads the server's message of a failed answer, in the language it was asked in", async () => {
    const error = await thrown(409, {
      success: false,
      message: 'هذا البريد الإلكتروني مسجل مسبقاً',
    });
    expect(errorMessage(error, 'ar')).toBe('هذا البريد الإلكتروني مسجل مسبقاً');
    expect(errorMessage(error, 'ar', { fallback: 'فشل' })).toBe('هذا البريد الإلكتروني مسجل مسبقاً');
  });

  it('says "user not allowed" for a 401 unless the form shows the server\'s own message', async () => {
    const error = await thrown(401, { success: false, message: 'كلمة المرور غير صحيحة' });
    expect(errorMessage(error, 'ar')).toBe('المستخدم غير مسموح له');
    expect(errorMessage(error, 'en')).toBe('User not allowed');
    expect(errorMessage(error, 'ar', { serverFirst: true })).toBe('كلمة المرور غير صحيحة');
  });

  it("uses the server's 429 message, and its own when a proxy sent none", async () => {
    const server = await thrown(429, { success: false, message: 'عدد كبير من الطلبات' });
    expect(errorMessage(server, 'ar')).toBe('عدد كبير من الطلبات');
    const proxy = await thrown(429, '<html>429 Too Many Requests</html>', 'en');
    expect(errorMessage(proxy, 'en')).toBe(
      'Too many requests. Please wait a moment and try again.',
    );
    expect(errorMessage(proxy, 'ar')).toBe(
      'عدد كبير من الطلبات، الرجاء الانتظار قليلاً ثم المحاولة مجدداً',
    );
  });

  it("falls back to the form's own text, else the general one, when the server said nothing", async () => {
    const error = await thrown(500, 'oops');
    expect(errorMessage(error, 'ar')).toBe('حدث خطأ');
    expect(errorMessage(error, 'en', { fallback: 'Signup failed' })).toBe('Signup failed');
  });

  it('names network failures and timeouts in either language', () => {
    const network = new ApiError('x', 0, null, 'network');
    expect(errorMessage(network, 'ar')).toBe(
      'تعذر الاتصال بالخادم، تحقق من اتصالك بالإنترنت ثم حاول مجدداً',
    );
    expect(errorMessage(network, 'en', { fallback: 'Signup failed' })).toBe(
      'Could not reach the server. Check your connection and try again.',
    );
    const timeout = new DOMException('The operation timed out.', 'TimeoutError');
    expect(errorMessage(timeout, 'en')).toBe('The request took too long. Please try again.');
  });

  it("reads a raw ofetch error the same way as the client's own", () => {
    const error = new FetchError('[GET] "/api/X/Y": 429');
    Object.assign(error, { response: new Response(null, { status: 429 }), data: undefined });
    expect(errorMessage(error, 'en')).toBe(
      'Too many requests. Please wait a moment and try again.',
    );
  });

  it('never shows the developer text of other errors', () => {
    expect(
      errorMessage(new TypeError("Cannot read properties of undefined (reading 'id')"), 'ar'),
    ).toBe('حدث خطأ');
    expect(errorMessage('boom', 'en', { fallback: 'Signup failed' })).toBe('Signup failed');
    expect(errorMessage(undefined, 'en')).toBe('An error occurred');
  });
});
