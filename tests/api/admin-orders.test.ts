import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnnouncementType, Status, UserType } from '../../domain/codes.ts';
import { announce, createSeller } from './fixtures.ts';
import { body, createTestApp, drivers, type TestApp } from './harness.ts';

/* The admin's order lists: everyone's, searched by the orderer's name. */
describe.each(drivers)('the admin order lists on %s', (driver) => {
  let t: TestApp;
  let admin = '';
  let seller = '';

  beforeAll(async () => {
    t = await createTestApp(driver);
    const db = t.database.db;
    const alpha = await createSeller(db, { name: 'Alpha Motors' });
    const beta = await createSeller(db, { name: 'Beta Cars' });
    await announce(db, alpha.id, AnnouncementType.main, { statusId: Status.pending });
    await announce(db, beta.id, AnnouncementType.vertical, { statusId: Status.pending });
    const account = await createSeller(db, { name: 'Admin', userType: UserType.admin });
    admin = await t.app.tokens.sign({ id: account.id, userType: UserType.admin, name: 'A' });
    seller = await t.app.tokens.sign({ id: beta.id, userType: UserType.company, name: 'B' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = (query: string, token: string) =>
    t.app.inject({
      url: `/api/Order/GetUserAnnouncementOrders?${query}`,
      headers: { authorization: `Bearer ${token}` },
    });
  const names = async (query: string, token = admin) =>
    body<{ orders: { data: { userName: string; payerName: string }[] } }>(
      await list(query, token),
    ).data.orders.data.map((row) => row.userName);

  it('lists everyone’s orders for the admin, searched by name, and a seller only their own', async () => {
    expect((await names('ownerId=0')).sort()).toEqual(['Alpha Motors', 'Beta Cars']);
    expect(await names('ownerId=0&search=alpha')).toEqual(['Alpha Motors']);
    expect(await names('ownerId=0&search=%25')).toEqual([]);
    expect(await names('ownerId=0', seller)).toEqual(['Beta Cars']);
  });
});
