import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { and, eq, isNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnnouncementType, PaymentStatus, Status, UserType } from '../../domain/codes.ts';
import { SlotConstant } from '../../domain/orders.ts';
import {
  announcementOrders,
  constants,
  notifications,
  paymentMovements,
  starOrders,
  users,
} from '../../server/db/schema.ts';
import { ADMIN_EMAIL, SiteConstant } from '../../server/db/seed/reference.ts';
import { createSeller, createVehicle } from './fixtures.ts';
import { body, createTestApp, drivers, type TestApp } from './harness.ts';

/*
 * The Order group (issue "the money side"): likely dates and daily prices, star and ad orders
 * created with their payment in one transaction and the server's total, the owner's lists,
 * edits and deletion while pending, the admin's review, and the scheduled purges.
 */

const picture = (width: number, height: number, shade = 0) =>
  sharp({ create: { width, height, channels: 3, background: { r: 20 * shade, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer()
    .then((bytes) => `data:image/jpeg;base64,${bytes.toString('base64')}`);

function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name))
    .sort();
}

interface Created {
  id: number;
  dailyPrice: number;
  totalPrice: number;
  startDate: string;
  endDate: string;
}

describe.each(drivers)('the Order calls on %s', (driver) => {
  let t: TestApp;
  const tokens = { seller: '', other: '', admin: '' };
  let sellerId = 0;
  let adminId = 0;
  let vehicleId = 0;
  let proof = '';
  let mainAd = '';

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: { token?: string | null; payload?: object; lang?: string } = {},
  ) =>
    t.app.inject({
      method,
      url: `/api/Order/${url}`,
      payload: options.payload,
      headers: {
        ...(options.token === null
          ? {}
          : { authorization: `Bearer ${options.token ?? tokens.seller}` }),
        'accept-language': options.lang ?? 'ar',
      },
    });
  const starOrder = (values: Record<string, unknown> = {}, token = tokens.seller) =>
    call('POST', 'CreateStarVehicleOrder', {
      token,
      payload: {
        vehicleId,
        durationDay: 4,
        message: 'أرجو التمييز',
        paymentMethod: 120,
        payBilImage: proof,
        ...values,
      },
    });
  const adOrder = (values: Record<string, unknown> = {}, token = tokens.seller) =>
    call('POST', 'CreateAnnouncementOrder', {
      token,
      payload: {
        announcementType: AnnouncementType.main,
        image: mainAd,
        durationDay: 3,
        paymentMethod: 121,
        payBilImage: proof,
        ...values,
      },
    });
  const messageOf = (response: { body: string }) => body(response).message;

  beforeAll(async () => {
    t = await createTestApp(driver);
    const db = t.database.db;
    const seller = await createSeller(db, { name: 'معرض النجمة' });
    const other = await createSeller(db, { name: 'Other', userType: UserType.normal });
    const [admin] = await db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    sellerId = seller.id;
    adminId = admin!.id;
    const sign = (user: { id: number; userType: number; name: string }) =>
      t.app.tokens.sign({ id: user.id, userType: user.userType, name: user.name });
    tokens.seller = await sign(seller);
    tokens.other = await sign(other);
    tokens.admin = await sign(admin!);
    vehicleId = (await createVehicle(db, t.bus, { ownerId: seller.id })).id;
    proof = await picture(300, 500, 1);
    mainAd = await picture(320, 100, 2);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the daily prices and likely dates of every kind', async () => {
    const star = body<{ dailyPrice: number; currency: number }>(
      await call('GET', 'GetStarVehicleOrderDailyPrice', { token: null }),
    ).data;
    expect(star).toEqual({ dailyPrice: 15, currency: 86 });
    const main = body<{ dailyPrice: number }>(
      await call(
        'GET',
        `GetAnnouncementOrderDailyPrice?announcementType=${AnnouncementType.main}`,
        {
          token: null,
        },
      ),
    ).data;
    expect(main.dailyPrice).toBe(50);
    const today = new Date().toISOString().slice(0, 10);
    for (const url of [
      'GetStarVehicleOrderDate',
      `GetAnnouncementOrderDate?announcementType=${AnnouncementType.vertical}`,
    ]) {
      expect(body<{ date: string }>(await call('GET', url, { token: null })).data.date).toBe(today);
    }
    expect(
      (await call('GET', 'GetAnnouncementOrderDate?announcementType=20', { token: null }))
        .statusCode,
    ).toBe(404);
  });

  it('checks a star order in the order of spec §5, then the vehicle', async () => {
    const steps: [Record<string, unknown>, string][] = [
      [{ vehicleId: 0 }, 'هنالك خطأ في تحديد المركبة'],
      [{ durationDay: 0 }, 'حددالطلب بالأيام'],
      [{ durationDay: 31 }, 'الحد الأقصى للإعلان 30 يوم'],
      [{ message: 'x'.repeat(256) }, 'الرسالة يجب ألا تتجاوز 255 حرفاً'],
      [{ paymentMethod: 0 }, 'قم بتحديد وسيلة الدفع'],
      [{ payBilImage: '' }, 'أضق صورة الحوالة لإثبات عملية الدفع'],
    ];
    for (const [values, message] of steps) {
      const response = await starOrder(values);
      expect(response.statusCode).toBe(400);
      expect(messageOf(response)).toBe(message);
    }
    expect((await starOrder({}, tokens.other)).statusCode).toBe(403);
    const pending = await createVehicle(t.database.db, t.bus, {
      ownerId: sellerId,
      statusId: Status.pending,
    });
    expect(messageOf(await starOrder({ vehicleId: pending.id }))).toBe(
      'يمكن تمييز مركباتك المقبولة فقط',
    );
    expect((await starOrder({}, tokens.admin)).statusCode).toBe(403);
    const orders = await t.database.db.select().from(starOrders);
    expect(orders).toHaveLength(0);
  });

  it("creates a star order with the server's total and its pending payment, and tells the admins", async () => {
    const response = await starOrder({ dailyPrice: 0.01, totalPrice: 1 });
    expect(response.statusCode, response.body).toBe(200);
    const created = body<Created>(response).data;
    expect(created.dailyPrice).toBe(15);
    expect(created.totalPrice).toBe(60);
    const [row] = await t.database.db
      .select()
      .from(starOrders)
      .where(eq(starOrders.id, created.id));
    expect(row).toMatchObject({ statusId: Status.pending, totalPrice: 60, durationDay: 4 });
    const [payment] = await t.database.db
      .select()
      .from(paymentMovements)
      .where(eq(paymentMovements.starOrderId, created.id));
    expect(payment).toMatchObject({
      amount: 60,
      statusId: PaymentStatus.pending,
      userId: sellerId,
      paymentMethodId: 120,
    });
    expect(payment!.payingBillImage).toMatch(/^\/uploads\/bill\//);
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, adminId));
    expect(told.at(-1)!.title).toBe('طلب جديد بانتظار المراجعة');
    expect(told.at(-1)!.link).toBe('/admin/star-orders');
  });

  it('checks an ad order in order, with the shape of each kind and the image by content', async () => {
    const wide = await picture(300, 100);
    const steps: [Record<string, unknown>, string][] = [
      [{ announcementType: 0 }, 'إختر نوع الإعلان'],
      [{ image: '' }, 'أضف صورة الإعلان'],
      [{ durationDay: 0 }, 'حددالطلب بالأيام'],
      [{ durationDay: 31 }, 'الحد الأقصى للإعلان 30 يوم'],
      [{ paymentMethod: 124 }, 'قم بتحديد وسيلة الدفع'],
      [{ payBilImage: '' }, 'أضق صورة الحوالة لإثبات عملية الدفع'],
      [
        { announcementType: AnnouncementType.vertical, image: wide },
        'في الإعلان الجانبي يجب أن يكون الطول أكبر من العرض',
      ],
      [
        { announcementType: AnnouncementType.horizontal, image: wide },
        'صورة الإعلان الأفقي يجب أن تكون بنسبة عرض إلى ارتفاع 2.5:1، قم بقصها',
      ],
      [{ image: wide }, 'صورة إعلان الواجهة يجب أن تكون بنسبة عرض إلى ارتفاع 16:5، قم بقصها'],
      [
        { image: Buffer.from('not an image at all').toString('base64') },
        'صورة الإعلان يجب أن تكون صورة JPEG أو PNG صالحة',
      ],
    ];
    for (const [values, message] of steps) {
      const response = await adOrder(values);
      expect(response.statusCode, JSON.stringify(values).slice(0, 60)).toBe(400);
      expect(messageOf(response)).toBe(message);
    }
    expect(await t.database.db.select().from(announcementOrders)).toHaveLength(0);

    const vertical = await adOrder({
      announcementType: AnnouncementType.vertical,
      image: await picture(100, 300),
    });
    expect(vertical.statusCode, vertical.body).toBe(200);
    const created = body<Created>(vertical).data;
    const ad = body<{ image: string; announcementTypeName: string; totalPrice: number }>(
      await call('GET', `GetAnnouncementOrder?orderId=${created.id}`),
    ).data;
    expect(ad.image).toMatch(/^\/uploads\/ad\//);
    expect(ad.totalPrice).toBe(created.totalPrice);
  });

  it("keeps every order to its owner: others get 403, lists show one's own", async () => {
    const created = body<Created>(await starOrder()).data;
    for (const [method, url, payload] of [
      ['GET', `GetStarVehicleOrder?orderId=${created.id}`, undefined],
      ['PUT', 'UpdateStarVehicleOrder', { id: created.id, message: 'x' }],
      ['DELETE', `DeleteStarVehicleOrder?orderId=${created.id}`, undefined],
    ] as const) {
      const response = await call(method, url, { token: tokens.other, payload });
      expect(response.statusCode, url).toBe(403);
    }
    expect((await call('GET', 'GetStarVehicleOrder?orderId=999999')).statusCode).toBe(404);
    const mine = body<{ orders: { data: { id: number; userName: string }[] } }>(
      await call('GET', 'GetUserStarVehiclesOrders?page=1&pageSize=99'),
    ).data.orders.data;
    expect(mine.map((row) => row.id)).toContain(created.id);
    const theirs = body<{ orders: { data: unknown[] } }>(
      await call('GET', `GetUserStarVehiclesOrders?ownerId=${sellerId}`, { token: tokens.other }),
    ).data.orders.data;
    expect(theirs).toEqual([]);
    const everyone = body<{ orders: { data: unknown[] } }>(
      await call('GET', 'GetUserStarVehiclesOrders', { token: tokens.admin }),
    ).data.orders.data;
    expect(everyone.length).toBeGreaterThanOrEqual(mine.length);
  });

  it('edits the message and deletes a pending order, cancelling its payment and its files', async () => {
    const created = body<Created>(await adOrder()).data;
    const edited = await call('PUT', 'UpdateAnnouncementOrder', {
      payload: { id: created.id, message: 'رسالة جديدة' },
    });
    expect(edited.statusCode).toBe(200);
    const before = body<{ message: string; image: string; billImage: string }>(
      await call('GET', `GetAnnouncementOrder?orderId=${created.id}`),
    ).data;
    expect(before.message).toBe('رسالة جديدة');
    expect(
      messageOf(await call('PUT', 'UpdateAnnouncementOrder', { payload: { id: 0, message: '' } })),
    ).toBe('هنالك خطأ في التحديد');

    const removed = await call('DELETE', `DeleteAnnouncementOrder?orderId=${created.id}`);
    expect(removed.statusCode).toBe(200);
    expect((await call('GET', `GetAnnouncementOrder?orderId=${created.id}`)).statusCode).toBe(404);
    const [payment] = await t.database.db
      .select()
      .from(paymentMovements)
      .where(eq(paymentMovements.announcementOrderId, created.id));
    expect(payment!.statusId).toBe(PaymentStatus.canceled);
    const uploads = t.config.uploadsDir;
    expect(existsSync(path.join(uploads, before.image.slice('/uploads/'.length)))).toBe(false);
    expect(existsSync(path.join(uploads, before.billImage.slice('/uploads/'.length)))).toBe(false);
  });

  it('lets only the admin review: a refusal needs a reply, acceptance dates the order', async () => {
    const created = body<Created>(await starOrder({ durationDay: 5 })).data;
    const status = (payload: object, token = tokens.admin) =>
      call('PUT', 'UpdateStarVehicleOrderStatus', { token, payload });
    expect(
      (await status({ orderId: created.id, statusId: Status.accepted }, tokens.seller)).statusCode,
    ).toBe(403);
    expect((await status({ orderId: created.id, statusId: Status.failed })).statusCode).toBe(400);
    expect((await status({ orderId: created.id, statusId: Status.saled })).statusCode).toBe(400);
    expect((await status({ orderId: 999999, statusId: Status.accepted })).statusCode).toBe(404);

    const purges: string[][] = [];
    const stop = t.bus.subscribe('purge', ({ tags }) => purges.push(tags));
    const accepted = await status({ orderId: created.id, statusId: Status.accepted });
    stop();
    expect(accepted.statusCode, accepted.body).toBe(200);
    const dates = body<{ startDate: string; endDate: string }>(accepted).data;
    const days = (Date.parse(dates.endDate) - Date.parse(dates.startDate)) / 86_400_000;
    expect(days).toBeCloseTo(5, 5);
    expect(Math.abs(Date.parse(dates.startDate) - Date.now())).toBeLessThan(60_000);
    expect(purges.flat()).toContain('home');
    const [payment] = await t.database.db
      .select()
      .from(paymentMovements)
      .where(eq(paymentMovements.starOrderId, created.id));
    expect(payment!.statusId).toBe(PaymentStatus.accepted);
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, sellerId));
    expect(told.at(-1)!.message).toContain(`رقم ${created.id}`);
    expect(told.at(-1)!.link).toBe('/profile/star_orders');
    // Featured now, and no longer editable.
    const featured = body<{ id: number }[]>(
      await call('GET', 'GetStarActiveVehicles', { token: null }),
    ).data;
    expect(featured.map((card) => card.id)).toContain(vehicleId);
    expect(
      messageOf(
        await call('PUT', 'UpdateStarVehicleOrder', { payload: { id: created.id, message: 'x' } }),
      ),
    ).toBe('لا يمكن تعديل الطلب أو حذفه بعد مراجعته');

    const refused = body<Created>(await starOrder()).data;
    const answer = await status({
      orderId: refused.id,
      statusId: Status.failed,
      messageReplay: 'الحوالة غير واضحة',
    });
    expect(answer.statusCode).toBe(200);
    const [failed] = await t.database.db
      .select()
      .from(paymentMovements)
      .where(eq(paymentMovements.starOrderId, refused.id));
    expect(failed!.statusId).toBe(PaymentStatus.failed);
    const last = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, sellerId));
    expect(last.at(-1)!.message).toContain('الحوالة غير واضحة');
  });

  it('dates an order to the first free slot when every slot is taken', async () => {
    const db = t.database.db;
    await db.update(constants).set({ valueSt: '1' }).where(eq(constants.id, SlotConstant.vertical));
    const first = body<Created>(
      await adOrder({
        announcementType: AnnouncementType.vertical,
        image: await picture(100, 300),
      }),
    ).data;
    const accepted = await call('PUT', 'UpdateAnnouncementOrderStatus', {
      token: tokens.admin,
      payload: { orderId: first.id, statusId: Status.accepted },
    });
    const { endDate } = body<{ endDate: string }>(accepted).data;
    const next = body<{ date: string }>(
      await call('GET', `GetAnnouncementOrderDate?announcementType=${AnnouncementType.vertical}`),
    ).data.date;
    // The slot frees on the day the running order ends (it runs [start, end)).
    const ends = new Date(endDate);
    const freeDay = new Date(
      Date.UTC(ends.getUTCFullYear(), ends.getUTCMonth(), ends.getUTCDate()),
    );
    const expected =
      ends.getTime() === freeDay.getTime() ? freeDay : new Date(freeDay.getTime() + 86_400_000);
    expect(next).toBe(expected.toISOString().slice(0, 10));
    await db.update(constants).set({ valueSt: '3' }).where(eq(constants.id, SlotConstant.vertical));
  });

  it('never gives the last slot to two acceptances at once', async () => {
    const db = t.database.db;
    await db
      .update(constants)
      .set({ valueSt: '1' })
      .where(eq(constants.id, SlotConstant.horizontal));
    const image = await picture(250, 100);
    const ids = [];
    for (let i = 0; i < 2; i++) {
      const response = await adOrder({ announcementType: AnnouncementType.horizontal, image });
      expect(response.statusCode, response.body).toBe(200);
      ids.push(body<Created>(response).data.id);
    }
    const answers = await Promise.all(
      ids.map((orderId) =>
        call('PUT', 'UpdateAnnouncementOrderStatus', {
          token: tokens.admin,
          payload: { orderId, statusId: Status.accepted },
        }),
      ),
    );
    const [first, second] = answers
      .map((answer) => body<{ startDate: string; endDate: string }>(answer).data)
      .sort((a, b) => a.startDate.localeCompare(b.startDate));
    expect(Date.parse(second!.startDate)).toBeGreaterThanOrEqual(Date.parse(first!.endDate));
    await db
      .update(constants)
      .set({ valueSt: '5' })
      .where(eq(constants.id, SlotConstant.horizontal));
  });

  it('leaves no order, payment or file behind when the database refuses the order', async () => {
    const db = t.database.db;
    const before = filesUnder(t.config.uploadsDir);
    const orders = (await db.select().from(announcementOrders)).length;
    const payments = (await db.select().from(paymentMovements)).length;
    // An order currency that is no code: the insert fails after both images were stored.
    await db
      .update(constants)
      .set({ valueSt: '999999' })
      .where(eq(constants.id, SiteConstant.orderCurrency));
    const response = await adOrder();
    await db
      .update(constants)
      .set({ valueSt: '86' })
      .where(eq(constants.id, SiteConstant.orderCurrency));
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.statusCode).toBeLessThan(600);
    expect((await db.select().from(announcementOrders)).length).toBe(orders);
    expect((await db.select().from(paymentMovements)).length).toBe(payments);
    expect(filesUnder(t.config.uploadsDir)).toEqual(before);
  });

  it('purges the pages when an accepted ad starts and when it ends', async () => {
    const db = t.database.db;
    const start = new Date(Date.now() + 300);
    const end = new Date(Date.now() + 900);
    const [ad] = await db
      .insert(announcementOrders)
      .values({
        userId: sellerId,
        announcementTypeId: AnnouncementType.horizontal,
        image: '/uploads/ad/demo/x.jpg',
        durationDay: 1,
        dailyPrice: 30,
        totalPrice: 30,
        currencyId: 86,
        startDate: start,
        endDate: end,
        statusId: Status.accepted,
      })
      .returning();
    const purges: number[] = [];
    const stop = t.bus.subscribe('purge', ({ tags }) => {
      if (tags.includes('home')) purges.push(Date.now());
    });
    await t.app.orderSchedule.plan();
    const active = async () =>
      body<{ id: number }[]>(
        await call('GET', 'GetActiveHorizontalAnnouncements', { token: null }),
      ).data.map((row) => row.id);
    expect(await active()).not.toContain(ad!.id);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    stop();
    expect(purges.length).toBeGreaterThanOrEqual(2);
    expect(purges[0]!).toBeGreaterThanOrEqual(start.getTime());
    expect(purges[1]!).toBeGreaterThanOrEqual(end.getTime());
    expect(await active()).not.toContain(ad!.id);
    await db
      .update(announcementOrders)
      .set({ deletedAt: new Date() })
      .where(and(eq(announcementOrders.id, ad!.id), isNull(announcementOrders.deletedAt)));
  });
});
