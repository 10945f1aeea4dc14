import { createHash } from 'node:crypto';
import { count, inArray, ne, sql } from 'drizzle-orm';
import type { SavedImage } from '../../images/store.ts';
import { FolderStore } from '../../lib/storage/folder-store.ts';
import type { ObjectStore } from '../../lib/storage/object-store.ts';
import { hashPassword } from '../../lib/password.ts';
import { makeSlug } from '../../../domain/slug.ts';
import { DEFAULT_SLOT_COUNTS, SlotConstant } from '../../../domain/orders.ts';
import type { Db } from '../client.ts';
import {
  AnnouncementType,
  Currency,
  PaymentMethod,
  PaymentStatus,
  Status,
  UserStatus,
  UserType,
} from '../../../domain/codes.ts';
import { rebuildVisitRollup } from '../repositories/statistics.ts';
import {
  announcementOrders,
  constants,
  events,
  favourites,
  notifications,
  paymentMovements,
  starOrders,
  users,
  vehicleExtensions,
  vehicleImages,
  vehicles,
  visits,
} from '../schema.ts';
import {
  adSvg,
  avatarSvg,
  billSvg,
  CAR_ANGLES,
  carPhotoSvg,
  DASHBOARD_ANGLE,
  DemoImages,
  eventSvg,
  panoramaSvg,
  type AdText,
  type CarShape,
} from './demo-images.ts';
import {
  BodyType,
  BRANDS,
  CITIES,
  Colour,
  GearType,
  grantDefaultPermissions,
  modelId,
  OilType,
  type BodyShape,
  type BrandSeed,
} from './reference.ts';

/**
 * A believable marketplace for an empty database (a database that is not empty is left alone):
 * sellers of both kinds across the three states, vehicles with photos and 360 panoramas,
 * featured vehicles, running ads, orders, payments, notifications and visits. Deterministic (a
 * seeded random generator), offline and quiet. Every demo seller signs in with DEMO_PASSWORD.
 */

export const DEMO_PASSWORD = 'Demo@12345';
export const demoSellerEmail = (n: number) => `seller${n}@example.ps`;

export interface DemoOptions {
  /** Vehicles to create (default 60). */
  vehicles?: number;
  /** Sellers to create (default 12, at least 2 so both kinds exist). */
  sellers?: number;
  /** Called with a short line per step, for the command line; silent when absent. */
  log?: (line: string) => void;
}

export interface DemoSummary {
  sellers: number;
  vehicles: number;
  images: number;
}

/**
 * Everything the demo seed creates, emptied in one statement: every listing and its reports,
 * order, payment, ticket purchase, notification, saved search and visit, and every user but the
 * admins. Reference data stays.
 */
export async function removeDemoData(db: Db) {
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      truncate table payment_movements, star_orders, announcement_orders, ticket_purchases,
        favourites, vehicle_reports, vehicle_extensions, vehicle_images, vehicles,
        notifications, saved_searches, password_resets, visits, visit_days, visit_day_visitors
      restart identity`);
    await tx.delete(users).where(ne(users.userType, UserType.admin));
  });
}

/** True while the marketplace has no vehicles and no users besides admins. */
export async function isEmpty(db: Db): Promise<boolean> {
  const [v] = await db.select({ n: count() }).from(vehicles);
  const [u] = await db.select({ n: count() }).from(users).where(ne(users.userType, UserType.admin));
  return v.n === 0 && u.n === 0;
}

// Each vehicle's main photo shows its make, model and year; past this many, vehicles reuse the
// pool's photos so a catalogue of 100 000 costs no more pictures than one of 200.
const LABELLED_MAIN_PHOTOS = 120;
const VEHICLE_BATCH = 1000;
const DAY = 24 * 3600 * 1000;

/**
 * Where the demo pictures go: the store the instances serve from (a bucket when S3 is set), or
 * a folder by its path for scripts that fill a folder of their own.
 */
export type DemoPictures = { storage: ObjectStore } | { uploadsDir: string };

export async function seedDemo(
  db: Db,
  pictures: DemoPictures,
  options: DemoOptions = {},
): Promise<DemoSummary | null> {
  const vehicleCount = Math.max(1, options.vehicles ?? 60);
  const sellerCount = Math.max(2, options.sellers ?? 12);
  const log = options.log ?? (() => {});
  const random = seededRandom(20240501);
  const images = new DemoImages(
    'storage' in pictures ? pictures.storage : new FolderStore(pictures.uploadsDir),
  );
  const now = new Date();
  let imageRows = 0;

  const seeded = await db.transaction(async (tx) => {
    // Instances starting together on one PostgreSQL seed once: the others wait here, then find
    // the marketplace filled.
    await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_LOCK})`);
    if (!(await isEmpty(tx))) return false;

    const sellers = await insertSellers(tx, random, images, sellerCount);
    const owners = sellers.map((s) => [s, s.userType === UserType.company ? 3 : 1] as const);
    log(`${sellers.length} sellers`);

    const panoramas = await Promise.all(
      (['showroom', 'lot'] as const).map((v) =>
        images.get(`panorama:${v}`, 'panorama', () => panoramaSvg(v)),
      ),
    );
    const listed: Listed[] = [];
    for (let start = 0; start < vehicleCount; start += VEHICLE_BATCH) {
      const size = Math.min(VEHICLE_BATCH, vehicleCount - start);
      const ids = await reserveIds(tx, 'vehicles', size);
      const planned = ids.map((id, i) =>
        planVehicle(random, id, start + i, vehicleCount, owners, now),
      );
      imageRows += await insertVehicles(tx, images, planned, panoramas);
      for (const v of planned) {
        if (v.statusId !== Status.accepted) continue;
        const title = `${v.brand.ar} ${v.modelAr} ${v.row.year}`;
        listed.push({ id: v.row.id, slug: v.row.slug, owner: v.owner, title });
      }
      const done = start + size;
      if (done % 10_000 === 0 || done === vehicleCount) log(`${done} / ${vehicleCount} vehicles`);
    }

    const bills = await billImages(images);
    const dealers = sellers.filter((s) => s.userType === UserType.company);
    const running = runningOrders(await slotCounts(tx));
    const orders = [
      ...(await insertStarOrders(tx, random, listed, bills, now, running.star)),
      ...(await insertAnnouncementOrders(tx, random, images, dealers, bills, now, running)),
    ];
    await insertPayments(tx, orders, bills);
    await insertNotifications(tx, random, sellers, listed, now);
    await insertFavourites(tx, random, sellers, listed);
    await insertVisits(tx, random, sellers, listed, vehicleCount, now);
    await insertEvents(tx, images, now);
    await grantDefaultPermissions(
      tx,
      sellers.map((s) => s.id),
    );
    log('orders, payments, notifications, favourites and visits');
    return true;
  });
  if (!seeded) return null;
  // Fresh statistics after a bulk load, or the planner picks poor plans for the catalogue pages;
  // and the visibility map, so that the list's counts read their covering index alone.
  await db.execute(sql`vacuum analyze`);
  return { sellers: sellerCount, vehicles: vehicleCount, images: imageRows };
}

