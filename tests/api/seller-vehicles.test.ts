import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Currency, Status, UserType } from '../../domain/codes.ts';
import { IMAGE_WIDTHS, variantUrl } from '../../domain/images.ts';
import { vehicleRepository } from '../../server/db/repositories/vehicles.ts';
import {
  favourites,
  notifications,
  users,
  vehicleExtensions,
  vehicleImages,
  vehicles,
  visits,
} from '../../server/db/schema.ts';
import { ADMIN_EMAIL } from '../../server/db/seed/reference.ts';
import { uploadFile } from '../../server/images/store.ts';
import { IMAGE_360_BODY_LIMIT } from '../../server/routes/vehicle/request-schemas.ts';
import { createSeller } from './fixtures.ts';
import { body, createTestApp, drivers, type TestApp } from './harness.ts';

type Format = 'jpeg' | 'png' | 'webp' | 'gif';

/** Vehicle writes per seller in this suite; one test spends a whole budget. */
const WRITE_LIMIT = 100;

/** A small picture of one colour, so tests stay fast; `shade` tells photos apart. */
function picture(width: number, height: number, format: Format = 'jpeg', shade = 0) {
  const image = sharp({
    create: {
      width,
      height,
      channels: 3,
      background: { r: (40 + shade * 37) % 256, g: (90 + shade * 53) % 256, b: 160 },
    },
  });
  return image[format]().toBuffer();
}

const base64 = (bytes: Buffer) => bytes.toString('base64');
const dataUrl = (bytes: Buffer, type = 'image/jpeg') => `data:${type};base64,${base64(bytes)}`;

/** Every file under a folder, as paths relative to it. */
function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort();
}

interface Saved {
  id: number;
  slug: string;
  statusId: number;
  statusName: string;
}

interface ForUpdate {
  id: number;
  image: string;
  images: { id: number; path: string; width: number; height: number }[];
  image360: string;
  bestThreeCategories: string[];
  moreInfo: string;
  extinsionCategory: { extensionName: string; extentionValue: string }[];
  statusId: number;
  price: number;
  [field: string]: unknown;
}

interface MyVehicle {
  id: number;
  brandName: string;
  modelName: string;
  currencyName: string;
  statusId: number;
  statusName: string;
  images: string[];
  image360: string;
  totalVisits: number;
  price: number;
}

