import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnnouncementType, Status, UserStatus, UserType } from '../../domain/codes.ts';
import { activityRepository } from '../../server/db/repositories/activity.ts';
import { sellerPageTags } from '../../server/db/repositories/sellers.ts';
import { vehicleRepository } from '../../server/db/repositories/vehicles.ts';
import { users } from '../../server/db/schema.ts';
import { announce, createSeller, createVehicle, feature } from './fixtures.ts';
import { body, createTestApp, drivers, type TestApp } from './harness.ts';

type Card = { id: number; ownerId: number };
type Seller = Awaited<ReturnType<typeof createSeller>>;

/*
 * Issue §2 (privacy): the public sees a dealership always, an individual only while they have
 * a public vehicle, and nothing of a blocked or deleted account.
 */
describe.each(drivers)('which sellers and vehicles the public sees on %s', (driver) => {
  let t: TestApp;
  const get = (url: string) => t.app.inject({ url });
  const data = async <T>(url: string) => {
    const response = await get(url);
    expect(response.statusCode, `${url}: ${response.body}`).toBe(200);
    return body<T>(response).data;
  };
  const sellerIds = async () =>
    (
      await data<{ users: { data: { id: number }[] } }>('/api/User/GetSellers?pageSize=100')
    ).users.data.map((seller) => seller.id);
  const searchIds = async () =>
    (
      await data<{ vehicles: { data: Card[] } }>('/api/Vehicle/GetVehiclesRandomly?pageSize=100')
    ).vehicles.data.map((card) => card.id);
  const featuredIds = async () =>
    (await data<Card[]>('/api/Order/GetStarActiveVehicles')).map((card) => card.id);
  const advertisers = async () =>
    (await data<{ userId: number }[]>('/api/Order/GetActiveMainAnnouncements')).map(
      (ad) => ad.userId,
    );
  /** What the admin's block does to the account, and the purge the accounts side publishes. */
  const setAccount = async (seller: Seller, values: Partial<typeof users.$inferInsert>) => {
    await t.database.db.update(users).set(values).where(eq(users.id, seller.id));
    await t.bus.publish('purge', { tags: sellerPageTags(seller.id) });
  };

  let dealer: Seller;
  let emptyDealer: Seller;
  let individual: Seller;
  let quietIndividual: Seller;
  let soloIndividual: Seller;
  let buyer: Seller;
  const ids = {} as Record<string, number>;

  beforeAll(async () => {
    t = await createTestApp(driver);
    const { db } = t.database;
    dealer = await createSeller(db, { name: 'Open Dealer' });
    emptyDealer = await createSeller(db, { name: 'Empty Dealer' });
    individual = await createSeller(db, { name: 'Listed Person', userType: UserType.normal });
    quietIndividual = await createSeller(db, { name: 'Quiet Person', userType: UserType.normal });
    soloIndividual = await createSeller(db, { name: 'Solo Person', userType: UserType.normal });
    buyer = await createSeller(db, { name: 'Buyer', userType: UserType.normal });
    const make = async (name: string, values: Parameters<typeof createVehicle>[2]) => {
      ids[name] = (await createVehicle(db, t.bus, { brandId: 1, modelId: 101, ...values }, 1)).id;
    };
    await make('dealerCar', { ownerId: dealer.id, price: 50_000 });
    await make('individualCar', { ownerId: individual.id, price: 51_000 });
    await make('soloCar', { ownerId: soloIndividual.id, price: 52_000 });
    await make('quietPending', { ownerId: quietIndividual.id, statusId: Status.pending });
    await make('quietSold', { ownerId: quietIndividual.id, statusId: Status.saled });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists an individual only while they have a public vehicle, and a dealership always', async () => {
    const listed = await sellerIds();
    expect(listed).toEqual(
      expect.arrayContaining([dealer.id, emptyDealer.id, individual.id, soloIndividual.id]),
    );
    expect(listed).not.toContain(quietIndividual.id);
    expect(listed).not.toContain(buyer.id);
    const byName = await data<{ users: { data: unknown[]; pagination: { rowCount: number } } }>(
      `/api/User/GetSellers?name=${encodeURIComponent('Quiet')}`,
    );
    expect(byName.users).toMatchObject({ data: [], pagination: { rowCount: 0 } });
  });

  it("answers 404 for the gallery of an individual with no public vehicle, and shows an empty dealership's", async () => {
    for (const person of [quietIndividual, buyer]) {
      const response = await get(`/api/Vehicle/GetUserVehicles?userId=${person.id}`);
      expect(response.statusCode).toBe(404);
    }
    const gallery = await data<{ id: number; vehicles: { data: Card[] } }>(
      `/api/Vehicle/GetUserVehicles?userId=${emptyDealer.id}`,
    );
    expect(gallery).toMatchObject({ id: emptyDealer.id, vehicles: { data: [] } });
  });

  it('drops an individual from the directory when their last public vehicle is sold, purging the directory', async () => {
    const purges: string[][] = [];
    const stop = t.bus.subscribe('purge', ({ tags }) => purges.push(tags));
    await vehicleRepository(t.database.db, t.bus).setStatus(ids.soloCar!, Status.saled);
    stop();
    expect(purges.flat()).toEqual(
      expect.arrayContaining(['sellers', `seller:${soloIndividual.id}`]),
    );
    expect(await sellerIds()).not.toContain(soloIndividual.id);
    expect((await get(`/api/Vehicle/GetUserVehicles?userId=${soloIndividual.id}`)).statusCode).toBe(
      404,
    );

    await vehicleRepository(t.database.db, t.bus).setStatus(ids.soloCar!, Status.accepted);
    expect(await sellerIds()).toContain(soloIndividual.id);
  });

  it('names the seller, the directory and home as the pages to purge for a seller', () => {
    expect(sellerPageTags(dealer.id)).toEqual(
      expect.arrayContaining([`seller:${dealer.id}`, 'sellers', 'home']),
    );
  });

  describe.each([
    ['blocked', { statusId: UserStatus.blocked }],
    ['deleted', { deletedAt: new Date() }],
  ] as const)('a %s seller', (_state, change) => {
    let seller: Seller;
    let car: number;

    beforeAll(async () => {
      const { db } = t.database;
      seller = await createSeller(db, { name: `Hidden ${_state} Motors` });
      car = (await createVehicle(db, t.bus, { ownerId: seller.id, brandId: 1, modelId: 101 }, 1))
        .id;
      await feature(db, seller.id, car);
      await announce(db, seller.id, AnnouncementType.main);
      await activityRepository(db, t.bus).toggleFavourite(buyer.id, car);

      // Everything is public before the account changes.
      expect((await get(`/api/Vehicle/GetVehicle?id=${car}`)).statusCode).toBe(200);
      expect(await searchIds()).toContain(car);
      expect(await featuredIds()).toContain(car);
      expect(await advertisers()).toContain(seller.id);
      expect(await sellerIds()).toContain(seller.id);
      await setAccount(seller, change);
    });
    afterAll(async () => {
      await setAccount(seller, { statusId: UserStatus.active, deletedAt: null });
      await vehicleRepository(t.database.db, t.bus).remove(car);
    });

    it('answers 404 for their vehicle and their gallery', async () => {
      const vehicle = await get(`/api/Vehicle/GetVehicle?id=${car}`);
      expect(vehicle.statusCode).toBe(404);
      expect(body(vehicle).message).toBe('المركبة غير موجودة أو غير متاحة للعرض');
      expect((await get(`/api/Vehicle/GetUserVehicles?userId=${seller.id}`)).statusCode).toBe(404);
    });

    it('leaves them out of search, featured, the directory and the banners', async () => {
      expect(await searchIds()).not.toContain(car);
      const bySeller = await data<{ vehicles: { data: Card[] } }>(
        `/api/Vehicle/GetVehiclesRandomly?ownerId=${seller.id}`,
      );
      expect(bySeller.vehicles.data).toEqual([]);
      expect(await featuredIds()).not.toContain(car);
      expect(await sellerIds()).not.toContain(seller.id);
      expect(await advertisers()).not.toContain(seller.id);
    });

    it("leaves their vehicle out of other vehicles' similar cards and of favourites", async () => {
      const detail = await data<{ cardOfVehicle: Card[] }>(
        `/api/Vehicle/GetVehicle?id=${ids.dealerCar}`,
      );
      expect(detail.cardOfVehicle.map((card) => card.id)).toContain(ids.individualCar);
      expect(detail.cardOfVehicle.map((card) => card.id)).not.toContain(car);
      const activity = activityRepository(t.database.db, t.bus);
      expect(await activity.favouriteIds(buyer.id)).not.toContain(car);
      expect(await activity.favouriteVehicles(buyer.id, 'ar')).toEqual([]);
      // A favourite of a hidden vehicle can be removed but not added back.
      expect(await activity.toggleFavourite(buyer.id, car)).toBe(false);
      expect(await activity.toggleFavourite(buyer.id, car)).toBeNull();
    });
  });
});