/** An arbitrary constant naming the demo seed's advisory lock. */
const DEMO_LOCK = 7_240_501;

/** A published vehicle, as orders, notifications, favourites and visits need it. */
interface Listed {
  id: number;
  slug: string;
  owner: Seller;
  title: string;
}

// ---------------------------------------------------------------------------------------------
// Randomness: a small seeded generator, so every demo catalogue is the same.
// ---------------------------------------------------------------------------------------------

type Random = () => number;

function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    // mulberry32
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (random: Random, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1));
const pick = <T>(random: Random, items: readonly T[]): T =>
  items[Math.floor(random() * items.length)];

function weighted<T>(random: Random, items: readonly (readonly [T, number])[]): T {
  const total = items.reduce((sum, [, w]) => sum + w, 0);
  let r = random() * total;
  for (const [item, w] of items) {
    r -= w;
    if (r < 0) return item;
  }
  return items[items.length - 1][0];
}

function pickDistinct<T>(random: Random, items: readonly T[], n: number): T[] {
  const pool = [...items];
  const out: T[] = [];
  while (out.length < n && pool.length > 0)
    out.push(pool.splice(Math.floor(random() * pool.length), 1)[0]);
  return out;
}

/** Ids taken from the table's sequence before inserting, so slugs can carry them. */
async function reserveIds(db: Db, table: 'users' | 'vehicles', n: number): Promise<number[]> {
  const rows = await db
    .select({
      id: sql<number>`nextval(pg_get_serial_sequence(${table}, 'id'))::int`.mapWith(Number),
    })
    .from(sql`generate_series(1, ${n})`);
  return rows.map((r) => r.id);
}

async function insertInChunks<T>(
  rows: T[],
  size: number,
  insert: (chunk: T[]) => Promise<unknown>,
) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

// ---------------------------------------------------------------------------------------------
// Sellers
// ---------------------------------------------------------------------------------------------

interface Seller {
  id: number;
  name: string;
  email: string;
  mobile: string;
  slug: string;
  userType: number;
  cityId: number;
}

type SellerSeed = [
  name: string,
  latin: string,
  type: 'dealer' | 'person',
  cityId: number,
  address: string,
];

// Alternating kinds so any count from 2 up has both. The address goes after "city / state".
const SELLERS: SellerSeed[] = [
  ['معرض الأمل للسيارات', 'al-amal-motors', 'dealer', 15, 'شارع الإرسال، مقابل مجمع البنوك'],
  ['أحمد خليل', 'ahmad-khalil', 'person', 16, 'حي الجنان، قرب مسجد العين'],
  ['معرض النجمة للسيارات', 'al-najma-cars', 'dealer', 13, 'شارع السلام، قرب دوار ابن رشد'],
  ['محمد أبو شمالة', 'mohammad-abu-shamala', 'person', 2, 'حي تل السلطان'],
  ['معرض غزة الحديث للسيارات', 'gaza-modern-motors', 'dealer', 1, 'شارع عمر المختار'],
  ['ليلى حمدان', 'layla-hamdan', 'person', 27, 'شارع الجزار'],
  ['شركة الصفا لتجارة السيارات', 'al-safa-auto', 'dealer', 14, 'شارع فيصل'],
  ['يوسف الشريف', 'yousef-al-sharif', 'person', 19, 'شارع نابلس'],
  ['معرض الجليل للسيارات', 'al-jalil-cars', 'dealer', 28, 'الشارع الرئيسي، قرب كنيسة البشارة'],
  ['رنا مصلح', 'rana-musleh', 'person', 24, 'بيت حنينا، الشارع الرئيسي'],
  ['معرض خانيونس للسيارات', 'khan-younis-auto', 'dealer', 3, 'شارع جلال، قرب البلدية'],
  ['سامي عودة', 'sami-odeh', 'person', 17, 'شارع المهد'],
  ['معرض الكرمل للسيارات', 'carmel-motors', 'dealer', 25, 'وادي النسناس'],
  ['خالد الأغا', 'khaled-al-agha', 'person', 11, 'الشارع العام'],
  ['معرض جنين للسيارات الحديثة', 'jenin-auto', 'dealer', 18, 'شارع أبو بكر'],
  ['نور عثمان', 'nour-othman', 'person', 31, 'حي عين إبراهيم'],
];

// For catalogues larger than the hand-written list.
const FIRST_NAMES: [string, string][] = [
  ['محمد', 'mohammad'],
  ['أحمد', 'ahmad'],
  ['محمود', 'mahmoud'],
  ['علي', 'ali'],
  ['عمر', 'omar'],
  ['سارة', 'sara'],
  ['مريم', 'mariam'],
  ['ياسر', 'yaser'],
  ['إبراهيم', 'ibrahim'],
  ['هبة', 'hiba'],
  ['طارق', 'tareq'],
  ['رامي', 'rami'],
];
const FAMILY_NAMES: [string, string][] = [
  ['النتشة', 'natsheh'],
  ['البرغوثي', 'barghouti'],
  ['الشوا', 'shawa'],
  ['عبد الهادي', 'abdulhadi'],
  ['الطويل', 'taweel'],
  ['جرادات', 'jaradat'],
  ['حمدان', 'hamdan'],
  ['الكرد', 'kurd'],
  ['أبو عيشة', 'abu-eisheh'],
  ['زعاترة', 'zaatreh'],
  ['مصلح', 'musleh'],
  ['الحلو', 'helou'],
];

