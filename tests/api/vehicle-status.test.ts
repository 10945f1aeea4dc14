import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Status, UserType } from '../../domain/codes.ts';
import { notifications, vehicles } from '../../server/db/schema.ts';
import { createSeller, createVehicle } from './fixtures.ts';
import { body, createTestApp, drivers, type TestApp } from './harness.ts';

/*
 * UpdateVehicleStatus: the admin's review (any status, a reply the owner is told about live) and
 * the owner's two moves on an accepted vehicle (sold, withdrawn). Everything else is refused and
 * changes nothing. A sold vehicle keeps its page (statusId 99) and leaves the lists.
 */
describe.each(drivers)('vehicle status on %s', (driver) => {
  let t: TestApp;
  let owner: number;
  let ownerToken: string;
  let otherToken: string;
  let adminToken: string;
  const purges: string[][] = [];

  const put = (token: string | null, payload: object, lang = 'en') =>
    t.app.inject({
      method: 'PUT',
      url: '/api/Vehicle/UpdateVehicleStatus',
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        'accept-language': lang,
      },
      payload,
    });
  const statusOf = async (id: number) =>
    (await t.database.db.select().from(vehicles).where(eq(vehicles.id, id)))[0]!;
  const vehicleOf = (statusId: number) =>
    createVehicle(t.database.db, t.bus, { ownerId: owner, statusId }).then((row) => row.id);
  const publicIds = async () =>
    body<{ vehicles: { data: { id: number }[] } }>(
      await t.app.inject({ url: `/api/Vehicle/GetVehiclesRandomly?ownerId=${owner}&pageSize=100` }),
    ).data.vehicles.data.map((card) => card.id);

  beforeAll(async () => {
    t = await createTestApp(driver);
    owner = (await createSeller(t.database.db, { name: 'Owner' })).id;
    const other = (await createSeller(t.database.db, { name: 'Other' })).id;
    const admin = (await createSeller(t.database.db, { name: 'Admin', userType: UserType.admin }))
      .id;
    ownerToken = await t.app.tokens.sign({ id: owner, userType: UserType.company, name: 'Owner' });
    otherToken = await t.app.tokens.sign({ id: other, userType: UserType.company, name: 'Other' });
    adminToken = await t.app.tokens.sign({ id: admin, userType: UserType.admin, name: 'Admin' });
    t.bus.subscribe('purge', (event) => {
      purges.push(event.tags);
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lets the admin accept a pending vehicle, publishing it and telling the owner', async () => {
    const id = await vehicleOf(Status.pending);
    expect((await t.app.inject({ url: `/api/Vehicle/GetVehicle?id=${id}` })).statusCode).toBe(404);
    purges.length = 0;

    const response = await put(adminToken, {
      vehicleId: id,
      statusId: Status.accepted,
      messageReplay: '  أهلاً، تم القبول  ',
    });
    expect(response.statusCode).toBe(200);
    expect(body(response).data).toEqual({ id, statusId: Status.accepted, statusName: 'Accepted' });
    expect(body(response).message).toBe('Update operation was completed successfully.');

    expect((await t.app.inject({ url: `/api/Vehicle/GetVehicle?id=${id}` })).statusCode).toBe(200);
    expect(await publicIds()).toContain(id);
    expect(purges.flat()).toContain(`vehicle:${id}`);
    expect((await statusOf(id)).messageReplay).toBe('أهلاً، تم القبول');

    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, owner));
    expect(told.at(-1)!.title).toBe('تم تغيير حالة مركبتك');
    expect(told.at(-1)!.message).toContain('أهلاً، تم القبول');
    expect(told.at(-1)!.message).toContain('مقبول');
    // The notification links to the published vehicle's page.
    expect(told.at(-1)!.link).toBe(`/vehicle/${(await statusOf(id)).slug}`);
  });

  it('lets the admin reject with a reply and take a public vehicle off the lists', async () => {
    const id = await vehicleOf(Status.accepted);
    const response = await put(adminToken, {
      vehicleId: id,
      statusId: Status.failed,
      messageReplay: 'الصور غير واضحة',
    });
    expect(response.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/Vehicle/GetVehicle?id=${id}` })).statusCode).toBe(404);
    expect(await publicIds()).not.toContain(id);
    expect((await statusOf(id)).messageReplay).toBe('الصور غير واضحة');
    // A refused vehicle has no page: the notification links to the owner's list.
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, owner));
    expect(told.at(-1)!.link).toBe('/profile/my_vehicles');
  });

  it('lets the owner mark an accepted vehicle sold: its page stays, the lists drop it', async () => {
    const id = await vehicleOf(Status.accepted);
    const before = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, owner));
    const response = await put(ownerToken, { vehicleId: id, statusId: Status.saled });
    expect(response.statusCode).toBe(200);
    expect(body<{ statusId: number }>(response).data.statusId).toBe(Status.saled);

    const page = await t.app.inject({ url: `/api/Vehicle/GetVehicle?id=${id}` });
    expect(page.statusCode).toBe(200);
    expect(body<{ statusId: number }>(page).data.statusId).toBe(Status.saled);
    expect(await publicIds()).not.toContain(id);
    // The owner made the change: nobody is notified of their own act.
    const after = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, owner));
    expect(after).toHaveLength(before.length);
    // A sold vehicle cannot become a favourite.
    const toggle = await t.app.inject({
      url: `/api/Vehicle/ToggleVehicleFavorite?vehicleId=${id}`,
      headers: { authorization: `Bearer ${otherToken}` },
    });
    expect(toggle.statusCode).toBe(404);
  });

  it('lets the owner withdraw an accepted vehicle', async () => {
    const id = await vehicleOf(Status.accepted);
    expect((await put(ownerToken, { vehicleId: id, statusId: Status.canceled })).statusCode).toBe(
      200,
    );
    expect((await statusOf(id)).statusId).toBe(Status.canceled);
    expect((await t.app.inject({ url: `/api/Vehicle/GetVehicle?id=${id}` })).statusCode).toBe(404);
  });

  it("refuses the owner's other moves, other sellers and unknown vehicles, changing nothing", async () => {
    const pending = await vehicleOf(Status.pending);
    const accepted = await vehicleOf(Status.accepted);
    const sold = await vehicleOf(Status.saled);
    const refused = [
      [ownerToken, pending, Status.accepted, 403],
      [ownerToken, pending, Status.saled, 403],
      [ownerToken, accepted, Status.pending, 403],
      [ownerToken, accepted, Status.failed, 403],
      [ownerToken, accepted, Status.accepted, 403],
      [ownerToken, sold, Status.accepted, 403],
      [otherToken, accepted, Status.saled, 403],
      [ownerToken, 2_000_000, Status.saled, 404],
      [adminToken, 2_000_000, Status.accepted, 404],
      [adminToken, accepted, 20, 400],
      [null, accepted, Status.saled, 401],
    ] as const;
    for (const [token, id, statusId, code] of refused) {
      const response = await put(token, { vehicleId: id, statusId });
      expect(response.statusCode, `${id} → ${statusId}`).toBe(code);
      expect(body(response).success).toBe(false);
    }
    expect((await statusOf(pending)).statusId).toBe(Status.pending);
    expect((await statusOf(accepted)).statusId).toBe(Status.accepted);
    expect((await statusOf(sold)).statusId).toBe(Status.saled);

    const arabic = await put(ownerToken, { vehicleId: pending, statusId: Status.accepted }, 'ar');
    expect(body(arabic).message).toBe('يمكنك فقط تحديد مركبتك المقبولة كمباعة أو سحبها من العرض');
  });

  it('refuses a deleted vehicle', async () => {
    const id = await vehicleOf(Status.accepted);
    await t.database.db
      .update(vehicles)
      .set({ deletedAt: new Date() })
      .where(and(eq(vehicles.id, id)));
    expect((await put(adminToken, { vehicleId: id, statusId: Status.accepted })).statusCode).toBe(
      404,
    );
  });
});
