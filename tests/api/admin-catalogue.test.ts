import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CodeCategory, Currency, UserType } from '../../domain/codes.ts';
import { AdminPermission } from '../../domain/permissions.ts';
import { auditLog, permissions, userPermissions } from '../../server/db/schema.ts';
import { createSeller, createVehicle } from './fixtures.ts';
import { body, createTestApp, drivers, type TestApp } from './harness.ts';

/* The admin's catalogue: makes, models and lookup values (Category, authorised calls). */
describe.each(drivers)('the admin catalogue on %s', (driver) => {
  let t: TestApp;
  const tokens = { admin: '', limited: '', seller: '' };
  let sellerId = 0;
  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
    token: string | null = tokens.admin,
  ) =>
    t.app.inject({
      method,
      url,
      headers: {
        'accept-language': 'en',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      ...(payload ? { payload } : {}),
    });
  const names = async (url: string) =>
    body<{ id: number; name: string }[]>(
      await t.app.inject({ url, headers: { 'accept-language': 'en' } }),
    ).data;

  beforeAll(async () => {
    t = await createTestApp(driver);
    const db = t.database.db;
    const admin = await createSeller(db, { name: 'Admin', userType: UserType.admin });
    const limited = await createSeller(db, { name: 'Limited', userType: UserType.admin });
    const seller = await createSeller(db, { name: 'Seller' });
    sellerId = seller.id;
    const [categories] = await db
      .select()
      .from(permissions)
      .where(eq(permissions.code, AdminPermission.categories));
    await db
      .delete(userPermissions)
      .where(
        and(
          eq(userPermissions.userId, limited.id),
          eq(userPermissions.permissionId, categories!.id),
        ),
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
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses every catalogue call without a token, to a seller and to an admin without the permission', async () => {
    const calls: [Parameters<typeof call>[0], string, object?][] = [
      ['GET', '/api/Category/GetAdminBrands'],
      ['GET', '/api/Category/GetAdminBrandModels'],
      ['GET', `/api/Category/GetAdminCodes?categoryId=${CodeCategory.color}`],
      ['POST', '/api/Category/CreateBrand', { nameAr: 'س', nameEn: 'S' }],
      ['PUT', '/api/Category/UpdateBrand', { id: 1, nameAr: 'س', nameEn: 'S' }],
      ['DELETE', '/api/Category/DeleteBrand?brandId=1'],
      ['POST', '/api/Category/CreateBrandModel', { brandId: 1, nameAr: 'س', nameEn: 'S' }],
      ['PUT', '/api/Category/UpdateBrandModel', { id: 1, brandId: 1, nameAr: 'س', nameEn: 'S' }],
      ['DELETE', '/api/Category/DeleteBrandModel?brandModelId=1'],
      ['POST', '/api/Category/CreateCode', { categoryId: 1, nameAr: 'س', nameEn: 'S' }],
      ['PUT', '/api/Category/UpdateCode', { id: 1, nameAr: 'س', nameEn: 'S' }],
      ['DELETE', '/api/Category/DeleteCode?id=1'],
    ];
    for (const [method, url, payload] of calls) {
      expect((await call(method, url, payload, null)).statusCode, url).toBe(401);
      expect((await call(method, url, payload, tokens.seller)).statusCode, url).toBe(403);
      const limited = await call(method, url, payload, tokens.limited);
      expect(limited.statusCode, url).toBe(403);
      expect(body(limited).message).toBe('You do not have the permission for this operation.');
    }
    expect(await t.database.db.select().from(auditLog)).toHaveLength(0);
  });

  it('adds a make and a model that the public lists show at once, and records both', async () => {
    const empty = await call('POST', '/api/Category/CreateBrand', { nameAr: ' ', nameEn: 'X' });
    expect(empty.statusCode).toBe(400);
    expect(body(empty).message).toBe('Name is required.');

    const brand = await call('POST', '/api/Category/CreateBrand', {
      nameAr: 'لادا',
      nameEn: 'Lada',
      sortOrder: 3,
    });
    expect(brand.statusCode).toBe(200);
    expect(body(brand).message).toBe('Create operation was completed successfully.');
    const brandId = body<{ id: number }>(brand).data.id;
    expect((await names('/api/Category/GetBrands')).map((row) => row.name)).toContain('Lada');

    const model = await call('POST', '/api/Category/CreateBrandModel', {
      brandId,
      nameAr: 'نيفا',
      nameEn: 'Niva',
    });
    expect(model.statusCode).toBe(200);
    expect(await names(`/api/Category/GetBrandModels?brandId=${brandId}`)).toEqual([
      expect.objectContaining({ name: 'Niva' }),
    ]);
    const missing = await call('POST', '/api/Category/CreateBrandModel', {
      brandId: 999_999,
      nameAr: 'س',
      nameEn: 'S',
    });
    expect(missing.statusCode).toBe(404);

    const renamed = await call('PUT', '/api/Category/UpdateBrand', {
      id: brandId,
      nameAr: 'لادا',
      nameEn: 'Lada Auto',
    });
    expect(renamed.statusCode).toBe(200);
    expect((await names('/api/Category/GetBrands')).map((row) => row.name)).toContain('Lada Auto');

    const listed = body<{ data: { nameEn: string; models: number }[] }>(
      await call('GET', '/api/Category/GetAdminBrands?search=lada'),
    ).data.data;
    expect(listed).toEqual([expect.objectContaining({ nameEn: 'Lada Auto', models: 1 })]);

    const entries = await t.database.db.select().from(auditLog);
    expect(entries.map((entry) => entry.action)).toEqual([
      'CreateBrand',
      'CreateBrandModel',
      'UpdateBrand',
    ]);
    expect(entries[2]).toMatchObject({
      entity: 'brand',
      entityId: brandId,
      before: expect.objectContaining({ nameEn: 'Lada' }),
      after: expect.objectContaining({ nameEn: 'Lada Auto' }),
    });
  });

  it('answers 409 and deletes nothing when vehicles use a colour, a make or a model', async () => {
    const colour = body<{ id: number }>(
      await call('POST', '/api/Category/CreateCode', {
        categoryId: CodeCategory.color,
        nameAr: 'فيروزي',
        nameEn: 'Turquoise',
      }),
    ).data;
    expect(colour.id).toBeGreaterThan(1000);
    expect((await names('/api/Category/GetColor')).map((row) => row.name)).toContain('Turquoise');

    const brand = body<{ id: number }>(
      await call('POST', '/api/Category/CreateBrand', { nameAr: 'سكودا', nameEn: 'Skoda' }),
    ).data;
    const model = body<{ id: number }>(
      await call('POST', '/api/Category/CreateBrandModel', {
        brandId: brand.id,
        nameAr: 'أوكتافيا',
        nameEn: 'Octavia',
      }),
    ).data;
    await createVehicle(t.database.db, t.bus, {
      ownerId: sellerId,
      brandId: brand.id,
      modelId: model.id,
      colorId: colour.id,
    });

    const colourDelete = await call('DELETE', `/api/Category/DeleteCode?id=${colour.id}`);
    expect(colourDelete.statusCode).toBe(409);
    expect(body(colourDelete).message).toMatch(/used by 1 vehicles/);
    expect((await names('/api/Category/GetColor')).map((row) => row.name)).toContain('Turquoise');
    expect((await call('DELETE', `/api/Category/DeleteBrand?brandId=${brand.id}`)).statusCode).toBe(
      409,
    );
    expect(
      (await call('DELETE', `/api/Category/DeleteBrandModel?brandModelId=${model.id}`)).statusCode,
    ).toBe(409);
    expect(await names(`/api/Category/GetBrandModels?brandId=${brand.id}`)).toHaveLength(1);

    // An unused value goes, and its deletion is recorded.
    const spare = body<{ id: number }>(
      await call('POST', '/api/Category/CreateCode', {
        categoryId: CodeCategory.color,
        nameAr: 'خمري',
        nameEn: 'Wine',
      }),
    ).data;
    const deleted = await call('DELETE', `/api/Category/DeleteCode?id=${spare.id}`);
    expect(deleted.statusCode).toBe(200);
    expect((await names('/api/Category/GetColor')).map((row) => row.name)).not.toContain('Wine');
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'DeleteCode'), eq(auditLog.entityId, spare.id)));
    expect(entry?.before).toMatchObject({ nameEn: 'Wine' });
  });

  it('keeps the currencies fixed and refuses kinds it does not manage', async () => {
    const create = await call('POST', '/api/Category/CreateCode', {
      categoryId: CodeCategory.currency,
      nameAr: 'يورو',
      nameEn: 'Euro',
    });
    expect(create.statusCode).toBe(400);
    expect((await call('DELETE', `/api/Category/DeleteCode?id=${Currency.JOD}`)).statusCode).toBe(
      400,
    );
    const rename = await call('PUT', '/api/Category/UpdateCode', {
      id: Currency.JOD,
      nameAr: 'دينار أردني',
      nameEn: 'Jordanian dinar',
    });
    expect(rename.statusCode).toBe(200);
    // Statuses and user types are not lookups the admin edits.
    expect((await call('GET', '/api/Category/GetAdminCodes?categoryId=13')).statusCode).toBe(400);
    expect((await call('DELETE', '/api/Category/DeleteCode?id=95')).statusCode).toBe(404);
  });
});