function sellerSeed(random: Random, n: number): SellerSeed {
  if (n < SELLERS.length) return SELLERS[n];
  const [family, familyLatin] = pick(random, FAMILY_NAMES);
  const [cityId] = pick(random, CITIES);
  if (n % 2 === 0) {
    return [`معرض ${family} للسيارات`, `${familyLatin}-motors`, 'dealer', cityId, 'الشارع الرئيسي'];
  }
  const [first, firstLatin] = pick(random, FIRST_NAMES);
  return [`${first} ${family}`, `${firstLatin}-${familyLatin}`, 'person', cityId, 'وسط البلد'];
}

/** A 9-digit identity number whose check digit is right (weights 1,2,1,2,...). */
function identityNumber(random: Random): string {
  const digits = Array.from({ length: 8 }, (_, i) =>
    i === 0 ? between(random, 4, 9) : between(random, 0, 9),
  );
  const sum = digits.reduce((s, d, i) => {
    const v = d * (i % 2 === 0 ? 1 : 2);
    return s + (v > 9 ? v - 9 : v);
  }, 0);
  return [...digits, (10 - (sum % 10)) % 10].join('');
}

async function insertSellers(
  db: Db,
  random: Random,
  images: DemoImages,
  n: number,
): Promise<Seller[]> {
  // Every demo seller has the same published password, so one hash serves them all: distinct
  // salts would protect nothing, and hashing thousands of times would slow large seeds.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const ids = await reserveIds(db, 'users', n);
  const cityState = new Map(CITIES.map(([id, stateId]) => [id, stateId]));
  const rows: (typeof users.$inferInsert)[] = [];
  const sellers: Seller[] = [];
  const pictures: Promise<SavedImage | null>[] = [];
  for (let i = 0; i < n; i++) {
    const [name, latin, kind, cityId, address] = sellerSeed(random, i);
    const dealer = kind === 'dealer';
    const mobile = `${pick(random, ['059', '056'])}${between(random, 1000000, 9999999)}`;
    const seller: Seller = {
      id: ids[i],
      name,
      email: demoSellerEmail(i + 1),
      mobile,
      slug: makeSlug(ids[i], latin),
      userType: dealer ? UserType.company : UserType.normal,
      cityId,
    };
    sellers.push(seller);
    // One seller in five keeps the default picture, as real accounts do. The picture depends
    // on the name alone, so large seeds reuse the few hundred names' pictures.
    const hue = createHash('md5').update(name).digest()[0] * 1.4;
    pictures.push(
      i % 5 === 4
        ? Promise.resolve(null)
        : images.get(`avatar:${kind}:${name}`, 'profile', () => avatarSvg(name, hue, dealer)),
    );
    rows.push({
      id: seller.id,
      userType: seller.userType,
      name,
      email: seller.email,
      mobile,
      passwordHash,
      ssn: dealer ? null : identityNumber(random),
      licenseNumber: dealer ? `56${between(random, 10000000, 99999999)}` : null,
      addressStateId: cityState.get(cityId),
      addressCityId: cityId,
      addressInfo: address,
      moreInfo: dealer
        ? 'معرض مرخص منذ أكثر من عشر سنوات. فحص كامل لكل مركبة وإمكانية التقسيط عبر البنوك.'
        : 'بائع فرد، المركبة بحالة جيدة والتواصل عبر الهاتف أو واتساب.',
      slug: seller.slug,
      statusId: UserStatus.active,
    });
  }
  const saved = await Promise.all(pictures);
  rows.forEach((row, i) => (row.image = saved[i]?.path ?? null));
  await insertInChunks(rows, 1000, (chunk) => db.insert(users).values(chunk));
  return sellers;
}

// ---------------------------------------------------------------------------------------------
// Vehicles
// ---------------------------------------------------------------------------------------------

const COLOUR_HEX: Record<number, string> = {
  [Colour.white]: '#f4f5f7',
  [Colour.black]: '#1d1f22',
  [Colour.silver]: '#c3c7cc',
  [Colour.grey]: '#6b7078',
  [Colour.red]: '#c0262d',
  [Colour.blue]: '#2356a8',
  [Colour.navy]: '#1f2d4d',
  [Colour.green]: '#2f6b3f',
  [Colour.beige]: '#d8c8a8',
  [Colour.brown]: '#6b4a32',
  [Colour.gold]: '#c9a64a',
  [Colour.orange]: '#e07a1f',
  [Colour.yellow]: '#f2c230',
  [Colour.burgundy]: '#6e1f2b',
};

// Roughly how often each colour is seen on Palestinian roads.
const COLOUR_WEIGHTS: [number, number][] = [
  [Colour.white, 22],
  [Colour.silver, 15],
  [Colour.grey, 12],
  [Colour.black, 11],
  [Colour.blue, 6],
  [Colour.red, 6],
  [Colour.navy, 4],
  [Colour.beige, 3],
  [Colour.burgundy, 2],
  [Colour.green, 2],
  [Colour.brown, 2],
  [Colour.gold, 2],
  [Colour.orange, 1],
  [Colour.yellow, 1],
];

const BRAND_CHOICES = BRANDS.map((b) => [b, b.popularity] as const);

const SHAPE_OF: Record<BodyShape, CarShape> = {
  sedan: 'sedan',
  coupe: 'sedan',
  convertible: 'sedan',
  hatchback: 'hatchback',
  stationWagon: 'hatchback',
  suv: 'suv',
  crossover: 'suv',
  pickup: 'pickup',
  truck: 'pickup',
  van: 'van',
  minibus: 'van',
};

// Price of the model new, in NIS, by make tier; the body and age adjust it.
const NEW_PRICE_NIS = { 1: 95_000, 2: 140_000, 3: 320_000 } as const;
const BODY_PRICE: Partial<Record<BodyShape, number>> = {
  hatchback: 0.85,
  suv: 1.4,
  crossover: 1.15,
  pickup: 1.3,
  van: 1.15,
  minibus: 1.5,
  truck: 1.8,
  coupe: 1.3,
};
const NIS_PER: Record<number, number> = {
  [Currency.NIS]: 1,
  [Currency.USD]: 3.65,
  [Currency.JOD]: 5.15,
};

const ELECTRIC = new Set([
  'Model 3',
  'Model Y',
  'Model S',
  'Model X',
  'ID.4',
  'e-tron',
  'Atto 3',
  'Seal',
  'Dolphin',
  'Han',
  'Spring',
  'MG4',
  'Geometry C',
]);
const HYBRID = new Set(['Prius', 'Ioniq', 'Niro']);

