import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Status, UserStatus, UserType } from '../../domain/codes.ts';
import { AdminPermission } from '../../domain/permissions.ts';
import { auditLog, permissions, userPermissions, users } from '../../server/db/schema.ts';
import { createSeller, createVehicle } from './fixtures.ts';
import { body, createTestApp, drivers, type TestApp } from './harness.ts';

/* The admin's accounts and permissions (User, Account and Role groups). */
describe.each(drivers)('the admin accounts on %s', (driver) => {
  let t: TestApp;
  const ids = { admin: 0, limited: 0, seller: 0 };
  const tokens = { admin: '', limited: '', seller: '' };
  const purges: string[][] = [];
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    token: string | null = tokens.admin,
  ) =>
    t.app.inject({
      method,
      url,
      headers: { 'accept-language': 'en', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      ...(payload ? { payload } : {}),
    });
  const dealership = {
    name: 'Jenin Motors',
    email: 'jenin.motors@example.ps',
    mobile: '0599111222',
    licenseNumber: 'L-7788',
    addressState: 2,
    addressCity: 15,
    addressInfo: 'Haifa street',
    password: 'Strong@123',
    confirmPassword: 'Strong@123',
  };
  const withdraw = async (userId: number, code: string) => {
    const [permission] = await t.database.db
      .select()
      .from(permissions)
      .where(eq(permissions.code, code));
    await t.database.db
      .update(userPermissions)
      .set({ allowed: false })
      .where(
        and(eq(userPermissions.userId, userId), eq(userPermissions.permissionId, permission!.id)),
      );
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
    const db = t.database.db;
    const admin = await createSeller(db, { name: 'Admin', userType: UserType.admin });
    const limited = await createSeller(db, { name: 'Limited', userType: UserType.admin });
    const seller = await createSeller(db, { name: 'Seller', userType: UserType.normal });
    Object.assign(ids, { admin: admin.id, limited: limited.id, seller: seller.id });
    // The seeded admin would count as another admin: these tests start from two.
    await db
      .update(users)
      .set({ deletedAt: new Date() })
      .where(eq(users.email, 'admin@example.ps'));
    await withdraw(limited.id, AdminPermission.users);
    await withdraw(limited.id, AdminPermission.admins);
    await withdraw(limited.id, AdminPermission.permissions);
    tokens.admin = await t.app.tokens.sign({ id: admin.id, userType: UserType.admin, name: 'A' });
    tokens.limited = await t.app.tokens.sign({
      id: limited.id,
      userType: UserType.admin,
      name: 'L',
    });
    tokens.seller = await t.app.tokens.sign({
      id: seller.id,
      userType: UserType.normal,
      name: 'S',
    });
    t.bus.subscribe('purge', ({ tags }) => void purges.push(tags));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses every account and role call without a token, to a seller and without the permission', async () => {
    const calls: [Parameters<typeof call>[0], string, object?][] = [
      ['GET', '/api/User/GetUsers'],
      ['GET', '/api/User/GetAdminUsers'],
      ['GET', '/api/User/GetNormalUsers'],
      ['GET', '/api/User/GetCompanyUsers'],
      ['POST', '/api/User/CustomerCreate', dealership],
      ['POST', '/api/User/CompanyCreate', dealership],
      ['POST', '/api/User/AdminCreate', dealership],
      ['PUT', '/api/User/CustomerUpdate', { id: ids.seller, ...dealership }],
      ['PUT', '/api/User/CompanyUpdate', { id: ids.seller, ...dealership }],
      ['PUT', '/api/User/ChangeStatusCustomer', { userId: ids.seller, statusId: 21 }],
      ['PUT', '/api/User/ChangeStatusCompany', { userId: ids.seller, statusId: 21 }],
      ['PUT', '/api/User/ChangeStatusAdmin', { userId: ids.admin, statusId: 21 }],
      ['DELETE', `/api/User/DeleteCustomer?Id=${ids.seller}`],
      ['DELETE', `/api/User/DeleteCompany?Id=${ids.seller}`],
      ['DELETE', `/api/User/DeleteAdmin?Id=${ids.admin}`],
      ['GET', '/api/Role/GetAdminPermissions'],
      ['GET', '/api/Role/GetCustomerPermissions'],
      ['GET', '/api/Role/GetCompanyPermissions'],
      [
        'PUT',
        '/api/Role/UpdateUserPermission',
        { userId: ids.seller, permissionId: 1, allowed: false },
      ],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, payload, null)).statusCode, url).toBe(401);
      expect((await call(method, url, payload, tokens.seller)).statusCode, url).toBe(403);
      const limited = await call(method, url, payload, tokens.limited);
      expect(limited.statusCode, url).toBe(403);
      expect(body(limited).message, url).toBe('You do not have the permission for this operation.');
    }
    expect(await t.database.db.select().from(auditLog)).toHaveLength(0);
  });

  it('creates and edits a dealership with the sign-up rules, and lists it', async () => {
    const missing = await call('POST', '/api/User/CompanyCreate', { ...dealership, name: '' });
    expect(missing.statusCode).toBe(400);
    const created = await call('POST', '/api/User/CompanyCreate', dealership);
    expect(created.statusCode).toBe(200);
    const id = body<{ id: number }>(created).data.id;
    expect((await call('POST', '/api/User/CompanyCreate', dealership)).statusCode).toBe(409);

    const listed = body<{ data: { id: number; email: string }[] }>(
      await call('GET', '/api/User/GetCompanyUsers?name=jenin'),
    ).data.data;
    expect(listed.map((row) => row.id)).toEqual([id]);
    expect(JSON.stringify(listed)).not.toMatch(/password/i);

    const updated = await call('PUT', '/api/User/CompanyUpdate', {
      id,
      ...dealership,
      name: 'Jenin Motors Group',
    });
    expect(updated.statusCode).toBe(200);
    // A company id is not an individual's.
    expect(
      (await call('PUT', '/api/User/CustomerUpdate', { id, ...dealership, ssn: '123456782' }))
        .statusCode,
    ).toBe(404);
    const entries = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(entries.map((entry) => entry.action)).toEqual(['CompanyCreate', 'CompanyUpdate']);
    expect(JSON.stringify(entries)).not.toMatch(/passwordHash|scrypt/);
  });

  it('blocking a seller ends the session and takes the gallery and vehicles off at once', async () => {
    const seller = await createSeller(t.database.db, {
      name: 'Blocked seller',
      userType: UserType.normal,
    });
    const vehicle = await createVehicle(t.database.db, t.bus, {
      ownerId: seller.id,
      statusId: Status.accepted,
    });
    const token = await t.app.tokens.sign({ id: seller.id, userType: UserType.normal, name: 'B' });
    expect(
      (await t.app.inject({ url: `/api/Vehicle/GetVehicle?id=${vehicle.id}` })).statusCode,
    ).toBe(200);
    purges.length = 0;

    const blocked = await call('PUT', '/api/User/ChangeStatusCustomer', {
      userId: seller.id,
      statusId: UserStatus.blocked,
    });
    expect(blocked.statusCode).toBe(200);
    const profile = await t.app.inject({
      url: `/api/User/CustomerProfileInfo?userId=${seller.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(profile.statusCode).toBe(401);
    expect(
      (await t.app.inject({ url: `/api/Vehicle/GetVehicle?id=${vehicle.id}` })).statusCode,
    ).toBe(404);
    const gallery = await t.app.inject({ url: `/api/Vehicle/GetUserVehicles?userId=${seller.id}` });
    expect(gallery.statusCode).toBe(404);
    expect(purges.flat()).toEqual(
      expect.arrayContaining([`seller:${seller.id}`, `vehicle:${vehicle.id}`]),
    );
  });

  it('keeps the last active admin and refuses to let an admin remove themselves', async () => {
    const self = await call('DELETE', `/api/User/DeleteAdmin?Id=${ids.admin}`);
    expect(self.statusCode).toBe(409);
    expect(body(self).message).toBe('You cannot delete or block your own account.');

    // Two admins: blocking the other one is refused while it would leave nobody to manage
    // permissions (the limited admin cannot), then allowed once a second manager exists.
    const lastManager = await call('PUT', '/api/User/ChangeStatusAdmin', {
      userId: ids.limited,
      statusId: UserStatus.blocked,
    });
    expect(lastManager.statusCode).toBe(200);
    const alone = await call('PUT', '/api/Role/UpdateUserPermission', {
      userId: ids.admin,
      permissionId: (
        await t.database.db
          .select()
          .from(permissions)
          .where(eq(permissions.code, AdminPermission.permissions))
      )[0]!.id,
      allowed: false,
    });
    expect(alone.statusCode).toBe(409);
    expect(body(alone).message).toBe(
      'The last active admin who manages permissions cannot lose that permission.',
    );

    const created = await call('POST', '/api/User/AdminCreate', {
      name: 'Second admin',
      email: 'second.admin@example.ps',
      mobile: '0599333444',
      addressState: 2,
      addressCity: 15,
      addressInfo: 'Ramallah',
      password: 'Strong@123',
      confirmPassword: 'Strong@123',
    });
    expect(created.statusCode).toBe(200);
    const second = body<{ id: number }>(created).data.id;
    const deleted = await call('DELETE', `/api/User/DeleteAdmin?Id=${second}`);
    expect(deleted.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, second));
    expect(row?.deletedAt).not.toBeNull();
  });

  it('lets an admin edit their own account and picture without the admins permission', async () => {
    // Blocked above; restored first.
    await call('PUT', '/api/User/ChangeStatusAdmin', { userId: ids.limited, statusId: 20 });
    const [limited] = await t.database.db.select().from(users).where(eq(users.id, ids.limited));
    const token = await t.app.tokens.sign({
      id: ids.limited,
      userType: UserType.admin,
      name: 'L',
      tokenVersion: limited!.tokenVersion,
    });
    const mine = await call(
      'GET',
      `/api/User/AdminProfileInfo?userId=${ids.limited}`,
      undefined,
      token,
    );
    expect(mine.statusCode).toBe(200);
    const account = {
      name: 'Limited Admin',
      email: limited!.email,
      mobile: '0599000001',
      addressState: 2,
      addressCity: 15,
      addressInfo: 'Ramallah',
    };
    expect(
      (await call('PUT', '/api/User/AdminUpdate', { id: ids.limited, ...account }, token))
        .statusCode,
    ).toBe(200);
    // Another admin's account needs the admins permission.
    expect(
      (await call('PUT', '/api/User/AdminUpdate', { id: ids.admin, ...account }, token)).statusCode,
    ).toBe(403);
    const sharp = (await import('sharp')).default;
    const picture = await sharp({
      create: { width: 64, height: 64, channels: 3, background: { r: 9, g: 99, b: 80 } },
    })
      .png()
      .toBuffer();
    const image = await call(
      'PUT',
      '/api/User/UpdateAdminImage',
      { id: ids.limited, image: picture.toString('base64') },
      token,
    );
    expect(image.statusCode).toBe(200);
    expect(body<{ image: string }>(image).data.image).toMatch(/^\/uploads\/profile\//);
    expect(
      (
        await call(
          'PUT',
          '/api/User/UpdateAdminImage',
          { id: ids.limited, image: 'bm90IGFuIGltYWdl' },
          token,
        )
      ).statusCode,
    ).toBe(400);
    expect(
      (
        await call(
          'PUT',
          '/api/User/UpdateAdminImage',
          { id: ids.limited, image: picture.toString('base64') },
          tokens.seller,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('grants and withdraws permissions, enforced at the next call', async () => {
    // The limited admin was blocked above; restore them first.
    await call('PUT', '/api/User/ChangeStatusAdmin', { userId: ids.limited, statusId: 20 });
    const list = body<{ id: number; code: string; allowed: boolean }[]>(
      await call('GET', `/api/Role/GetAdminPermissions?userId=${ids.limited}`),
    ).data;
    const categories = list.find((row) => row.code === AdminPermission.categories)!;
    expect(categories.allowed).toBe(true);
    expect(list.find((row) => row.code === AdminPermission.users)?.allowed).toBe(false);

    // Blocking ended the old sessions: a new one carries the account's token version.
    const [limited] = await t.database.db.select().from(users).where(eq(users.id, ids.limited));
    const limitedToken = await t.app.tokens.sign({
      id: ids.limited,
      userType: UserType.admin,
      name: 'L',
      tokenVersion: limited!.tokenVersion,
    });
    const brands = () => call('GET', '/api/Category/GetAdminBrands', undefined, limitedToken);
    expect((await brands()).statusCode).toBe(200);
    const withdrawn = await call('PUT', '/api/Role/UpdateUserPermission', {
      userId: ids.limited,
      permissionId: categories.id,
      allowed: false,
    });
    expect(withdrawn.statusCode).toBe(200);
    expect((await brands()).statusCode).toBe(403);

    const sellerPermission = body<{ id: number }[]>(
      await call('GET', '/api/Role/GetCustomerPermissions'),
    ).data[0]!;
    const wrongType = await call('PUT', '/api/Role/UpdateUserPermission', {
      userId: ids.limited,
      permissionId: sellerPermission.id,
      allowed: true,
    });
    expect(wrongType.statusCode).toBe(400);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'UpdateUserPermission'));
    expect(entry).toMatchObject({
      entityId: ids.limited,
      before: { permission: AdminPermission.categories, allowed: true },
      after: { permission: AdminPermission.categories, allowed: false },
    });
  });
});
