import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { InterfaceGroup, UserType } from '../../domain/codes.ts';
import { AdminPermission } from '../../domain/permissions.ts';
import { auditLog, permissions, userPermissions } from '../../server/db/schema.ts';
import { createSeller } from './fixtures.ts';
import { body, createTestApp, drivers, type TestApp } from './harness.ts';

/* The admin's site texts (Interfaces, authorised calls). */
describe.each(drivers)('the admin site texts on %s', (driver) => {
  let t: TestApp;
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
  const item = {
    code: 'delivery_note',
    groupId: InterfaceGroup.aboutUs,
    titleAr: 'التوصيل',
    titleEn: 'Delivery',
    bodyAr: '<p>نوصل <script>alert(1)</script>المركبة</p>',
    bodyEn: '<p onclick="steal()">We deliver</p>',
    sortOrder: 9,
  };

  beforeAll(async () => {
    t = await createTestApp(driver);
    const db = t.database.db;
    const admin = await createSeller(db, { name: 'Admin', userType: UserType.admin });
    const limited = await createSeller(db, { name: 'Limited', userType: UserType.admin });
    const seller = await createSeller(db, { name: 'Seller' });
    const [texts] = await db
      .select()
      .from(permissions)
      .where(eq(permissions.code, AdminPermission.interface));
    await db
      .delete(userPermissions)
      .where(
        and(eq(userPermissions.userId, limited.id), eq(userPermissions.permissionId, texts!.id)),
      );
    tokens.admin = await t.app.tokens.sign({ id: admin.id, userType: UserType.admin, name: 'A' });
    tokens.limited = await t.app.tokens.sign({
      id: limited.id,
      userType: UserType.admin,
      name: 'L',
    });
    tokens.seller = await t.app.tokens.sign({
      id: seller.id,
      userType: UserType.company,
      name: 'S',
    });
    t.bus.subscribe('purge', ({ tags }) => void purges.push(tags));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is refused without a token, to a seller and to an admin without the permission', async () => {
    const calls: [Parameters<typeof call>[0], string, object?][] = [
      ['GET', '/api/Interfaces/GetAdminInterfaceItems'],
      ['POST', '/api/Interfaces/CreateInterfaceItem', item],
      ['PUT', '/api/Interfaces/UpdateInterfaceItem', { id: 1, ...item }],
      ['DELETE', '/api/Interfaces/DeleteInterfaceItem?id=1'],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, payload, null)).statusCode, url).toBe(401);
      expect((await call(method, url, payload, tokens.seller)).statusCode, url).toBe(403);
      expect((await call(method, url, payload, tokens.limited)).statusCode, url).toBe(403);
    }
  });

  it('creates, edits and deletes a text, sanitised, purging every page frame', async () => {
    const created = await call('POST', '/api/Interfaces/CreateInterfaceItem', item);
    expect(created.statusCode).toBe(200);
    const id = body<{ id: number }>(created).data.id;
    const stored = body<{ bodyAr: string; bodyEn: string }>(
      await t.app.inject({ url: `/api/Interfaces/GetInterfaceItem?id=${id}` }),
    ).data;
    expect(stored.bodyAr).not.toContain('script');
    expect(stored.bodyAr).toContain('المركبة');
    expect(stored.bodyEn).not.toContain('onclick');
    expect(purges.at(-1)).toEqual(expect.arrayContaining(['about', 'frame']));

    const taken = await call('POST', '/api/Interfaces/CreateInterfaceItem', item);
    expect(taken.statusCode).toBe(409);
    const badCode = await call('POST', '/api/Interfaces/CreateInterfaceItem', {
      ...item,
      code: 'Not a code!',
    });
    expect(badCode.statusCode).toBe(400);
    const badGroup = await call('POST', '/api/Interfaces/CreateInterfaceItem', {
      ...item,
      code: 'other',
      groupId: 95,
    });
    expect(badGroup.statusCode).toBe(400);

    const updated = await call('PUT', '/api/Interfaces/UpdateInterfaceItem', {
      id,
      ...item,
      titleEn: 'Home delivery',
    });
    expect(updated.statusCode).toBe(200);
    const listed = body<{ data: { title: string }[] }>(
      await call('GET', '/api/Interfaces/GetAdminInterfaceItems?search=delivery'),
    ).data.data;
    expect(listed.map((row) => row.title)).toEqual(['Home delivery']);

    expect((await call('DELETE', `/api/Interfaces/DeleteInterfaceItem?id=${id}`)).statusCode).toBe(
      200,
    );
    expect((await call('DELETE', `/api/Interfaces/DeleteInterfaceItem?id=${id}`)).statusCode).toBe(
      404,
    );
    const actions = (await t.database.db.select().from(auditLog)).map((row) => row.action);
    expect(actions).toEqual(['CreateInterfaceItem', 'UpdateInterfaceItem', 'DeleteInterfaceItem']);
  });
});