const SPECIFICATIONS: [number, number][] = [
  [300, 25],
  [301, 25],
  [302, 12],
  [303, 10],
  [304, 8],
  [305, 5],
  [306, 8],
  [307, 5],
  [308, 2],
];
const PAINTED_TYPES: [number, number][] = [
  [350, 60],
  [351, 22],
  [352, 8],
  [353, 4],
  [354, 6],
];

const FEATURES = [
  'فحص كامل',
  'مالك أول',
  'صيانة دورية في الوكالة',
  'فتحة سقف',
  'كاميرا خلفية',
  'شاشة لمس كبيرة',
  'جنط مغنيسيوم',
  'فرش جلد',
  'تشغيل بالبصمة',
  'حساسات ركن',
  'مثبت سرعة',
  'اقتصادية في الوقود',
  'ترخيص سنة كاملة',
  'إطارات جديدة',
  'نظام ملاحة',
  'مكيف أوتوماتيك',
  'بدون حوادث',
  'قابلة للتقسيط',
];

const EXTENSIONS: ((random: Random) => [string, string])[] = [
  (r) => ['سعة المحرك', `${pick(r, [1000, 1200, 1400, 1600, 1800, 2000, 2500, 3000])} سي سي`],
  (r) => ['عدد الركاب', String(pick(r, [4, 5, 5, 5, 7, 8]))],
  (r) => ['عدد المفاتيح', String(pick(r, [1, 2, 2]))],
  (r) => ['اليد', pick(r, ['يد أولى', 'يد ثانية', 'يد ثالثة'])],
  (r) => [
    'انتهاء الترخيص',
    `${between(r, 2025, 2026)}-${String(between(r, 1, 12)).padStart(2, '0')}`,
  ],
  (r) => ['عدد الأبواب', String(pick(r, [2, 4, 4, 5]))],
  (r) => ['لون الفرش', pick(r, ['أسود', 'بيج', 'رمادي', 'بني'])],
];

interface PlannedVehicle {
  row: typeof vehicles.$inferInsert & { id: number };
  index: number;
  brand: BrandSeed;
  modelAr: string;
  modelEn: string;
  colourId: number;
  shape: CarShape;
  owner: Seller;
  statusId: number;
  extensions: [string, string][];
}

function priceFor(
  random: Random,
  brand: BrandSeed,
  body: BodyShape,
  age: number,
  currency: number,
) {
  const base = NEW_PRICE_NIS[brand.tier] * (BODY_PRICE[body] ?? 1);
  const value = Math.max(0.12, Math.pow(0.88, age)) * base * (0.85 + random() * 0.3);
  const step = currency === Currency.NIS ? 500 : 100;
  return Math.max(step, Math.round(value / NIS_PER[currency] / step) * step);
}

const CONDITIONS = ['بحالة ممتازة', 'بحالة جيدة جداً', 'نظيفة جداً ومعتنى بها'];
const REMARKS = ['المحرك والجير بحالة ممتازة', 'لا تحتاج أي مصاريف', 'جاهزة للفحص في أي مكان'];
const TERMS = [
  'السعر قابل للتفاوض البسيط للجادين.',
  'السعر نهائي.',
  'إمكانية التقسيط أو البدل على مركبة أصغر.',
];

/** The description as the site's rich-text editor would store it. */
function describe(random: Random, title: string, features: string[], km: number) {
  const mileage = km === 0 ? 'زيرو، لم تُستخدم بعد' : `مقطوعة ${km.toLocaleString('en-US')} كم فقط`;
  const items = [...features, pick(random, REMARKS)].map((f) => `<li>${f}</li>`).join('');
  return (
    `<p>للبيع <strong>${title}</strong> ${pick(random, CONDITIONS)}، ${mileage}.</p>` +
    `<ul>${items}</ul>` +
    `<p>${pick(random, TERMS)} للاستفسار يرجى التواصل عبر الهاتف.</p>`
  );
}

const OLDEST_YEAR = 2005;
const NEWEST_YEAR = 2025;

const CURRENCY_WEIGHTS: [number, number][] = [
  [Currency.NIS, 60],
  [Currency.USD, 25],
  [Currency.JOD, 15],
];
const GEAR_WEIGHTS: [number, number][] = [
  [GearType.automatic, 68],
  [GearType.manual, 17],
  [GearType.tiptronic, 10],
  [GearType.cvt, 5],
];
const HEAVY_FUEL: [number, number][] = [
  [OilType.diesel, 75],
  [OilType.petrol, 25],
];
const CAR_FUEL: [number, number][] = [
  [OilType.petrol, 60],
  [OilType.diesel, 20],
  [OilType.hybrid, 12],
  [OilType.plugInHybrid, 3],
  [OilType.gas, 5],
];

function fuelFor(random: Random, modelEn: string, body: BodyShape): number {
  if (ELECTRIC.has(modelEn)) return OilType.electric;
  if (HYBRID.has(modelEn)) return OilType.hybrid;
  const heavy = body === 'pickup' || body === 'truck' || body === 'van' || body === 'minibus';
  return weighted(random, heavy ? HEAVY_FUEL : CAR_FUEL);
}

/** Mostly published, with a few waiting for review, refused or sold (spec §4 statuses). */
function statusFor(index: number): number {
  if (index % 20 === 7) return Status.pending;
  if (index % 20 === 13) return Status.failed;
  if (index % 50 === 25) return Status.saled;
  return Status.accepted;
}

