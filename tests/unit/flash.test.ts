import { beforeEach, describe, expect, it } from 'vitest';
import { FLASH_STORAGE_KEY, setFlash, takeFlash } from '../../src/lib/flash.ts';
import { memoryStorage } from './storage.ts';

beforeEach(() => {
  (globalThis as { sessionStorage?: Storage }).sessionStorage = memoryStorage();
});

describe('flash messages', () => {
  it('hands the message to the next page once', () => {
    setFlash({ kind: 'success', message: 'تم تسجيل الدخول بنجاح' });
    expect(takeFlash()).toEqual({ kind: 'success', message: 'تم تسجيل الدخول بنجاح' });
    expect(takeFlash()).toBeNull();
  });

  it('ignores what it did not write', () => {
    sessionStorage.setItem(FLASH_STORAGE_KEY, '{bad json');
    expect(takeFlash()).toBeNull();
    sessionStorage.setItem(FLASH_STORAGE_KEY, JSON.stringify({ kind: 'boom', message: 'x' }));
    expect(takeFlash()).toEqual({ kind: 'success', message: 'x' });
    sessionStorage.setItem(FLASH_STORAGE_KEY, JSON.stringify({ kind: 'success' }));
    expect(takeFlash()).toBeNull();
  });
});
