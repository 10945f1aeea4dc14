import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserType } from '../../domain/codes.ts';
import { AdminPermission } from '../../domain/permissions.ts';
import { SlotConstant } from '../../domain/orders.ts';
import { activityRepository } from '../../server/db/repositories/activity.ts';
import { auditLog, permissions, userPermissions, users } from '../../server/db/schema.ts';
import { hashPassword } from '../../server/lib/password.ts';
import { createSeller } from './fixtures.ts';
import { body, createTestApp, drivers, type TestApp } from './harness.ts';

/* The dashboard's own calls: its sign-in, who the admin is, reading admin notifications. */
describe.each(drivers)('the admin session on %s', (driver) => {
  let t: TestApp;
  const ids = { admin: 0, other: 0, seller: 0 };
  const tokens = { admin: '', other: '', seller: '' };
  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    token: string | null,
    payload?: unknown,
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        'accept-language': 'en',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(payload === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
    });

  beforeAll(async () => {
    t = await createTestApp(driver);
    const passwordHash = await hashPassword('Secret@123');
    const db = t.database.db;
    const admin = await createSeller(db, {
      name: 'Dana Admin',
      userType: UserType.admin,
      email: 'dana.admin@example.ps',
      passwordHash,
    });
    const other = await createSeller(db, { name: 'Other Admin', userType: UserType.admin });
    const seller = await createSeller(db, {
      name: 'Sami Seller',
      email: 'sami.seller@example.ps',
      passwordHash,
    });
    Object.assign(ids, { admin: admin.id, other: other.id, seller: seller.id });
    tokens.admin = await t.app.tokens.sign({ id: admin.id, userType: UserType.admin, name: 'A' });
    tokens.other = await t.app.tokens.sign({ id: other.id, userType: UserType.admin, name: 'O' });
    tokens.seller = await t.app.tokens.sign({
      id: seller.id,
      userType: UserType.company,
      name: 'S',
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('AdminLogin signs an admin in and answers a seller exactly as a wrong password', async () => {
    const good = await call('POST', '/api/User/AdminLogin', null, {
      email: 'DANA.admin@example.ps',
      password: 'Secret@123',
    });
    expect(good.statusCode).toBe(200);
    expect(body<{ id: number; isAdmin: boolean }>(good).data).toMatchObject({
      id: ids.admin,
      isAdmin: true,
    });
    const wrong = await call('POST', '/api/User/AdminLogin', null, {
      email: 'dana.admin@example.ps',
      password: 'Wrong@123',
    });
    const seller = await call('POST', '/api/User/AdminLogin', null, {
      email: 'sami.seller@example.ps',
      password: 'Secret@123',
    });
    expect(wrong.statusCode).toBe(401);
    expect(seller.statusCode).toBe(401);
    expect(body(seller).message).toBe(body(wrong).message);
    expect(body(seller).message).toBe('The email or password is not correct.');
    // The seller's own sign-in still works.
    const userLogin = await call('POST', '/api/User/UserLogin', null, {
      email: 'sami.seller@example.ps',
      password: 'Secret@123',
    });
    expect(userLogin.statusCode).toBe(200);
    const empty = await call('POST', '/api/User/AdminLogin', null, { email: '', password: 'x' });
    expect(empty.statusCode).toBe(400);
  });

  it('GetAdminSession names the admin and the permissions held now', async () => {
    expect((await call('GET', '/api/User/GetAdminSession', null)).statusCode).toBe(401);
    expect((await call('GET', '/api/User/GetAdminSession', tokens.seller)).statusCode).toBe(403);
    const answer = await call('GET', '/api/User/GetAdminSession', tokens.admin);
    expect(answer.statusCode).toBe(200);
    const session = body<{ name: string; permissions: string[] }>(answer).data;
    expect(session.name).toBe('Dana Admin');
    expect(session.permissions.sort()).toEqual(Object.values(AdminPermission).sort());
  });

  it('refuses an admin route to an admin without its permission, and records writes', async () => {
    const db = t.database.db;
    const [constantsPermission] = await db
      .select()
      .from(permissions)
      .where(eq(permissions.code, AdminPermission.constants));
    await db
      .update(userPermissions)
      .set({ allowed: false })
      .where(
        and(
          eq(userPermissions.userId, ids.other),
          eq(userPermissions.permissionId, constantsPermission!.id),
        ),
      );
    const update = (token: string) =>
      call('PUT', '/api/Category/UpdateConstant', token, { id: SlotConstant.main, value: '7' });
    const refused = await update(tokens.other);
    expect(refused.statusCode).toBe(403);
    expect(body(refused).message).toBe('You do not have the permission for this operation.');
    const session = body<{ permissions: string[] }>(
      await call('GET', '/api/User/GetAdminSession', tokens.other),
    ).data;
    expect(session.permissions).not.toContain(AdminPermission.constants);

    expect((await update(tokens.admin)).statusCode).toBe(200);
    const entries = await db.select().from(auditLog).where(eq(auditLog.entity, 'constant'));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      actorId: ids.admin,
      action: 'UpdateConstant',
      entityId: SlotConstant.main,
      before: { valueSt: '5' },
      after: { valueSt: '7' },
    });
  });

  it('GetAuditLog shows the writes, newest first, and keeps them after the actor is deleted', async () => {
    const url = '/api/Audit/GetAuditLog?entity=constant';
    expect((await call('GET', url, null)).statusCode).toBe(401);
    expect((await call('GET', url, tokens.seller)).statusCode).toBe(403);
    const answer = await call('GET', url, tokens.admin);
    expect(answer.statusCode).toBe(200);
    const rows = body<{ data: { actorName: string; action: string; after: unknown }[] }>(answer)
      .data.data;
    expect(rows).toEqual([
      expect.objectContaining({
        actorName: 'Dana Admin',
        action: 'UpdateConstant',
        after: { valueSt: '7' },
      }),
    ]);
    await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, ids.admin));
    const other = await call('GET', url, tokens.other);
    expect(body<{ data: unknown[] }>(other).data.data).toHaveLength(1);
    await t.database.db.update(users).set({ deletedAt: null }).where(eq(users.id, ids.admin));
  });

  it('tells only the admins who may review a thing that it awaits review', async () => {
    const { reviewersHolding } = await import('../../server/db/repositories/reviewers.ts');
    const before = await reviewersHolding(t.database.db, AdminPermission.constants);
    expect(before).toContain(ids.admin);
    expect(before).not.toContain(ids.other);
    expect(await reviewersHolding(t.database.db, AdminPermission.vehicles)).toEqual(
      expect.arrayContaining([ids.admin, ids.other]),
    );
    expect(await reviewersHolding(t.database.db, AdminPermission.vehicles)).not.toContain(
      ids.seller,
    );
  });

  it('ReadAdminNotification reads one of the admin’s own notifications at a time', async () => {
    const activity = activityRepository(t.database.db, t.bus);
    const first = await activity.notify(ids.admin, 'A vehicle awaits review', 'one');
    await activity.notify(ids.admin, 'A payment awaits review', 'two');
    const theirs = await activity.notify(ids.other, 'Not yours', 'three');
    const unread = async () =>
      body<{ notReadNum: number }>(
        await call('GET', '/api/NotificationMessage/GetUserNotification', tokens.admin),
      ).data.notReadNum;
    expect(await unread()).toBe(2);

    const read = await call(
      'PUT',
      '/api/NotificationMessage/ReadAdminNotification',
      tokens.admin,
      first.id,
    );
    expect(read.statusCode).toBe(200);
    expect(body(read).data).toBe(first.id);
    expect(await unread()).toBe(1);

    const url = '/api/NotificationMessage/ReadAdminNotification';
    expect((await call('PUT', url, tokens.admin, theirs.id)).statusCode).toBe(404);
    expect((await call('PUT', url, tokens.seller, first.id)).statusCode).toBe(403);
    expect((await call('PUT', url, null, first.id)).statusCode).toBe(401);
    expect((await call('PUT', url, tokens.admin, 'x')).statusCode).toBe(400);
    expect(await unread()).toBe(1);
  });
});