function planVehicle(
  random: Random,
  id: number,
  index: number,
  total: number,
  owners: readonly (readonly [Seller, number])[],
  now: Date,
): PlannedVehicle {
  const brand = weighted(random, BRAND_CHOICES);
  const modelIndex = Math.floor(random() * brand.models.length);
  const [modelAr, modelEn, body, [firstYear, lastYear] = [OLDEST_YEAR]] = brand.models[modelIndex];
  // Dealerships list about three times as many vehicles as individuals (weights in `owners`).
  const owner = weighted(random, owners);
  const thisYear = now.getFullYear();
  // Most cars for sale are 5 to 15 years old; a model only has the years it was sold.
  const likely = OLDEST_YEAR + Math.round(((random() + random()) / 2) * 20 + random() * 2);
  const last = lastYear ?? NEWEST_YEAR;
  const year = likely >= firstYear && likely <= last ? likely : between(random, firstYear, last);
  const age = Math.max(0, thisYear - year);
  const meals =
    age === 0
      ? between(random, 0, 40) * 50
      : Math.round((age * 14000 * (0.6 + random() * 0.8)) / 1000) * 1000;
  const currencyId = weighted(random, CURRENCY_WEIGHTS);
  const colourId = weighted(random, COLOUR_WEIGHTS);
  const oilTypeId = fuelFor(random, modelEn, body);
  const gearTypeId =
    oilTypeId === OilType.electric ? GearType.automatic : weighted(random, GEAR_WEIGHTS);
  const paintedStatusId = 400 + Math.min(4, Math.floor((age / 5) * random() * 2));
  const statusId = statusFor(index);
  const features = pickDistinct(random, FEATURES, 3);
  const title = `${brand.ar} ${modelAr} ${year}`;
  const extensions =
    index % 3 === 1
      ? pickDistinct(random, EXTENSIONS, between(random, 2, 4)).map((make) => make(random))
      : [];
  // Spread over the last four months, newest last, so "newest first" means something.
  const createdAt = new Date(
    now.getTime() - ((total - index) / total) * 120 * DAY - random() * DAY,
  );
  return {
    index,
    brand,
    modelAr,
    modelEn,
    colourId,
    shape: SHAPE_OF[body],
    owner,
    statusId,
    extensions,
    row: {
      id,
      ownerId: owner.id,
      brandId: brand.id,
      modelId: modelId(brand.id, modelIndex),
      year,
      meals,
      bodyTypeId: BodyType[body],
      colorId: colourId,
      paintedTypeId: age === 0 ? 350 : weighted(random, PAINTED_TYPES),
      paintedStatusId: age === 0 ? 400 : paintedStatusId,
      specificationId: weighted(random, SPECIFICATIONS),
      gearTypeId,
      oilTypeId,
      price: priceFor(random, brand, body, age, currencyId),
      currencyId,
      image: '',
      image360: null,
      bestThreeCategories: features,
      description: describe(random, title, features, meals),
      statusId,
      slug: makeSlug(id, brand.en, modelEn, year),
      createdAt,
      updatedAt: createdAt,
      publishedAt: statusId === Status.accepted || statusId === Status.saled ? createdAt : null,
    },
  };
}

/** The pool photo of one colour, shape and angle; shared by every vehicle that matches. */
function poolPhoto(images: DemoImages, colourId: number, shape: CarShape, angle: number) {
  // The dashboard looks the same whatever the body.
  const body = angle === DASHBOARD_ANGLE ? 'any' : shape;
  return images.get(`car:${colourId}:${body}:${angle}`, 'vehicle', () =>
    carPhotoSvg({ colour: COLOUR_HEX[colourId], shape, angle }),
  );
}

async function vehiclePhotos(images: DemoImages, v: PlannedVehicle): Promise<SavedImage[]> {
  const main =
    v.index < LABELLED_MAIN_PHOTOS
      ? images.get(
          `main:${v.brand.en}:${v.modelEn}:${v.row.year}:${v.colourId}:${v.shape}`,
          'vehicle',
          () =>
            carPhotoSvg({
              colour: COLOUR_HEX[v.colourId],
              shape: v.shape,
              angle: 0,
              label: {
                ar: `${v.brand.ar} ${v.modelAr} ${v.row.year}`,
                en: `${v.brand.en} ${v.modelEn} ${v.row.year}`,
              },
            }),
        )
      : poolPhoto(images, v.colourId, v.shape, 0);
  const others = Array.from({ length: CAR_ANGLES - 1 }, (_, i) =>
    poolPhoto(images, v.colourId, v.shape, i + 1),
  );
  return Promise.all([main, ...others]);
}

async function insertVehicles(
  db: Db,
  images: DemoImages,
  planned: PlannedVehicle[],
  panoramas: SavedImage[],
): Promise<number> {
  const photos = await Promise.all(planned.map((v) => vehiclePhotos(images, v)));
  const imageRows: (typeof vehicleImages.$inferInsert)[] = [];
  const extensionRows: (typeof vehicleExtensions.$inferInsert)[] = [];
  planned.forEach((v, i) => {
    v.row.image = photos[i][0].path;
    // A third of the vehicles have a 360 view.
    if (v.index % 3 === 0) v.row.image360 = panoramas[v.index % panoramas.length].path;
    photos[i].forEach((photo, sortOrder) =>
      imageRows.push({
        vehicleId: v.row.id,
        path: photo.path,
        width: photo.width,
        height: photo.height,
        sortOrder,
      }),
    );
    for (const [extensionName, extentionValue] of v.extensions) {
      extensionRows.push({ vehicleId: v.row.id, extensionName, extentionValue });
    }
  });
  // PostgreSQL takes at most 65 535 parameters per statement; these chunks stay well below.
  await insertInChunks(
    planned.map((v) => v.row),
    1000,
    (chunk) => db.insert(vehicles).values(chunk),
  );
  await insertInChunks(imageRows, 5000, (chunk) => db.insert(vehicleImages).values(chunk));
  await insertInChunks(extensionRows, 5000, (chunk) => db.insert(vehicleExtensions).values(chunk));
  return imageRows.length;
}

// ---------------------------------------------------------------------------------------------
// Orders: featured vehicles and ads, with the payments that paid for them.
// ---------------------------------------------------------------------------------------------

