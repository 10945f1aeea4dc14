import { describe, expect, it } from 'vitest';
import type { UserNotification } from '../../server/routes/notification/schemas.ts';
import {
  allRead,
  notificationHref,
  notificationsFor,
  withArrivals,
} from '../../src/lib/notifications.ts';

const note = (id: number, isRead = false, createdAt = `2024-05-0${id}T10:00:00Z`) =>
  ({
    id,
    title: `t${id}`,
    message: `m${id}`,
    link: '',
    createdAt,
    isRead,
  }) satisfies UserNotification;

describe('notificationsFor (seller spec §4)', () => {
  it('keeps only the entries meant for the stored user id', () => {
    const payload = [
      { userId: 7, notification: note(1) },
      { userId: 8, notification: note(2) },
      { userId: '7', notification: note(3, true) },
    ];
    expect(notificationsFor(payload, 7)).toEqual([note(1), note(3, true)]);
    expect(notificationsFor(payload, 9)).toEqual([]);
  });

  it('says null when the message is not a list', () => {
    expect(notificationsFor({ userId: 7, notification: note(1) }, 7)).toBeNull();
    expect(notificationsFor(null, 7)).toBeNull();
    expect(notificationsFor('x', 7)).toBeNull();
  });

  it('skips malformed entries and keeps nothing without a stored id', () => {
    expect(
      notificationsFor([null, 3, { userId: 7 }, { userId: 7, notification: { id: 'x' } }], 7),
    ).toEqual([]);
    expect(notificationsFor([{ userId: 7, notification: note(1) }], undefined)).toEqual([]);
  });
});

describe('withArrivals', () => {
  it('adds new notifications newest first and counts the unread ones', () => {
    const state = { notReadNum: 1, data: [note(2), note(1, true)] };
    const next = withArrivals(state, [note(3), note(4, true)]);
    expect(next.notReadNum).toBe(2);
    expect(next.data.map((item) => item.id)).toEqual([4, 3, 2, 1]);
  });

  it('ignores notifications it already has, and repeats within one message', () => {
    const state = { notReadNum: 1, data: [note(2)] };
    expect(withArrivals(state, [note(2)])).toBe(state);
    expect(withArrivals(state, [note(3), note(3)]).notReadNum).toBe(2);
  });
});

describe('allRead (spec §4)', () => {
  it('sets the unread number to 0 and reads every item', () => {
    const next = allRead({ notReadNum: 2, data: [note(1), note(2)] });
    expect(next.notReadNum).toBe(0);
    expect(next.data.every((item) => item.isRead)).toBe(true);
  });
});

describe('notificationHref', () => {
  it("localises a site path for the page's language", () => {
    expect(notificationHref('/vehicles?color=3&sort=newest', 'ar')).toBe(
      '/vehicles?color=3&sort=newest',
    );
    expect(notificationHref('/vehicles?color=3&sort=newest', 'en')).toBe(
      '/en/vehicles?color=3&sort=newest',
    );
    expect(notificationHref('/profile/my_vehicles', 'en')).toBe('/en/profile/my_vehicles');
    expect(notificationHref('/admin/payments', 'en')).toBe('/en/admin/payments');
  });

  it('gives no link for none or for anything but a path of this site', () => {
    for (const link of [
      '',
      undefined,
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil',
      'javascript:alert(1)',
    ]) {
      expect(notificationHref(link, 'ar'), String(link)).toBeNull();
    }
  });
});
