import { setPersistentEngine } from '@nanostores/persistent';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from './storage.ts';

const apiGet = vi.fn();
const toast = vi.fn();

vi.mock('../../src/lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/api.ts')>()),
  apiGet: (...args: unknown[]) => apiGet(...args),
}));
const toastWithAction = vi.fn();
vi.mock('../../src/lib/toast.ts', () => ({
  toast: (...args: unknown[]) => toast(...args),
  toastWithAction: (...args: unknown[]) => toastWithAction(...args),
}));

const { ApiError } = await import('../../src/lib/api.ts');
const favourites = await import('../../src/lib/favourites.ts');
const session = await import('../../src/lib/session.ts');

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (exp: number) => `${part({ alg: 'HS256' })}.${part({ sub: '7', exp })}.sig`;
const now = () => Math.floor(Date.now() / 1000);

beforeEach(() => {
  const local = memoryStorage();
  (globalThis as { localStorage?: Storage }).localStorage = local;
  setPersistentEngine(local, { addEventListener() {}, removeEventListener() {} });
  session.signOut();
  favourites.$favouriteIds.set(new Set());
  apiGet.mockReset();
  toast.mockReset();
  toastWithAction.mockReset();
});

describe('toggleFavourite (spec §4, §5, §8)', () => {
  it('asks a visitor without a token to sign in first and calls nothing', async () => {
    const outcome = await favourites.toggleFavourite(5, 'ar');
    expect(outcome).toEqual({
      kind: 'no-session',
      message: 'لا يوجد معلومات دخول للمستخدم قم بتسجيل الدخول أولاً',
    });
    // The warning offers the way to sign in, coming back to this page afterwards.
    expect(toastWithAction).toHaveBeenCalledWith('warning', outcome.message, {
      label: 'تسجيل الدخول',
      href: '/login?next=%2F',
    });
    expect(apiGet).not.toHaveBeenCalled();
  });

  it('treats a malformed token as missing', async () => {
    session.$token.set('not-a-token');
    const outcome = await favourites.toggleFavourite(5, 'ar');
    expect(outcome.message).toBe('لا يوجد معلومات دخول للمستخدم قم بتسجيل الدخول أولاً');
    expect(apiGet).not.toHaveBeenCalled();
  });

  it('asks to sign in again when the token has expired, and calls nothing', async () => {
    session.$token.set(jwt(now() - 60));
    const outcome = await favourites.toggleFavourite(5, 'ar');
    expect(outcome).toEqual({ kind: 'no-session', message: 'قم بتسجيل الدخول مجدداً' });
    expect(apiGet).not.toHaveBeenCalled();
  });

  it('toggles, shows the server message in green when added and reloads the ids', async () => {
    session.$token.set(jwt(now() + 3600));
    apiGet.mockImplementation(async (path: string) =>
      path === favourites.TOGGLE_FAVOURITE_PATH
        ? { isFavorite: true, message: 'تمت الإضافة إلى المفضلة' }
        : [5, 8],
    );
    const outcome = await favourites.toggleFavourite(5, 'ar');
    expect(apiGet).toHaveBeenNthCalledWith(
      1,
      favourites.TOGGLE_FAVOURITE_PATH,
      { vehicleId: 5 },
      {
        lang: 'ar',
      },
    );
    expect(apiGet).toHaveBeenNthCalledWith(2, favourites.FAVOURITE_IDS_PATH);
    expect(outcome).toEqual({ kind: 'done', isFavorite: true, message: 'تمت الإضافة إلى المفضلة' });
    expect(toast).toHaveBeenCalledWith('success', 'تمت الإضافة إلى المفضلة');
    expect([...favourites.$favouriteIds.get()]).toEqual([5, 8]);
  });

  it('shows the removal in red', async () => {
    session.$token.set(jwt(now() + 3600));
    favourites.$favouriteIds.set(new Set([5]));
    apiGet.mockImplementation(async (path: string) =>
      path === favourites.TOGGLE_FAVOURITE_PATH
        ? { isFavorite: false, message: 'تمت الإزالة من المفضلة' }
        : [],
    );
    await favourites.toggleFavourite(5, 'ar');
    expect(toast).toHaveBeenCalledWith('danger', 'تمت الإزالة من المفضلة');
    expect(favourites.isFavourite(5)).toBe(false);
  });

  it("falls back to 'حدث خطأ' when the call fails without a message", async () => {
    session.$token.set(jwt(now() + 3600));
    apiGet.mockRejectedValue(new TypeError('network down'));
    const outcome = await favourites.toggleFavourite(5, 'ar');
    expect(outcome).toEqual({ kind: 'failed', message: 'حدث خطأ' });
    expect(toast).toHaveBeenCalledWith('danger', 'حدث خطأ');
  });

  it("shows the server's reason when it gives one", async () => {
    session.$token.set(jwt(now() + 3600));
    apiGet.mockRejectedValue(new ApiError('المركبة غير موجودة', 404, 'المركبة غير موجودة'));
    const outcome = await favourites.toggleFavourite(5, 'ar');
    expect(outcome.message).toBe('المركبة غير موجودة');
  });
});

describe('loadFavouriteIds', () => {
  it('loads only with a valid token and forgets the ids without one', async () => {
    favourites.$favouriteIds.set(new Set([1]));
    await favourites.loadFavouriteIds();
    expect(apiGet).not.toHaveBeenCalled();
    expect(favourites.$favouriteIds.get().size).toBe(0);

    session.$token.set(jwt(now() + 3600));
    apiGet.mockResolvedValue([3, 4]);
    await favourites.loadFavouriteIds();
    expect(apiGet).toHaveBeenCalledWith(favourites.FAVOURITE_IDS_PATH);
    expect(favourites.isFavourite(4)).toBe(true);
  });

  it('only logs a failed load', async () => {
    session.$token.set(jwt(now() + 3600));
    apiGet.mockRejectedValue(new Error('down'));
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    await expect(favourites.loadFavouriteIds()).resolves.toBeUndefined();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