const MAIN_ADS: AdText[] = [
  {
    ar: 'معرض الأمل للسيارات',
    arSub: 'خصم حتى 10% على السيارات المستعملة',
    en: 'Al-Amal Motors: up to 10% off used cars',
    colours: ['#1f2d4d', '#2356a8'],
  },
  {
    ar: 'تمويل بدون دفعة أولى',
    arSub: 'أقساط مريحة حتى 60 شهراً عبر البنوك',
    en: 'Car finance with no down payment',
    colours: ['#0f4c3a', '#2f8f5b'],
  },
  {
    ar: 'وصلت السيارات الكهربائية',
    arSub: 'شحن منزلي مجاني مع كل سيارة جديدة',
    en: 'New electric cars have arrived',
    colours: ['#2b2d42', '#5c6b9c'],
  },
  {
    ar: 'فحص مجاني لكل مركبة',
    arSub: 'اشترِ بثقة من معارضنا في الضفة وغزة',
    en: 'Free inspection with every car you buy',
    colours: ['#6e1f2b', '#c0262d'],
  },
];
const VERTICAL_ADS: AdText[] = [
  {
    ar: 'قطع غيار أصلية',
    arSub: 'لجميع أنواع السيارات',
    en: 'Genuine spare parts',
    colours: ['#6e1f2b', '#c0262d'],
  },
  {
    ar: 'تأمين شامل',
    arSub: 'بأفضل الأسعار في فلسطين',
    en: 'Full insurance, best price',
    colours: ['#1f2d4d', '#3d7cc4'],
  },
  {
    ar: 'غسيل وتلميع',
    arSub: 'خدمة احترافية في رام الله',
    en: 'Car wash and polish',
    colours: ['#0f4c3a', '#3f9c6d'],
  },
];
const HORIZONTAL_ADS: AdText[] = [
  {
    ar: 'بِع سيارتك خلال أسبوع',
    arSub: 'أضف إعلانك الآن مع ست صور',
    en: 'Sell your car within a week',
    colours: ['#e07a1f', '#c9a64a'],
  },
  {
    ar: 'إطارات جديدة بسعر المصنع',
    arSub: 'تركيب وترصيص مجاني',
    en: 'New tyres at factory prices',
    colours: ['#24272b', '#5d6268'],
  },
  {
    ar: 'صيانة متنقلة',
    arSub: 'نصلك أينما كنت في الضفة',
    en: 'Mobile car service that comes to you',
    colours: ['#2356a8', '#47a3ff'],
  },
];

type Bills = Record<number, SavedImage>;

async function billImages(images: DemoImages): Promise<Bills> {
  const receipts: [number, string, string][] = [
    [PaymentMethod.bank, 'بنك فلسطين', '450 ₪'],
    [PaymentMethod.palPay, 'PalPay', '300 ₪'],
    [PaymentMethod.jawwalPay, 'جوال باي', '150 ₪'],
    [PaymentMethod.usdt, 'USDT (TRC20)', '120 USDT'],
  ];
  const saved = await Promise.all(
    receipts.map(([method, name, amount], i) =>
      images.get(`bill:${method}`, 'bill', () =>
        billSvg({
          amount,
          method: name,
          reference: `TRX-${584120 + i * 7311}`,
          date: '2025-01-12',
        }),
      ),
    ),
  );
  return Object.fromEntries(receipts.map(([method], i) => [method, saved[i]]));
}

/** An order as its payment needs it. */
interface PaidOrder {
  kind: 'announcement' | 'star';
  id: number;
  owner: Seller;
  total: number;
  method: number;
  statusId: number;
  createdAt: Date;
}

interface OrderMoney {
  totalPrice: number;
  paymentMethodId: number;
  statusId: number;
  createdAt: Date;
}

const paidOrder = (kind: PaidOrder['kind'], id: number, owner: Seller, row: OrderMoney) => ({
  kind,
  id,
  owner,
  total: row.totalPrice,
  method: row.paymentMethodId,
  statusId: row.statusId,
  createdAt: row.createdAt,
});

const METHODS = [
  PaymentMethod.bank,
  PaymentMethod.palPay,
  PaymentMethod.jawwalPay,
  PaymentMethod.usdt,
];
// The prices per day seeded in reference.ts (constant 134, announcement type values).
const STAR_DAILY_PRICE = 15;
const AD_DAILY_PRICE: Record<number, number> = {
  [AnnouncementType.main]: 50,
  [AnnouncementType.vertical]: 30,
  [AnnouncementType.horizontal]: 25,
};

/**
 * The slots of each kind that run at once: the constants the admin can change
 * (domain/orders.ts SlotConstant) when they exist, else their defaults.
 */
export const DEFAULT_SLOTS = {
  star: DEFAULT_SLOT_COUNTS.featured,
  [AnnouncementType.main]: DEFAULT_SLOT_COUNTS.main,
  [AnnouncementType.vertical]: DEFAULT_SLOT_COUNTS.vertical,
  [AnnouncementType.horizontal]: DEFAULT_SLOT_COUNTS.horizontal,
} as const;
export type SlotKind = keyof typeof DEFAULT_SLOTS;
const SLOT_CONSTANTS: [id: number, kind: SlotKind][] = [
  [SlotConstant.featured, 'star'],
  [SlotConstant.main, AnnouncementType.main],
  [SlotConstant.vertical, AnnouncementType.vertical],
  [SlotConstant.horizontal, AnnouncementType.horizontal],
];

/** The slots of every kind, as the constants say or by default. */
export async function slotCounts(db: Db): Promise<Record<SlotKind, number>> {
  const rows = await db
    .select({ id: constants.id, valueSt: constants.valueSt })
    .from(constants)
    .where(
      inArray(
        constants.id,
        SLOT_CONSTANTS.map(([id]) => id),
      ),
    );
  const slots: Record<SlotKind, number> = { ...DEFAULT_SLOTS };
  for (const [id, kind] of SLOT_CONSTANTS) {
    const value = Number(rows.find((row) => row.id === id)?.valueSt);
    if (Number.isInteger(value) && value > 0) slots[kind] = value;
  }
  return slots;
}

/**
 * How many demo orders of each kind run now: fewer than the kind's slots (a third of them, at
 * least one, stay free), so an order the admin accepts today can start at once.
 */
function runningOrders(slots: Record<SlotKind, number>): Record<SlotKind, number> {
  const running = (n: number) => Math.max(0, n - Math.max(1, Math.floor(n / 3)));
  return {
    star: running(slots.star),
    [AnnouncementType.main]: running(slots[AnnouncementType.main]),
    [AnnouncementType.vertical]: running(slots[AnnouncementType.vertical]),
    [AnnouncementType.horizontal]: running(slots[AnnouncementType.horizontal]),
  };
}

/** An order of `days` days that started `startedDaysAgo` days ago (negative: starts later). */
function orderDates(now: Date, startedDaysAgo: number, days: number) {
  const startDate = new Date(now.getTime() - startedDaysAgo * DAY);
  return { startDate, endDate: new Date(startDate.getTime() + days * DAY), durationDay: days };
}