describe.each(drivers)('the seller vehicle calls on %s', (driver) => {
  let t: TestApp;
  let uploads: string;
  const tokens = { seller: '', other: '', admin: '', limited: '' };
  let sellerId = 0;
  let adminId = 0;
  let mainImage = '';
  let photos: string[] = [];
  let pngPhoto: Buffer;

  /** A whole valid draft (spec §3); every test changes what it is about. */
  const draft = (values: Record<string, unknown> = {}) => ({
    brandIdFk: 1,
    modelIdFk: 101,
    year: 2019,
    numOfMeals: 85_000,
    bodyTypeIdCfk: 250,
    colorIdCFK: 200,
    paintedTypeIdCfk: 350,
    paintedStatusIdCfk: 400,
    specificationIdCfk: 300,
    price: 65_000.5,
    currency: Currency.NIS,
    gearTypeIdCfk: 450,
    oilTypeIdCfk: 500,
    image: mainImage,
    images: photos,
    bestThreeCategories: ['  فتحة سقف ', 'كاميرا خلفية', 'مقاعد جلد'],
    moreInfo:
      '<h2>المواصفات</h2><p>نظيفة <strong>جداً</strong> <em>وبحالة</em> ممتازة<br></p><ul><li>مكيف</li></ul><ol><li>أ</li></ol><p><a href="https://example.ps/x">رابط</a></p><script>alert(1)</script><img src=x onerror=alert(1)>',
    extinsionCategory: [{ extensionName: ' الترخيص ', extentionValue: 'سنة كاملة' }],
    ...values,
  });

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    options: { token?: string; payload?: object; lang?: string } = {},
  ) =>
    t.app.inject({
      method,
      url: `/api/Vehicle/${url}`,
      payload: options.payload,
      headers: {
        ...(options.token === ''
          ? {}
          : { authorization: `Bearer ${options.token ?? tokens.seller}` }),
        'accept-language': options.lang ?? 'ar',
      },
    });

  const create = (values: Record<string, unknown> = {}, token = tokens.seller, lang = 'ar') =>
    call('POST', 'CreateVehicle', { token, payload: draft(values), lang });

  async function created(values: Record<string, unknown> = {}, token = tokens.seller) {
    const response = await create(values, token);
    expect(response.statusCode, response.body).toBe(200);
    return body<Saved>(response).data;
  }

  const forUpdate = async (id: number, token = tokens.seller) =>
    body<ForUpdate>(await call('GET', `GetVehicelForUpdate?id=${id}`, { token })).data;

  const onDisk = (publicPath: string) => uploadFile(uploads, publicPath)!;
  const storedFiles = (publicPath: string) => [
    onDisk(publicPath),
    ...IMAGE_WIDTHS.map((width) => onDisk(variantUrl(publicPath, width))),
  ];
  const allExist = (publicPath: string) => storedFiles(publicPath).every((f) => existsSync(f));
  const noneExist = (publicPath: string) => storedFiles(publicPath).every((f) => !existsSync(f));

  beforeAll(async () => {
    t = await createTestApp(driver, { env: { VEHICLE_WRITE_LIMIT: String(WRITE_LIMIT) } });
    uploads = t.config.uploadsDir;
    const db = t.database.db;
    const seller = await createSeller(db, { name: 'معرض الأمل' });
    const other = await createSeller(db, { name: 'Other seller', userType: UserType.normal });
    const limited = await createSeller(db, { name: 'Busy seller', userType: UserType.normal });
    const [admin] = await db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    sellerId = seller.id;
    adminId = admin!.id;
    const sign = (user: { id: number; userType: number; name: string }) =>
      t.app.tokens.sign({ id: user.id, userType: user.userType, name: user.name });
    tokens.seller = await sign(seller);
    tokens.other = await sign(other);
    tokens.limited = await sign(limited);
    tokens.admin = await sign(admin!);
    mainImage = dataUrl(await picture(350, 200));
    photos = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => base64(await picture(64, 48, 'jpeg', i))),
    );
    pngPhoto = await picture(64, 48, 'png', 9);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('needs a session for every call', async () => {
    const calls = [
      ['POST', 'CreateVehicle', draft()],
      ['PUT', 'UpdateVehicle', { ...draft(), id: 1 }],
      ['GET', 'GetVehicelForUpdate?id=1'],
      ['GET', 'GetVehicleUpdateInfo?vehicleId=1'],
      ['GET', 'GetMyVehicles'],
      ['PUT', 'UpdateVehicleImage360', { id: 1, imagePath: '' }],
      ['DELETE', 'DeleteVehicle?Id=1'],
    ] as const;
    for (const [method, url, payload] of calls) {
      const response = await call(method, url, { token: '', payload });
      expect(response.statusCode, url).toBe(401);
    }
  });

  it('adds a vehicle pending review, with its photos, extras and a clean description', async () => {
    const before = filesUnder(uploads).length;
    const pushed: number[] = [];
    const stop = t.bus.subscribe('notification', ({ userId }) => pushed.push(userId));
    const response = await create();
    stop();
    expect(response.statusCode, response.body).toBe(200);
    const answer = body<Saved>(response);
    expect(answer.message).toBe('تم إضافة مركبة جديدة بنجاح');
    expect(answer.data).toMatchObject({ statusId: Status.pending, statusName: 'قيد المراجعة' });
    expect(answer.data.slug).toBe(`${answer.data.id}-toyota-corolla-2019`);
    // A main image and six photos, each a JPEG and a WebP per width.
    expect(filesUnder(uploads).length - before).toBe(7 * (1 + IMAGE_WIDTHS.length));

    const stored = await forUpdate(answer.data.id);
    expect(stored).toMatchObject({
      brandIdFk: 1,
      modelIdFk: 101,
      year: 2019,
      numOfMeals: 85_000,
      bodyTypeIdCfk: 250,
      colorIdCFK: 200,
      price: 65_000.5,
      currency: Currency.NIS,
      image360: '',
      statusId: Status.pending,
      bestThreeCategories: ['فتحة سقف', 'كاميرا خلفية', 'مقاعد جلد'],
      extinsionCategory: [{ extensionName: 'الترخيص', extentionValue: 'سنة كاملة' }],
    });
    expect(stored.images).toHaveLength(6);
    expect(stored.images[0]).toMatchObject({ width: 64, height: 48 });
    for (const image of [stored.image, ...stored.images.map((photo) => photo.path)]) {
      expect(image).toMatch(/^\/uploads\/vehicle\/\d{4}\/[\w-]{12}\.jpg$/);
      expect(allExist(image), image).toBe(true);
    }
    expect((await sharp(onDisk(stored.image)).metadata()).width).toBe(350);
    // The editor's formatting stays; scripts and images go; links open safely.
    expect(stored.moreInfo).toContain('<h2>المواصفات</h2>');
    expect(stored.moreInfo).toContain('<strong>جداً</strong>');
    expect(stored.moreInfo).toContain('<ul><li>مكيف</li></ul>');
    expect(stored.moreInfo).toContain('rel="noopener noreferrer nofollow"');
    expect(stored.moreInfo).not.toMatch(/script|onerror|<img/);

    // Not public until an admin accepts it.
    const page = await t.app.inject({ url: `/api/Vehicle/GetVehicle?id=${answer.data.id}` });
    expect(page.statusCode).toBe(404);
    const search = await t.app.inject({
      url: `/api/Vehicle/GetVehiclesRandomly?ownerId=${sellerId}`,
    });
    expect(body<{ vehicles: { data: unknown[] } }>(search).data.vehicles.data).toEqual([]);

    // Every admin hears of it, live and in their notifications.
    expect(pushed).toContain(adminId);
    const [notice] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, adminId));
    expect(notice!.title).toBe('مركبة جديدة بانتظار المراجعة');
    expect(notice!.message).toContain('معرض الأمل');
    expect(notice!.message).toContain(`${answer.data.id}`);
    expect(notice!.link).toBe('/admin/vehicles');
  });

  it('answers in English when asked', async () => {
    const response = await create({}, tokens.seller, 'en');
    expect(body(response).message).toBe('The new vehicle was added.');
    expect(body<Saved>(response).data.statusName).toBe('Pending');
    const refused = await create({ brandIdFk: 0 }, tokens.seller, 'en');
    expect(body(refused).message).toBe('Choose the vehicle make');
  });

  it('checks the draft in the order of spec §5, one message at a time', async () => {
    const empty = {
      brandIdFk: 0,
      modelIdFk: 0,
      year: 0,
      numOfMeals: 0,
      bodyTypeIdCfk: 0,
      colorIdCFK: 0,
      paintedTypeIdCfk: 0,
      paintedStatusIdCfk: 0,
      specificationIdCfk: 0,
      price: 0,
      currency: 0,
      gearTypeIdCfk: 0,
      oilTypeIdCfk: 0,
      image: '',
      images: [] as string[],
      bestThreeCategories: [] as string[],
    };
    const steps: [Record<string, unknown>, string][] = [
      [{}, 'إختر نوع المركبة'],
      [{ brandIdFk: 1 }, 'إختر موديل المركبة'],
      [{ modelIdFk: 101 }, 'أدخل سنة الإنشاء'],
      [{ year: 1899 }, 'السنة يجب أن تكون أكبر من أو تساوي 1900'],
      [{ year: 2031 }, 'السنة يجب أن تكون أقل من أو تساوي 2030'],
      [{ year: 2020 }, 'أدخل المسافة المقطوعة'],
      [{ numOfMeals: 1_000_000_000 }, 'المسافة المقطوعة يجب أن تكون أقل من أو تساوي 999999999'],
      [{ numOfMeals: 1200 }, 'إختر نوع الهيكل'],
      [{ bodyTypeIdCfk: 252 }, 'إختر لون المركبة'],
      [{ colorIdCFK: 201 }, 'إختر نوع الدهان'],
      [{ paintedTypeIdCfk: 351 }, 'إختر حالة الدهان'],
      [{ paintedStatusIdCfk: 401 }, 'إختر مواصفات المركبة'],
      [{ specificationIdCfk: 301 }, 'إختر نوع ناقل الحركة'],
      [{ gearTypeIdCfk: 451 }, 'إختر نوع الوقود'],
      [{ oilTypeIdCfk: 501 }, 'أدخل سعر المركبة'],
      [{ price: 10.005 }, 'السعر يقبل خانتين عشريتين على الأكثر'],
      [{ price: 42_000 }, 'إختر نوع العملة المراد'],
      [{ currency: Currency.USD }, 'تأكد من إضافة المميزات الثلاثة بطريقة صحيحة'],
      [{ bestThreeCategories: ['أ', '  ', 'ج'] }, 'تأكد من إضافة المميزات الثلاثة بطريقة صحيحة'],
      [{ bestThreeCategories: ['أ', 'ب', 'ج'] }, 'أضف صورة مصغرة للمركبة'],
      [{ image: mainImage }, 'أضف على الأقل 6 صور'],
      [{ images: photos.slice(0, 5) }, 'أضف على الأقل 6 صور'],
      [{ images: Array.from({ length: 21 }, () => photos[0]) }, 'يمكنك إضافة 20 صورة على الأكثر'],
      [
        { images: photos, extinsionCategory: [{ extensionName: 'x', extentionValue: ' ' }] },
        'تأكد من تعبئة اسم وقيمة كل معلومة إضافية',
      ],
    ];
    let current: Record<string, unknown> = { ...empty };
    const before = await t.database.db.select({ id: vehicles.id }).from(vehicles);
    for (const [change, message] of steps) {
      current = { ...current, ...change };
      const response = await call('POST', 'CreateVehicle', { payload: current });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(body(response).message, JSON.stringify(change)).toBe(message);
    }
    expect(await t.database.db.select({ id: vehicles.id }).from(vehicles)).toHaveLength(
      before.length,
    );
    const done = await call('POST', 'CreateVehicle', {
      payload: { ...current, extinsionCategory: [] },
    });
    expect(done.statusCode, done.body).toBe(200);
  });

  it('refuses lookups that do not exist or are of another kind, as not chosen', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ brandIdFk: 9999 }, 'Choose the vehicle make'],
      [{ modelIdFk: 99_999 }, 'Choose the vehicle model'],
      // Model 201 is a model of brand 2.
      [{ modelIdFk: 201 }, 'Choose the vehicle model'],
      [{ bodyTypeIdCfk: 9999 }, 'Choose the body type'],
      // 200 is a colour, 250 a body type, 86 a currency, 95 a status.
      [{ bodyTypeIdCfk: 200 }, 'Choose the body type'],
      [{ colorIdCFK: 250 }, 'Choose the colour'],
      [{ gearTypeIdCfk: Currency.NIS }, 'Choose the gearbox'],
      [{ oilTypeIdCfk: Status.pending }, 'Choose the fuel type'],
      [{ currency: 250 }, 'Choose the currency'],
      [{ currency: 89 }, 'Choose the currency'],
    ];
    for (const [change, message] of cases) {
      const response = await create(change, tokens.seller, 'en');
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      expect(body(response).message, JSON.stringify(change)).toBe(message);
    }
  });

  it('takes photos by content: a PNG sent as a JPEG is a PNG; text, WebP and GIF are refused', async () => {
    const asJpeg = dataUrl(pngPhoto, 'image/jpeg');
    const accepted = await created({ images: [asJpeg, ...photos.slice(1)] });
    const [first] = (await forUpdate(accepted.id)).images;
    expect((await sharp(onDisk(first!.path)).metadata()).format).toBe('jpeg');

    const text = base64(Buffer.from('<html>not a photo</html>\n'.repeat(10)));
    const webp = base64(await picture(64, 48, 'webp'));
    const gif = base64(await picture(64, 48, 'gif'));
    const refused: [Record<string, unknown>, string][] = [
      [
        { images: [...photos.slice(0, 5), text] },
        'Photo 6 is not a valid image: use JPEG or PNG photos.',
      ],
      [
        { images: [webp, ...photos.slice(1)] },
        'Photo 1 is not a valid image: use JPEG or PNG photos.',
      ],
      [
        { images: [...photos.slice(0, 2), gif, ...photos.slice(3)] },
        'Photo 3 is not a valid image: use JPEG or PNG photos.',
      ],
      [
        { images: [...photos.slice(0, 3), 'not base64 at all!', ...photos.slice(4)] },
        'Photo 4 is not a valid image: use JPEG or PNG photos.',
      ],
      [
        { image: base64(await picture(350, 200, 'webp')) },
        'The main image is not a valid image: use a JPEG or PNG.',
      ],
      [
        { image: dataUrl(await picture(200, 200)) },
        'Crop the main image to 1.75 (width to height).',
      ],
    ];
    const before = filesUnder(uploads);
    for (const [change, message] of refused) {
      const response = await create(change, tokens.seller, 'en');
      expect(response.statusCode, message).toBe(400);
      expect(body(response).message).toBe(message);
    }
    const arabic = await create({ images: [...photos.slice(0, 5), text] });
    expect(body(arabic).message).toBe('الصورة رقم 6 ليست صورة صالحة، استخدم صور JPEG أو PNG');
    expect(filesUnder(uploads)).toEqual(before);
  });

  it('keeps a main image within 3% of 1.75 and a PNG main image', async () => {
    const nearly = await created({ image: base64(await picture(352, 200, 'png')) });
    expect((await forUpdate(nearly.id)).image).toMatch(/\.jpg$/);
  });

  it('strips GPS and camera data from photos and turns them upright', async () => {
    const withGps = await sharp(await picture(64, 48))
      .jpeg()
      .withExif({
        IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 54/1 0/1' },
      })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif?.toString('latin1')).toContain('PhoneMaker');
    const saved = await created({ images: [base64(withGps), ...photos.slice(1)] });
    const [first] = (await forUpdate(saved.id)).images;
    expect(first).toMatchObject({ width: 48, height: 64 });
    for (const file of storedFiles(first!.path)) {
      const meta = await sharp(file).metadata();
      expect(meta.exif, file).toBeUndefined();
      expect(meta.orientation, file).toBeUndefined();
    }
  });

  it('leaves no files behind when the database refuses a new vehicle or an edit', async () => {
    const db = t.database.db;
    const existing = await created();
    // What the database's refusal answers (it passed every check before).
    const storable = 'إحدى القيم المرسلة غير صالحة أو خارج النطاق المسموح';
    await db.execute(
      sql`alter table vehicle_extensions add constraint test_refuse check (extension_name <> 'REFUSE')`,
    );
    try {
      const before = filesUnder(uploads);
      const count = (await db.select({ id: vehicles.id }).from(vehicles)).length;
      const refused = [{ extensionName: 'REFUSE', extentionValue: 'x' }];
      const response = await create({ extinsionCategory: refused });
      expect(response.statusCode).toBe(400);
      expect(body(response).message).toBe(storable);
      expect(filesUnder(uploads)).toEqual(before);
      expect(await db.select({ id: vehicles.id }).from(vehicles)).toHaveLength(count);

      // An edit with new images that the database refuses keeps the old ones and adds none.
      const current = await forUpdate(existing.id);
      const edit = await call('PUT', 'UpdateVehicle', {
        payload: {
          ...draft({
            image: dataUrl(await picture(700, 400)),
            images: [photos[0], ...current.images.slice(1).map((photo) => photo.path)],
            extinsionCategory: refused,
          }),
          id: existing.id,
        },
      });
      expect(edit.statusCode).toBe(400);
      expect(body(edit).message).toBe(storable);
      expect(filesUnder(uploads)).toEqual(before);
      expect(await forUpdate(existing.id)).toEqual(current);
    } finally {
      await db.execute(sql`alter table vehicle_extensions drop constraint test_refuse`);
    }
  });

  it("refuses another seller's vehicle on every call with 403, and changes nothing", async () => {
    const mine = await created();
    const before = await forUpdate(mine.id);
    const other = { token: tokens.other, lang: 'en' };
    const answers = [
      await call('GET', `GetVehicelForUpdate?id=${mine.id}`, other),
      await call('GET', `GetVehicleUpdateInfo?vehicleId=${mine.id}`, other),
      await call('PUT', 'UpdateVehicle', {
        ...other,
        payload: { ...draft({ images: [], price: 1 }), id: mine.id },
      }),
      await call('PUT', 'UpdateVehicleImage360', {
        ...other,
        payload: { id: mine.id, imagePath: '' },
      }),
      await call('DELETE', `DeleteVehicle?Id=${mine.id}`, other),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(403);
      expect(body(answer).message).toBe('User not allowed.');
    }
    expect(await forUpdate(mine.id)).toEqual(before);
    expect(allExist(before.image)).toBe(true);
    const list = body<MyVehicle[]>(await call('GET', 'GetMyVehicles', other)).data;
    expect(list.map((row) => row.id)).not.toContain(mine.id);
  });

  it('answers 404 for a vehicle that does not exist', async () => {
    const answers = [
      await call('GET', 'GetVehicelForUpdate?id=999999'),
      await call('GET', 'GetVehicleUpdateInfo?vehicleId=999999'),
      await call('PUT', 'UpdateVehicle', { payload: { ...draft({ images: [] }), id: 999_999 } }),
      await call('PUT', 'UpdateVehicleImage360', { payload: { id: 999_999, imagePath: '' } }),
      await call('DELETE', 'DeleteVehicle?Id=999999'),
    ];
    for (const answer of answers) expect(answer.statusCode, answer.body).toBe(404);
    const noId = await call('PUT', 'UpdateVehicle', { payload: { ...draft(), id: 0 } });
    expect(noId.statusCode).toBe(400);
    expect(body(noId).message).toBe('خطأ في تحديد المركبة');
  });

  it('edits a vehicle: kept photos reordered, new ones added, replaced files deleted', async () => {
    const saved = await created();
    const before = await forUpdate(saved.id);
    const [p0, p1, p2, p3, p4, p5] = before.images.map((photo) => photo.path);
    const newPhoto = base64(await picture(64, 48, 'png', 7));
    const newMain = dataUrl(await picture(700, 400, 'jpeg', 3));
    const response = await call('PUT', 'UpdateVehicle', {
      payload: {
        ...draft({
          price: 70_000,
          image: newMain,
          images: [p3, newPhoto, p0, p1, p2, newPhoto],
          bestThreeCategories: ['a', 'b', 'c'],
          extinsionCategory: [],
          moreInfo: '<p>جديد</p>',
        }),
        id: saved.id,
      },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(body(response).message).toBe('تم تعديل المركبة بنجاح');
    expect(body<Saved>(response).data).toMatchObject({ id: saved.id, statusId: Status.pending });

    const after = await forUpdate(saved.id);
    const paths = after.images.map((photo) => photo.path);
    expect(paths).toHaveLength(6);
    expect([paths[0], paths[2], paths[3], paths[4]]).toEqual([p3, p0, p1, p2]);
    expect(paths[1]).not.toBe(paths[5]);
    expect(after).toMatchObject({
      price: 70_000,
      bestThreeCategories: ['a', 'b', 'c'],
      extinsionCategory: [],
      moreInfo: '<p>جديد</p>',
    });
    expect(after.image).not.toBe(before.image);
    expect((await sharp(onDisk(after.image)).metadata()).width).toBe(700);
    for (const kept of [...paths, after.image]) expect(allExist(kept), kept).toBe(true);
    for (const gone of [p4!, p5!, before.image]) expect(noneExist(gone), gone).toBe(true);

    // A main image that is not the crop is refused, and nothing changes.
    const square = await call('PUT', 'UpdateVehicle', {
      payload: { ...draft({ image: dataUrl(await picture(300, 300)), images: [] }), id: saved.id },
    });
    expect(body(square).message).toBe('يجب قص الصورة المصغرة بنسبة 1.75 (العرض إلى الارتفاع)');
    expect(await forUpdate(saved.id)).toEqual(after);

    // An empty image and photo list keep both; the current main path keeps it too.
    const same = await call('PUT', 'UpdateVehicle', {
      payload: { ...draft({ image: after.image, images: [], price: 71_000 }), id: saved.id },
    });
    expect(same.statusCode, same.body).toBe(200);
    const kept = await forUpdate(saved.id);
    expect(kept.image).toBe(after.image);
    expect(kept.images).toEqual(after.images);
    expect(kept.price).toBe(71_000);
  });

  it("refuses an edit that names another vehicle's photo or one photo twice", async () => {
    const mine = await created();
    const theirs = await created({}, tokens.other);
    const mineBefore = await forUpdate(mine.id);
    const theirPhoto = (await forUpdate(theirs.id, tokens.other)).images[0]!.path;
    const current = mineBefore.images.map((photo) => photo.path);
    const cases: [string[], string][] = [
      [[...current.slice(0, 5), theirPhoto], "Photo 6 is not one of this vehicle's photos."],
      [[current[0]!, current[0]!, ...current.slice(2)], 'Photo 2 is listed twice.'],
      [current.slice(0, 5), 'Add at least 6 photos'],
    ];
    for (const [images, message] of cases) {
      const response = await call('PUT', 'UpdateVehicle', {
        lang: 'en',
        payload: { ...draft({ images }), id: mine.id },
      });
      expect(response.statusCode).toBe(400);
      expect(body(response).message).toBe(message);
    }
    expect(await forUpdate(mine.id)).toEqual(mineBefore);
    expect(allExist(theirPhoto)).toBe(true);
  });

  it('sends an edited rejected vehicle back to review; an accepted one stays public', async () => {
    const catalogue = vehicleRepository(t.database.db, t.bus);
    const rejected = await created();
    await catalogue.update(rejected.id, {
      statusId: Status.failed,
      messageReplay: 'صور غير واضحة',
    });
    const adminNotices = async () =>
      (await t.database.db.select().from(notifications).where(eq(notifications.userId, adminId)))
        .length;
    const noticesBefore = await adminNotices();
    const edit = (id: number, token = tokens.seller) =>
      call('PUT', 'UpdateVehicle', { token, payload: { ...draft({ images: [] }), id } });
    const back = await edit(rejected.id);
    expect(body<Saved>(back).data.statusId).toBe(Status.pending);
    expect(await adminNotices()).toBe(noticesBefore + 1);
    const info = body<{ messageReplay: string }>(
      await call('GET', `GetVehicleUpdateInfo?vehicleId=${rejected.id}`),
    ).data;
    expect(info.messageReplay).toBe('');

    const accepted = await created();
    await catalogue.setStatus(accepted.id, Status.accepted);
    const purged: string[][] = [];
    const stop = t.bus.subscribe('purge', ({ tags }) => purged.push(tags));
    const kept = await edit(accepted.id);
    stop();
    expect(body<Saved>(kept).data.statusId).toBe(Status.accepted);
    expect(purged.flat()).toContain(`vehicle:${accepted.id}`);
    const page = await t.app.inject({ url: `/api/Vehicle/GetVehicle?id=${accepted.id}` });
    expect(page.statusCode).toBe(200);
  });

  it("lets an admin read, edit and delete a seller's vehicle without sending it to review", async () => {
    const catalogue = vehicleRepository(t.database.db, t.bus);
    const saved = await created();
    await catalogue.setStatus(saved.id, Status.failed);
    const read = await call('GET', `GetVehicelForUpdate?id=${saved.id}`, { token: tokens.admin });
    expect(read.statusCode).toBe(200);
    const edit = await call('PUT', 'UpdateVehicle', {
      token: tokens.admin,
      payload: { ...draft({ images: [], price: 5000 }), id: saved.id },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(body<Saved>(edit).data.statusId).toBe(Status.failed);
    const [row] = await t.database.db.select().from(vehicles).where(eq(vehicles.id, saved.id));
    expect(row).toMatchObject({ ownerId: sellerId, price: 5000 });
    const removed = await call('DELETE', `DeleteVehicle?Id=${saved.id}`, { token: tokens.admin });
    expect(removed.statusCode).toBe(200);
    // An admin has no vehicles of their own to list.
    expect((await call('GET', 'GetMyVehicles', { token: tokens.admin })).statusCode).toBe(403);
    const adminCreate = await create({}, tokens.admin);
    expect(adminCreate.statusCode).toBe(403);
  });

  it('changes the 360 image: a panorama only, the old file deleted, empty removes it', async () => {
    const saved = await created();
    const set360 = (imagePath: string, lang = 'ar') =>
      call('PUT', 'UpdateVehicleImage360', { lang, payload: { id: saved.id, imagePath } });

    const flat = await set360(dataUrl(await picture(300, 200)), 'en');
    expect(flat.statusCode).toBe(400);
    expect(body(flat).message).toBe(
      'A 360 image must be a full panorama, twice as wide as it is tall.',
    );
    const webp = await set360(dataUrl(await picture(200, 100, 'webp'), 'image/webp'), 'en');
    expect(body(webp).message).toBe('The 360 image is not a valid image: use a JPEG or PNG.');
    const noVehicle = await call('PUT', 'UpdateVehicleImage360', {
      payload: { id: 0, imagePath: dataUrl(await picture(200, 100)) },
    });
    expect(body(noVehicle).message).toBe('خطأ في تحديد المركبة');

    const first = await set360(dataUrl(await picture(200, 100, 'png')));
    expect(first.statusCode, first.body).toBe(200);
    expect(body(first).message).toBe('تمت عملية التعديل بنجاح');
    const firstPath = body<{ image360: string }>(first).data.image360;
    expect(firstPath).toMatch(/^\/uploads\/panorama\/\d{4}\/[\w-]{12}\.jpg$/);
    expect(existsSync(onDisk(firstPath))).toBe(true);
    const meta = await sharp(onDisk(firstPath)).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 200, height: 100 });
    expect((await forUpdate(saved.id)).image360).toBe(firstPath);

    const second = await set360(base64(await picture(204, 100)));
    const secondPath = body<{ image360: string }>(second).data.image360;
    expect(existsSync(onDisk(firstPath))).toBe(false);
    expect(existsSync(onDisk(secondPath))).toBe(true);
    const row = body<MyVehicle[]>(await call('GET', 'GetMyVehicles')).data.find(
      (entry) => entry.id === saved.id,
    );
    expect(row!.image360).toBe(secondPath);

    const tooLarge = await set360('A'.repeat(IMAGE_360_BODY_LIMIT));
    expect(tooLarge.statusCode).toBe(413);
    expect((await forUpdate(saved.id)).image360).toBe(secondPath);

    const removed = await set360('');
    expect(body(removed).data).toEqual({ id: saved.id, image360: '' });
    expect(existsSync(onDisk(secondPath))).toBe(false);
    expect((await forUpdate(saved.id)).image360).toBe('');
  });

  it("lists the seller's own vehicles, newest first, with names, photos and visits", async () => {
    const fresh = await created({ currency: Currency.JOD });
    const hidden = await created();
    await vehicleRepository(t.database.db, t.bus).remove(hidden.id);
    await t.database.db.insert(visits).values(
      Array.from({ length: 3 }, () => ({
        ip: '10.0.0.1',
        route: `/vehicle/${fresh.slug}`,
        vehicleId: fresh.id,
      })),
    );
    const all = body<MyVehicle[]>(await call('GET', 'GetMyVehicles', { lang: 'en' })).data;
    expect(all[0]).toMatchObject({
      id: fresh.id,
      brandName: 'Toyota',
      modelName: 'Corolla',
      currencyName: 'JOD',
      statusId: Status.pending,
      statusName: 'Pending',
      totalVisits: 3,
      price: 65_000.5,
    });
    expect(all[0]!.images).toHaveLength(6);
    expect(all.map((row) => row.id)).not.toContain(hidden.id);
    const ids = all.map((row) => row.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);

    await vehicleRepository(t.database.db, t.bus).setStatus(fresh.id, Status.accepted);
    const accepted = body<MyVehicle[]>(
      await call('GET', `GetMyVehicles?statusId=${Status.accepted}`),
    ).data;
    expect(accepted.every((row) => row.statusId === Status.accepted)).toBe(true);
    expect(accepted.map((row) => row.id)).toContain(fresh.id);
    expect(accepted[0]!.statusName).toBe('مقبول');
  });

  it('tells the owner where a vehicle stands, with visits and favourites', async () => {
    const saved = await created();
    await t.database.db.insert(favourites).values({ userId: adminId, vehicleId: saved.id });
    await t.database.db
      .insert(visits)
      .values({ ip: '10.0.0.2', route: `/vehicle/${saved.slug}`, vehicleId: saved.id });
    const response = await call('GET', `GetVehicleUpdateInfo?vehicleId=${saved.id}`, {
      lang: 'en',
    });
    expect(response.statusCode).toBe(200);
    expect(body(response).data).toMatchObject({
      id: saved.id,
      slug: saved.slug,
      statusId: Status.pending,
      statusName: 'Pending',
      messageReplay: '',
      totalVisits: 1,
      favouriteCount: 1,
    });
  });

  it('deletes a vehicle: off every page and favourite list, its files gone', async () => {
    const saved = await created();
    await vehicleRepository(t.database.db, t.bus).setStatus(saved.id, Status.accepted);
    const set360 = await call('PUT', 'UpdateVehicleImage360', {
      payload: { id: saved.id, imagePath: dataUrl(await picture(200, 100)) },
    });
    const stored = await forUpdate(saved.id);
    await t.database.db.insert(favourites).values({ userId: adminId, vehicleId: saved.id });
    const purged: string[][] = [];
    const stop = t.bus.subscribe('purge', ({ tags }) => purged.push(tags));
    const response = await call('DELETE', `DeleteVehicle?Id=${saved.id}`);
    stop();
    expect(response.statusCode).toBe(200);
    expect(body(response)).toMatchObject({
      message: 'تمت عملية حذف المركبة',
      data: { id: saved.id },
    });
    expect(purged.flat()).toContain(`vehicle:${saved.id}`);
    for (const image of [stored.image, ...stored.images.map((photo) => photo.path)]) {
      expect(noneExist(image), image).toBe(true);
    }
    expect(existsSync(onDisk(body<{ image360: string }>(set360).data.image360))).toBe(false);
    const page = await t.app.inject({ url: `/api/Vehicle/GetVehicle?id=${saved.id}` });
    expect(page.statusCode).toBe(404);
    expect(
      await t.database.db.select().from(favourites).where(eq(favourites.vehicleId, saved.id)),
    ).toEqual([]);
    // The row stays (orders may name it), with its photos' rows; it is simply deleted.
    const [row] = await t.database.db.select().from(vehicles).where(eq(vehicles.id, saved.id));
    expect(row!.deletedAt).not.toBeNull();
    expect(
      await t.database.db.select().from(vehicleImages).where(eq(vehicleImages.vehicleId, saved.id)),
    ).toHaveLength(6);
    expect((await call('DELETE', `DeleteVehicle?Id=${saved.id}`)).statusCode).toBe(404);
    expect((await call('GET', `GetVehicelForUpdate?id=${saved.id}`)).statusCode).toBe(404);
  });

  it('keeps the extras of an edit that sends none', async () => {
    const saved = await created();
    const { extinsionCategory: _absent, ...withoutExtras } = draft({ images: [] });
    await call('PUT', 'UpdateVehicle', { payload: { ...withoutExtras, id: saved.id } });
    const rows = await t.database.db
      .select()
      .from(vehicleExtensions)
      .where(eq(vehicleExtensions.vehicleId, saved.id));
    expect(rows.map((row) => row.extensionName)).toEqual(['الترخيص']);
  });

  it('limits how often one seller writes vehicles', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= WRITE_LIMIT; i++) {
      statuses.push((await create({ brandIdFk: 0 }, tokens.limited)).statusCode);
    }
    expect(statuses.slice(0, WRITE_LIMIT).every((status) => status === 400)).toBe(true);
    expect(statuses[WRITE_LIMIT]).toBe(429);
    // Another seller's budget is their own.
    expect((await create({ brandIdFk: 0 }, tokens.other)).statusCode).toBe(400);
  });
});
