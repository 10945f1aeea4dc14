import { setPersistentEngine } from '@nanostores/persistent';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { UserNotification } from '../../server/routes/notification/schemas.ts';
import { memoryStorage } from './storage.ts';

const apiGet = vi.fn();
vi.mock('../../src/lib/api.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/lib/api.ts')>()),
  apiGet: (...args: unknown[]) => apiGet(...args),
}));

const notifications = await import('../../src/lib/notifications.ts');
const session = await import('../../src/lib/session.ts');

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const token = `${part({ alg: 'HS256' })}.${part({ sub: '7', exp: Math.floor(Date.now() / 1000) + 3600 })}.sig`;
const note = (id: number, isRead = false) =>
  ({
    id,
    title: `t${id}`,
    message: `m${id}`,
    link: '',
    createdAt: `2026-05-0${id}T10:00:00Z`,
    isRead,
  }) satisfies UserNotification;

beforeEach(() => {
  const local = memoryStorage();
  (globalThis as { localStorage?: Storage }).localStorage = local;
  setPersistentEngine(local, { addEventListener() {}, removeEventListener() {} });
  session.signIn({ id: 7, token, name: 'Seller', userType: 72, fullName: '', isAdmin: false });
  notifications.$notifications.set({ notReadNum: 0, data: [] });
  apiGet.mockReset();
});

describe('loadNotifications', () => {
  it('keeps a notification the hub pushed while the list was loading', async () => {
    let answer: (value: unknown) => void = () => {};
    apiGet.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const loading = notifications.loadNotifications();
    notifications.receiveFromHub([{ userId: 7, notification: note(3) }]);
    answer({ notifications: { data: [note(2), note(1, true)] }, notReadNum: 1 });
    await loading;
    const state = notifications.$notifications.get();
    expect(state.data.map((item) => item.id)).toEqual([3, 2, 1]);
    expect(state.notReadNum).toBe(2);
  });

  it('takes the server list as it is when nothing arrived meanwhile', async () => {
    apiGet.mockResolvedValue({ notifications: { data: [note(2)] }, notReadNum: 1 });
    await notifications.loadNotifications();
    expect(notifications.$notifications.get()).toEqual({ notReadNum: 1, data: [note(2)] });
  });
});