/** Featured vehicles: `active` running now, a few waiting for review, a few finished. */
async function insertStarOrders(
  db: Db,
  random: Random,
  listed: Listed[],
  bills: Bills,
  now: Date,
  active: number,
): Promise<PaidOrder[]> {
  // pickDistinct copies its input; a sample keeps that cheap for large catalogues.
  const starred = pickDistinct(random, listed.slice(-2000), active + 5);
  if (starred.length === 0) return [];
  const rows = starred.map((v, i) => {
    const running = i < active;
    const status = running || i % 2 === 1 ? Status.accepted : Status.pending;
    const days = between(random, 7, 30);
    const startedDaysAgo = running
      ? between(random, 0, days - 1)
      : status === Status.pending
        ? -1
        : days + 10;
    const dates = orderDates(now, startedDaysAgo, days);
    const method = pick(random, METHODS);
    return {
      userId: v.owner.id,
      vehicleId: v.id,
      message: 'أرجو تمييز المركبة في الصفحة الرئيسية',
      messageReplay: status === Status.accepted ? 'تم قبول الطلب، بالتوفيق في البيع' : '',
      billImage: bills[method].path,
      ...dates,
      dailyPrice: STAR_DAILY_PRICE,
      totalPrice: STAR_DAILY_PRICE * days,
      currencyId: Currency.NIS,
      paymentMethodId: method,
      statusId: status,
      createdAt: new Date(dates.startDate.getTime() - DAY),
    };
  });
  const inserted = await db.insert(starOrders).values(rows).returning({ id: starOrders.id });
  return inserted.map(({ id }, i) => paidOrder('star', id, starred[i].owner, rows[i]));
}

const AD_KINDS: [type: number, texts: AdText[], width: number, height: number][] = [
  [AnnouncementType.main, MAIN_ADS, 1600, 500],
  [AnnouncementType.vertical, VERTICAL_ADS, 480, 960],
  // The horizontal ad's crop is 2.5 (ARCHITECTURE.md, cropperjs).
  [AnnouncementType.horizontal, HORIZONTAL_ADS, 1500, 600],
];

/** Ads of every kind running now (within its slots), plus one pending and one finished per kind. */
async function insertAnnouncementOrders(
  db: Db,
  random: Random,
  images: DemoImages,
  dealers: Seller[],
  bills: Bills,
  now: Date,
  active: Record<number, number>,
): Promise<PaidOrder[]> {
  const rows: (typeof announcementOrders.$inferInsert & OrderMoney)[] = [];
  const owners: Seller[] = [];
  for (const [type, texts, width, height] of AD_KINDS) {
    const daily = AD_DAILY_PRICE[type];
    const pictures = await Promise.all(
      texts.map((t, i) => images.get(`ad:${type}:${i}`, 'ad', () => adSvg(width, height, t))),
    );
    const plans = [
      ...pictures
        .slice(0, active[type])
        .map((picture) => ({ picture, status: Status.accepted, when: 'now' })),
      { picture: pictures[0], status: Status.pending, when: 'soon' },
      { picture: pictures[1], status: Status.accepted, when: 'past' },
    ];
    for (const { picture, status, when } of plans) {
      const days = between(random, 10, 30);
      const startedDaysAgo =
        when === 'now' ? between(random, 0, days - 1) : when === 'soon' ? -2 : days + 5;
      const dates = orderDates(now, startedDaysAgo, days);
      const method = pick(random, METHODS);
      const owner = dealers[rows.length % dealers.length];
      owners.push(owner);
      rows.push({
        userId: owner.id,
        announcementTypeId: type,
        message: 'أرجو نشر الإعلان في أقرب وقت',
        messageReplay: status === Status.accepted ? 'تم قبول الإعلان' : '',
        image: picture.path,
        billImage: bills[method].path,
        ...dates,
        dailyPrice: daily,
        totalPrice: daily * days,
        currencyId: Currency.NIS,
        paymentMethodId: method,
        statusId: status,
        createdAt: new Date(dates.startDate.getTime() - DAY),
      });
    }
  }
  const inserted = await db
    .insert(announcementOrders)
    .values(rows)
    .returning({ id: announcementOrders.id });
  return inserted.map(({ id }, i) => paidOrder('announcement', id, owners[i], rows[i]));
}

async function insertPayments(db: Db, orders: PaidOrder[], bills: Bills) {
  const rows: (typeof paymentMovements.$inferInsert)[] = orders.map((o) => ({
    userId: o.owner.id,
    announcementOrderId: o.kind === 'announcement' ? o.id : null,
    starOrderId: o.kind === 'star' ? o.id : null,
    amount: o.total,
    currencyId: Currency.NIS,
    paidName: o.owner.name,
    paidEmail: o.owner.email,
    paymentMethodId: o.method,
    payingBillImage: bills[o.method].path,
    description: o.kind === 'star' ? 'دفع قيمة تمييز مركبة' : 'دفع قيمة طلب إعلان',
    statusId: o.statusId === Status.accepted ? PaymentStatus.accepted : PaymentStatus.pending,
    createdAt: o.createdAt,
  }));
  // Payments to the site that belong to no order (the pay_for_us page).
  rows.push(
    {
      userId: null,
      amount: 200,
      currencyId: Currency.NIS,
      paidName: 'وسيم الخطيب',
      paidEmail: 'wasim@example.ps',
      paymentMethodId: PaymentMethod.bank,
      payingBillImage: bills[PaymentMethod.bank].path,
      description: 'اشتراك شهري لمعرض',
      statusId: PaymentStatus.pending,
    },
    {
      userId: null,
      amount: 50,
      currencyId: Currency.USD,
      paidName: 'Hana Saleh',
      paidEmail: 'hana@example.ps',
      paymentMethodId: PaymentMethod.usdt,
      payingBillImage: bills[PaymentMethod.usdt].path,
      description: 'دعم للموقع',
      statusId: PaymentStatus.accepted,
    },
  );
  await db.insert(paymentMovements).values(rows);
}

// ---------------------------------------------------------------------------------------------
// Events whose tickets the site sells
// ---------------------------------------------------------------------------------------------

