import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Status, UserType } from '../../domain/codes.ts';
import { activityRepository } from '../../server/db/repositories/activity.ts';
import { vehicleRepository } from '../../server/db/repositories/vehicles.ts';
import { createSeller, createVehicle } from './fixtures.ts';
import { body, createTestApp, drivers, type TestApp } from './harness.ts';

describe.each(drivers)('favourites and notifications on %s', (driver) => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let me: number;
  let other: number;
  const vehicleIds: number[] = [];
  const get = (url: string, auth = token, lang = 'en') =>
    t.app.inject({ url, headers: { authorization: `Bearer ${auth}`, 'accept-language': lang } });

  beforeAll(async () => {
    t = await createTestApp(driver);
    const seller = await createSeller(t.database.db, { name: 'Seller' });
    for (let i = 0; i < 3; i++) {
      vehicleIds.push(
        (
          await createVehicle(t.database.db, t.bus, {
            ownerId: seller.id,
            description: `<p>وصف <strong>${i}</strong></p>`,
          })
        ).id,
      );
    }
    me = (await createSeller(t.database.db, { name: 'Buyer', userType: UserType.normal })).id;
    other = (await createSeller(t.database.db, { name: 'Other', userType: UserType.normal })).id;
    token = await t.app.tokens.sign({ id: me, userType: UserType.normal, name: 'Buyer' });
    otherToken = await t.app.tokens.sign({ id: other, userType: UserType.normal, name: 'Other' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('needs a session for every favourite and notification call', async () => {
    for (const url of [
      '/api/Vehicle/GetVehiclesFavorite',
      '/api/Vehicle/GetVehiclesFavoriteId',
      `/api/Vehicle/ToggleVehicleFavorite?vehicleId=${vehicleIds[0]}`,
      '/api/NotificationMessage/GetUserNotification?page=1&pageSize=1000',
    ]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(401);
    }
    expect(
      (
        await t.app.inject({
          method: 'PUT',
          url: '/api/NotificationMessage/ReadNotReadNotifications',
        })
      ).statusCode,
    ).toBe(401);
  });

  it("toggles a favourite with the server's message and lists it for its owner only", async () => {
    const added = await get(`/api/Vehicle/ToggleVehicleFavorite?vehicleId=${vehicleIds[1]}`);
    expect(added.statusCode).toBe(200);
    expect(body(added).data).toEqual({ isFavorite: true, message: 'Added to your favourites.' });
    await get(`/api/Vehicle/ToggleVehicleFavorite?vehicleId=${vehicleIds[0]}`);
    expect(body<number[]>(await get('/api/Vehicle/GetVehiclesFavoriteId')).data).toEqual([
      vehicleIds[0],
      vehicleIds[1],
    ]);
    const list = body<{ vehicles: { data: { id: number; moreInfo: string }[] } }>(
      await get('/api/Vehicle/GetVehiclesFavorite'),
    ).data;
    expect(list.vehicles.data.map((card) => card.id)).toEqual([vehicleIds[0], vehicleIds[1]]);
    expect(list.vehicles.data[0]!.moreInfo).toContain('<strong>');
    expect(
      body<number[]>(await get('/api/Vehicle/GetVehiclesFavoriteId', otherToken)).data,
    ).toEqual([]);

    const removed = await get(
      `/api/Vehicle/ToggleVehicleFavorite?vehicleId=${vehicleIds[1]}`,
      token,
      'ar',
    );
    expect(body(removed).data).toEqual({
      isFavorite: false,
      message: 'تمت إزالة المركبة من المفضلة',
    });
    expect(body<number[]>(await get('/api/Vehicle/GetVehiclesFavoriteId')).data).toEqual([
      vehicleIds[0],
    ]);
  });

  it('refuses to favourite a vehicle that is not on display, and hides one that leaves', async () => {
    expect((await get('/api/Vehicle/ToggleVehicleFavorite?vehicleId=99999')).statusCode).toBe(404);
    expect((await get('/api/Vehicle/ToggleVehicleFavorite?vehicleId=abc')).statusCode).toBe(400);
    await get(`/api/Vehicle/ToggleVehicleFavorite?vehicleId=${vehicleIds[2]}`);
    await vehicleRepository(t.database.db, t.bus).setStatus(vehicleIds[2]!, Status.saled);
    expect(body<number[]>(await get('/api/Vehicle/GetVehiclesFavoriteId')).data).not.toContain(
      vehicleIds[2],
    );
  });

  it("lists a user's own notifications with the unread count, and marks them read", async () => {
    const activity = activityRepository(t.database.db, t.bus);
    const pushed: number[] = [];
    const stop = t.bus.subscribe('notification', ({ userId }) => pushed.push(userId));
    await activity.notify(me, 'طلب مقبول', 'تم قبول طلب الإعلان');
    await activity.notify(me, 'مركبة جديدة', 'تمت إضافة مركبة');
    await activity.notify(other, 'لغيرك', 'ليست لك');
    stop();
    expect(pushed).toEqual([me, me, other]);

    const mine = body<{
      notifications: {
        data: { title: string; isRead: boolean }[];
        pagination: { rowCount: number };
      };
      notReadNum: number;
    }>(await get('/api/NotificationMessage/GetUserNotification?page=1&pageSize=1000')).data;
    expect(mine.notReadNum).toBe(2);
    expect(mine.notifications.data.map((entry) => entry.title)).toEqual([
      'مركبة جديدة',
      'طلب مقبول',
    ]);
    expect(mine.notifications.pagination.rowCount).toBe(2);

    const read = await t.app.inject({
      method: 'PUT',
      url: '/api/NotificationMessage/ReadNotReadNotifications',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(read.statusCode).toBe(200);
    expect(body(read).data).toEqual({ notReadNum: 0 });
    const after = body<{ notReadNum: number; notifications: { data: { isRead: boolean }[] } }>(
      await get('/api/NotificationMessage/GetUserNotification'),
    ).data;
    expect(after.notReadNum).toBe(0);
    expect(after.notifications.data.every((entry) => entry.isRead)).toBe(true);
    const theirs = body<{ notReadNum: number }>(
      await get('/api/NotificationMessage/GetUserNotification', otherToken),
    ).data;
    expect(theirs.notReadNum).toBe(1);
    expect(
      (await get('/api/NotificationMessage/GetUserNotification?pageSize=1001')).statusCode,
    ).toBe(400);
  });
});

describe('browser-test hooks', () => {
  it('exist only when E2E_TEST_HOOKS is set', async () => {
    const off = await createTestApp('pglite');
    try {
      const response = await off.app.inject({
        method: 'POST',
        url: '/api/Test/Notify',
        payload: { userId: 1, title: 'x', message: 'y' },
      });
      expect(response.statusCode).toBe(404);
    } finally {
      await off.close();
    }
    const on = await createTestApp('pglite', { env: { E2E_TEST_HOOKS: '1' } });
    try {
      const response = await on.app.inject({
        method: 'POST',
        url: '/api/Test/Notify',
        payload: { userId: 1, title: 'x', message: 'y' },
      });
      expect(response.statusCode).toBe(200);
    } finally {
      await on.close();
    }
    // Two fresh databases, each migrated and seeded, inside one test.
  }, 120_000);
});