const DEMO_EVENTS = [
  {
    slug: 'ramallah-classic-car-show',
    titleAr: 'معرض السيارات الكلاسيكية - رام الله',
    titleEn: 'Ramallah Classic Car Show',
    placeAr: 'رام الله، ساحة قصر رام الله الثقافي',
    placeEn: 'Ramallah, Cultural Palace square',
    descriptionAr:
      '<p>أكثر من 60 سيارة كلاسيكية من الخمسينيات حتى التسعينيات، مع مسابقة لأجمل سيارة وعروض للعائلات.</p>',
    descriptionEn:
      '<p>More than 60 classic cars from the fifties to the nineties, a best-car contest and family shows.</p>',
    inDays: 16,
    hour: 17,
    ticketPrice: 25,
    seats: 120,
    colours: ['#1f2d4d', '#c9a64a'] as [string, string],
  },
  {
    slug: 'nablus-safe-driving-workshop',
    titleAr: 'ورشة القيادة الآمنة - نابلس',
    titleEn: 'Safe Driving Workshop, Nablus',
    placeAr: 'نابلس، قاعة بلدية نابلس',
    placeEn: 'Nablus, Municipality hall',
    descriptionAr:
      '<p>ورشة عملية مع مدربين معتمدين: القيادة في الشتاء، الفحص الدوري، والإسعافات الأولية على الطريق.</p>',
    descriptionEn:
      '<p>A hands-on workshop with certified trainers: winter driving, routine checks and first aid on the road.</p>',
    inDays: 30,
    hour: 10,
    ticketPrice: 40,
    seats: 40,
    colours: ['#0f4c3a', '#47a3ff'] as [string, string],
  },
];

/** Two upcoming events on sale, in NIS, each with its poster. */
async function insertEvents(db: Db, images: DemoImages, now: Date) {
  const rows = await Promise.all(
    DEMO_EVENTS.map(async ({ inDays, hour, colours, ...event }) => {
      const startsAt = new Date(now.getTime() + inDays * DAY);
      // Local time in Palestine (UTC+2 in winter).
      startsAt.setUTCHours(hour - 2, 0, 0, 0);
      const date = startsAt.toISOString().slice(0, 10);
      const poster = await images.get(`event:${event.slug}`, 'ad', () =>
        eventSvg({
          titleAr: event.titleAr,
          titleEn: event.titleEn,
          place: event.placeAr,
          date,
          colours,
        }),
      );
      return {
        ...event,
        startsAt,
        currencyId: Currency.NIS,
        image: poster.path,
        imageWidth: poster.width,
        imageHeight: poster.height,
      };
    }),
  );
  await db.insert(events).values(rows).onConflictDoNothing();
}

// ---------------------------------------------------------------------------------------------
// Notifications, favourites, visits
// ---------------------------------------------------------------------------------------------

async function insertNotifications(
  db: Db,
  random: Random,
  sellers: Seller[],
  listed: Listed[],
  now: Date,
) {
  const rows: (typeof notifications.$inferInsert)[] = [];
  const firstVehicle = new Map<number, Listed>();
  for (const v of listed) if (!firstVehicle.has(v.owner.id)) firstVehicle.set(v.owner.id, v);
  for (const seller of sellers) {
    rows.push({
      userId: seller.id,
      title: 'أهلاً بك في سوق المركبات',
      message: 'تم إنشاء حسابك بنجاح. أضف مركبتك الأولى مع ست صور على الأقل لتظهر للمشترين.',
      isRead: true,
      createdAt: new Date(now.getTime() - between(random, 100, 130) * DAY),
    });
    const vehicle = firstVehicle.get(seller.id);
    if (vehicle) {
      rows.push({
        userId: seller.id,
        title: 'تمت الموافقة على مركبتك',
        message: `تمت مراجعة ${vehicle.title} ونشرها على الموقع.`,
        isRead: random() < 0.5,
        createdAt: new Date(now.getTime() - between(random, 2, 20) * DAY),
      });
    }
    if (seller.userType === UserType.company) {
      rows.push({
        userId: seller.id,
        title: 'عرض خاص للمعارض',
        message: 'خصم 20% على الإعلانات الرئيسية هذا الشهر. اطلب إعلانك من صفحة الطلبات.',
        isRead: false,
        createdAt: new Date(now.getTime() - between(random, 0, 3) * DAY),
      });
    }
  }
  await insertInChunks(rows, 5000, (chunk) => db.insert(notifications).values(chunk));
}

async function insertFavourites(db: Db, random: Random, sellers: Seller[], listed: Listed[]) {
  const rows: (typeof favourites.$inferInsert)[] = [];
  const candidates = listed.slice(0, 400);
  for (const seller of sellers.filter((s) => s.userType === UserType.normal)) {
    const others = candidates.filter((o) => o.owner.id !== seller.id);
    for (const v of pickDistinct(random, others, between(random, 2, 5))) {
      rows.push({ userId: seller.id, vehicleId: v.id });
    }
  }
  await insertInChunks(rows, 5000, (chunk) => db.insert(favourites).values(chunk));
}

const USER_AGENTS = [
  'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
  'Mozilla/5.0 (Linux; Android 13; Redmi Note 12) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0 Mobile Safari/537.36',
];

async function insertVisits(
  db: Db,
  random: Random,
  sellers: Seller[],
  listed: Listed[],
  vehicleCount: number,
  now: Date,
) {
  const total = Math.min(100_000, 200 + vehicleCount * 8);
  const rows: (typeof visits.$inferInsert)[] = [];
  for (let i = 0; i < total; i++) {
    const roll = random();
    // Documentation address ranges (RFC 5737): never a real visitor's address.
    const ip = `${pick(random, ['192.0.2', '198.51.100', '203.0.113'])}.${between(random, 1, 254)}`;
    // More visits in recent days than a month ago.
    const createdAt = new Date(now.getTime() - Math.pow(random(), 2) * 60 * DAY);
    const base = { ip, userAgent: pick(random, USER_AGENTS), createdAt };
    if (roll < 0.45 && listed.length > 0) {
      const v = pick(random, listed);
      rows.push({ ...base, route: `/vehicle/${v.slug}`, vehicleId: v.id });
    } else if (roll < 0.6) {
      const s = pick(random, sellers);
      rows.push({ ...base, route: `/gallary/${s.slug}`, sellerId: s.id });
    } else {
      rows.push({
        ...base,
        route: pick(random, ['/', '/', '/vehicles', '/sellers', '/aboutus', '/en/']),
      });
    }
  }
  await insertInChunks(rows, 5000, (chunk) => db.insert(visits).values(chunk));
  await rebuildVisitRollup(db);
}
