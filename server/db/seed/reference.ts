import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DEFAULT_ADMIN_PASSWORD } from '../../config.ts';
import { hashPassword } from '../../lib/password.ts';
import type { Db } from '../client.ts';
import {
  AnnouncementType,
  CodeCategory,
  Currency,
  InterfaceGroup,
  PaymentDetail,
  PaymentMethod,
  PaymentStatus,
  ReportReason,
  SendMessageWay,
  StateId,
  Status,
  UserStatus,
  UserType,
} from '../../../domain/codes.ts';
import { SlotConstant } from '../../../domain/orders.ts';
import {
  brandModels,
  brands,
  cities,
  codes,
  constants,
  interfaceItems,
  permissions,
  siteContact,
  states,
  userPermissions,
  users,
} from '../schema.ts';

/**
 * The reference data production needs, safe to run on every start. Rows an admin can edit
 * (codes, makes, models, constants, interface texts, contact details) are only inserted when
 * missing, so a restart never undoes an admin's change; fixed data (states, cities,
 * permissions) is brought up to date.
 */
export async function seedReference(
  db: Db,
  options: { adminPassword?: string } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    // Instances starting together on one PostgreSQL take turns.
    await tx.execute(sql`select pg_advisory_xact_lock(${REFERENCE_LOCK})`);
    await seedCodes(tx);
    await seedPlaces(tx);
    await seedBrands(tx);
    await seedConstants(tx);
    await seedInterfaceItems(tx);
    await seedSiteContact(tx);
    await seedPermissions(tx);
    await seedAdmin(tx, options.adminPassword ?? DEFAULT_ADMIN_PASSWORD);
  });
}

/** An arbitrary constant naming the reference seed's advisory lock. */
const REFERENCE_LOCK = 7_240_500;

// ---------------------------------------------------------------------------------------------
// Codes. The spec fixes the ids in codes.ts; the other lookup values get ids in these ranges:
//   1-16      the category (parent) rows, = CodeCategory
//   200-249   colours            250-299 body types        300-349 specifications
//   350-399   painted types      400-449 painted status    450-499 gear types
//   500-549   oil (fuel) types
// Ids below 1000 are reserved for this seed; codes created in the dashboard should use 1000+.
// ---------------------------------------------------------------------------------------------

type CodeRow = [id: number, ar: string, en: string, value?: number];

const CATEGORY_NAMES: Record<keyof typeof CodeCategory, [ar: string, en: string]> = {
  color: ['الألوان', 'Colours'],
  bodyType: ['أنواع الهيكل', 'Body types'],
  specification: ['المواصفات', 'Specifications'],
  paintedType: ['أنواع الدهان', 'Paint types'],
  paintedStatus: ['حالة الدهان', 'Paint condition'],
  gearType: ['ناقل الحركة', 'Gear types'],
  oilType: ['نوع الوقود', 'Fuel types'],
  currency: ['العملات', 'Currencies'],
  userType: ['أنواع المستخدمين', 'User types'],
  userStatus: ['حالة المستخدم', 'User status'],
  sendMessageWay: ['طرق الإرسال', 'Ways to send messages'],
  announcementType: ['أنواع الإعلانات', 'Announcement types'],
  status: ['حالات الطلبات والمركبات', 'Order and vehicle statuses'],
  paymentStatus: ['حالات الدفع', 'Payment statuses'],
  paymentMethod: ['طرق الدفع', 'Payment methods'],
  interfaceGroup: ['مجموعات الواجهة', 'Interface groups'],
  reportReason: ['أسباب الإبلاغ عن إعلان', 'Listing report reasons'],
};

export const Colour = {
  white: 200,
  black: 201,
  silver: 202,
  grey: 203,
  red: 204,
  blue: 205,
  navy: 206,
  green: 207,
  beige: 208,
  brown: 209,
  gold: 210,
  orange: 211,
  yellow: 212,
  burgundy: 213,
} as const;

const COLOURS: CodeRow[] = [
  [Colour.white, 'أبيض', 'White'],
  [Colour.black, 'أسود', 'Black'],
  [Colour.silver, 'فضي', 'Silver'],
  [Colour.grey, 'رمادي', 'Grey'],
  [Colour.red, 'أحمر', 'Red'],
  [Colour.blue, 'أزرق', 'Blue'],
  [Colour.navy, 'كحلي', 'Navy blue'],
  [Colour.green, 'أخضر', 'Green'],
  [Colour.beige, 'بيج', 'Beige'],
  [Colour.brown, 'بني', 'Brown'],
  [Colour.gold, 'ذهبي', 'Gold'],
  [Colour.orange, 'برتقالي', 'Orange'],
  [Colour.yellow, 'أصفر', 'Yellow'],
  [Colour.burgundy, 'خمري', 'Burgundy'],
];

export const BodyType = {
  sedan: 250,
  hatchback: 251,
  suv: 252,
  pickup: 253,
  van: 254,
  coupe: 255,
  convertible: 256,
  stationWagon: 257,
  minibus: 258,
  truck: 259,
  crossover: 260,
} as const;

const BODY_TYPES: CodeRow[] = [
  [BodyType.sedan, 'سيدان', 'Sedan'],
  [BodyType.hatchback, 'هاتشباك', 'Hatchback'],
  [BodyType.suv, 'جيب (SUV)', 'SUV'],
  [BodyType.crossover, 'كروس أوفر', 'Crossover'],
  [BodyType.pickup, 'بيك أب', 'Pickup'],
  [BodyType.van, 'فان', 'Van'],
  [BodyType.minibus, 'باص صغير', 'Minibus'],
  [BodyType.stationWagon, 'ستيشن', 'Station wagon'],
  [BodyType.coupe, 'كوبيه', 'Coupe'],
  [BodyType.convertible, 'مكشوفة', 'Convertible'],
  [BodyType.truck, 'شاحنة', 'Truck'],
];

// The market a car was first built for, which in Palestine decides parts, papers and price.
const SPECIFICATIONS: CodeRow[] = [
  [300, 'وكالة فلسطينية', 'Palestinian dealer spec'],
  [301, 'مواصفات إسرائيلية', 'Israeli spec'],
  [302, 'وارد أمريكي', 'American import'],
  [303, 'وارد أوروبي', 'European import'],
  [304, 'وارد ألماني', 'German import'],
  [305, 'مواصفات خليجية', 'Gulf (GCC) spec'],
  [306, 'وارد كوري', 'Korean import'],
  [307, 'وارد ياباني', 'Japanese import'],
  [308, 'وارد صيني', 'Chinese import'],
];

const PAINTED_TYPES: CodeRow[] = [
  [350, 'دهان وكالة (أصلي)', 'Original factory paint'],
  [351, 'رش جزئي', 'Partially repainted'],
  [352, 'رش كامل', 'Fully repainted'],
  [353, 'مغلفة (ستيكر)', 'Wrapped'],
  [354, 'تلميع وتصليح خدوش', 'Touched up'],
];

const PAINTED_STATUS: CodeRow[] = [
  [400, 'ممتاز', 'Excellent'],
  [401, 'جيد جداً', 'Very good'],
  [402, 'جيد', 'Good'],
  [403, 'خدوش بسيطة', 'Minor scratches'],
  [404, 'بحاجة إلى دهان', 'Needs repainting'],
];

export const GearType = { automatic: 450, manual: 451, tiptronic: 452, cvt: 453 } as const;

const GEAR_TYPES: CodeRow[] = [
  [GearType.automatic, 'أوتوماتيك', 'Automatic'],
  [GearType.manual, 'عادي (يدوي)', 'Manual'],
  [GearType.tiptronic, 'تيبترونيك (نصف أوتوماتيك)', 'Semi-automatic (Tiptronic)'],
  [GearType.cvt, 'ناقل متغير (CVT)', 'CVT'],
];

export const OilType = {
  petrol: 500,
  diesel: 501,
  hybrid: 502,
  electric: 503,
  gas: 504,
  plugInHybrid: 505,
} as const;

const OIL_TYPES: CodeRow[] = [
  [OilType.petrol, 'بنزين', 'Petrol'],
  [OilType.diesel, 'ديزل (سولار)', 'Diesel'],
  [OilType.hybrid, 'هايبرد', 'Hybrid'],
  [OilType.plugInHybrid, 'هايبرد قابل للشحن', 'Plug-in hybrid'],
  [OilType.electric, 'كهرباء', 'Electric'],
  [OilType.gas, 'غاز', 'Gas (LPG)'],
];

const CURRENCIES: CodeRow[] = [
  [Currency.NIS, 'شيكل', 'NIS'],
  [Currency.USD, 'دولار', 'USD'],
  [Currency.JOD, 'دينار', 'JOD'],
];

const USER_TYPES: CodeRow[] = [
  [UserType.admin, 'مدير', 'Admin'],
  [UserType.normal, 'مستخدم عادي', 'Individual'],
  [UserType.company, 'شركة / معرض', 'Dealership'],
];

const USER_STATUSES: CodeRow[] = [
  [UserStatus.active, 'فعّال', 'Active'],
  [UserStatus.blocked, 'محظور', 'Blocked'],
];

const SEND_MESSAGE_WAYS: CodeRow[] = [
  [SendMessageWay.email, 'البريد الإلكتروني', 'Email'],
  [SendMessageWay.sms, 'رسالة نصية (SMS)', 'SMS'],
];

/** `value` is the price per day in NIS. */
const ANNOUNCEMENT_TYPES: CodeRow[] = [
  [AnnouncementType.main, 'إعلان رئيسي', 'Main banner', 50],
  [AnnouncementType.vertical, 'إعلان جانبي', 'Vertical (side) ad', 30],
  [AnnouncementType.horizontal, 'إعلان أفقي', 'Horizontal ad', 25],
];

const STATUSES: CodeRow[] = [
  [Status.pending, 'قيد المراجعة', 'Pending'],
  [Status.accepted, 'مقبول', 'Accepted'],
  [Status.failed, 'مرفوض', 'Rejected'],
  [Status.canceled, 'ملغي', 'Canceled'],
  [Status.saled, 'مباع', 'Sold'],
];

const PAYMENT_STATUSES: CodeRow[] = [
  [PaymentStatus.pending, 'قيد الانتظار', 'Pending'],
  [PaymentStatus.accepted, 'مقبولة', 'Accepted'],
  [PaymentStatus.failed, 'فاشلة', 'Failed'],
  [PaymentStatus.canceled, 'ملغاة', 'Canceled'],
  [PaymentStatus.refunded, 'مستردة', 'Refunded'],
];

const PAYMENT_METHODS: CodeRow[] = [
  [PaymentMethod.bank, 'بنك فلسطين', 'Bank of Palestine'],
  [PaymentMethod.palPay, 'محفظة PalPay', 'PalPay wallet'],
  [PaymentMethod.jawwalPay, 'محفظة جوال باي', 'Jawwal Pay wallet'],
  [PaymentMethod.usdt, 'محفظة USDT', 'USDT wallet'],
  [PaymentMethod.creditCard, 'بطاقة ائتمان', 'Credit card'],
];

const INTERFACE_GROUPS: CodeRow[] = [
  [InterfaceGroup.aboutUs, 'من نحن', 'About us'],
  [InterfaceGroup.footer, 'تذييل الصفحة', 'Footer'],
  [InterfaceGroup.modals, 'النوافذ المنبثقة', 'Modals'],
];

const REPORT_REASONS: CodeRow[] = [
  [ReportReason.sold, 'المركبة بيعت', 'The vehicle is already sold'],
  [ReportReason.wrongDetails, 'معلومات أو صور غير صحيحة', 'Wrong details or photos'],
  [ReportReason.wrongPrice, 'السعر غير صحيح', 'The price is not real'],
  [ReportReason.fraud, 'احتيال أو محاولة نصب', 'Fraud or a scam'],
  [ReportReason.duplicate, 'إعلان مكرر', 'Duplicate listing'],
  [ReportReason.offensive, 'محتوى مسيء', 'Offensive content'],
  [ReportReason.other, 'سبب آخر', 'Something else'],
];

const CODE_CHILDREN: Record<keyof typeof CodeCategory, CodeRow[]> = {
  color: COLOURS,
  bodyType: BODY_TYPES,
  specification: SPECIFICATIONS,
  paintedType: PAINTED_TYPES,
  paintedStatus: PAINTED_STATUS,
  gearType: GEAR_TYPES,
  oilType: OIL_TYPES,
  currency: CURRENCIES,
  userType: USER_TYPES,
  userStatus: USER_STATUSES,
  sendMessageWay: SEND_MESSAGE_WAYS,
  announcementType: ANNOUNCEMENT_TYPES,
  status: STATUSES,
  paymentStatus: PAYMENT_STATUSES,
  paymentMethod: PAYMENT_METHODS,
  interfaceGroup: INTERFACE_GROUPS,
  reportReason: REPORT_REASONS,
};

async function seedCodes(tx: Db) {
  const rows: (typeof codes.$inferInsert)[] = [];
  for (const key of Object.keys(CodeCategory) as (keyof typeof CodeCategory)[]) {
    const [nameAr, nameEn] = CATEGORY_NAMES[key];
    rows.push({ id: CodeCategory[key], categoryId: null, nameAr, nameEn, sortOrder: 0 });
    CODE_CHILDREN[key].forEach(([id, ar, en, value], index) => {
      rows.push({
        id,
        categoryId: CodeCategory[key],
        nameAr: ar,
        nameEn: en,
        value: value ?? null,
        sortOrder: index + 1,
      });
    });
  }
  await tx.insert(codes).values(rows).onConflictDoNothing();
}

// ---------------------------------------------------------------------------------------------
// States and cities: spec §3 fixes 3 states with 12, 11 and 13 cities.
// ---------------------------------------------------------------------------------------------

const STATES: [id: number, ar: string, en: string][] = [
  [StateId.gaza, 'قطاع غزة', 'Gaza Strip'],
  [StateId.westBank, 'الضفة الغربية', 'West Bank'],
  [StateId.interior, 'الداخل الفلسطيني', 'The interior territories'],
];

export const CITIES: [id: number, stateId: number, ar: string, en: string][] = [
  [1, StateId.gaza, 'غزة', 'Gaza'],
  [2, StateId.gaza, 'رفح', 'Rafah'],
  [3, StateId.gaza, 'خانيونس', 'Khan Younis'],
  [4, StateId.gaza, 'دير البلح', 'Deir al-Balah'],
  [5, StateId.gaza, 'جباليا', 'Jabalia'],
  [6, StateId.gaza, 'بيت لاهيا', 'Beit Lahia'],
  [7, StateId.gaza, 'بيت حانون', 'Beit Hanoun'],
  [8, StateId.gaza, 'النصيرات', 'Nuseirat'],
  [9, StateId.gaza, 'البريج', 'Bureij'],
  [10, StateId.gaza, 'المغازي', 'Maghazi'],
  [11, StateId.gaza, 'بني سهيلا', 'Bani Suheila'],
  [12, StateId.gaza, 'عبسان', 'Abasan'],
  [13, StateId.westBank, 'الخليل', 'Hebron'],
  [14, StateId.westBank, 'نابلس', 'Nablus'],
  [15, StateId.westBank, 'رام الله', 'Ramallah'],
  [16, StateId.westBank, 'البيرة', 'Al-Bireh'],
  [17, StateId.westBank, 'بيت لحم', 'Bethlehem'],
  [18, StateId.westBank, 'جنين', 'Jenin'],
  [19, StateId.westBank, 'طولكرم', 'Tulkarm'],
  [20, StateId.westBank, 'قلقيلية', 'Qalqilya'],
  [21, StateId.westBank, 'أريحا', 'Jericho'],
  [22, StateId.westBank, 'سلفيت', 'Salfit'],
  [23, StateId.westBank, 'طوباس', 'Tubas'],
  [24, StateId.interior, 'القدس', 'Jerusalem'],
  [25, StateId.interior, 'حيفا', 'Haifa'],
  [26, StateId.interior, 'يافا', 'Jaffa'],
  [27, StateId.interior, 'عكا', 'Acre'],
  [28, StateId.interior, 'الناصرة', 'Nazareth'],
  [29, StateId.interior, 'اللد', 'Lod'],
  [30, StateId.interior, 'الرملة', 'Ramla'],
  [31, StateId.interior, 'أم الفحم', 'Umm al-Fahm'],
  [32, StateId.interior, 'الطيبة', 'Tayibe'],
  [33, StateId.interior, 'الطيرة', 'Tira'],
  [34, StateId.interior, 'شفاعمرو', 'Shefa-Amr'],
  [35, StateId.interior, 'رهط', 'Rahat'],
  [36, StateId.interior, 'سخنين', 'Sakhnin'],
];

/** Ramallah, where the site's own office is. */
const RAMALLAH = 15;

async function seedPlaces(tx: Db) {
  await tx
    .insert(states)
    .values(STATES.map(([id, nameAr, nameEn]) => ({ id, nameAr, nameEn })))
    .onConflictDoUpdate({
      target: states.id,
      set: { nameAr: sql`excluded.name_ar`, nameEn: sql`excluded.name_en` },
    });
  await tx
    .insert(cities)
    .values(CITIES.map(([id, stateId, nameAr, nameEn]) => ({ id, stateId, nameAr, nameEn })))
    .onConflictDoUpdate({
      target: cities.id,
      set: {
        stateId: sql`excluded.state_id`,
        nameAr: sql`excluded.name_ar`,
        nameEn: sql`excluded.name_en`,
      },
    });
}

// ---------------------------------------------------------------------------------------------
// Makes and models common on Palestinian roads. Model ids are brandId * 100 + n so a model keeps
// its id when a list grows. `body` is the usual body type of the model (used by the demo seed).
// ---------------------------------------------------------------------------------------------

export type BodyShape = keyof typeof BodyType;
/** `years`: the model years on sale, [first] or [first, last]; 2005 to now when absent. */
type ModelRow = [ar: string, en: string, body: BodyShape, years?: [number, number?]];

export interface BrandSeed {
  id: number;
  ar: string;
  en: string;
  /** 1 budget, 2 mainstream, 3 premium: the demo seed prices cars by it. */
  tier: 1 | 2 | 3;
  /** How common the make is on Palestinian roads (relative): the demo seed's mix. */
  popularity: number;
  models: ModelRow[];
}

export const BRANDS: BrandSeed[] = [
  {
    id: 1,
    ar: 'تويوتا',
    en: 'Toyota',
    tier: 2,
    popularity: 9,
    models: [
      ['كورولا', 'Corolla', 'sedan'],
      ['كامري', 'Camry', 'sedan'],
      ['ياريس', 'Yaris', 'hatchback'],
      ['راف فور', 'RAV4', 'suv'],
      ['لاند كروزر', 'Land Cruiser', 'suv'],
      ['هايلكس', 'Hilux', 'pickup'],
      ['بريوس', 'Prius', 'hatchback', [2005]],
      ['سي اتش آر', 'C-HR', 'crossover', [2017]],
      ['أوريس', 'Auris', 'hatchback', [2007, 2018]],
    ],
  },
  {
    id: 2,
    ar: 'هيونداي',
    en: 'Hyundai',
    tier: 2,
    popularity: 10,
    models: [
      ['إلنترا', 'Elantra', 'sedan'],
      ['أكسنت', 'Accent', 'sedan'],
      ['توسان', 'Tucson', 'suv', [2005]],
      ['سانتا في', 'Santa Fe', 'suv'],
      ['i10', 'i10', 'hatchback', [2008]],
      ['i20', 'i20', 'hatchback', [2009]],
      ['i30', 'i30', 'hatchback', [2007]],
      ['سوناتا', 'Sonata', 'sedan'],
      ['كونا', 'Kona', 'crossover', [2018]],
      ['أيونيك', 'Ioniq', 'hatchback', [2017, 2022]],
    ],
  },
  {
    id: 3,
    ar: 'كيا',
    en: 'Kia',
    tier: 2,
    popularity: 10,
    models: [
      ['بيكانتو', 'Picanto', 'hatchback'],
      ['ريو', 'Rio', 'hatchback'],
      ['سيراتو', 'Cerato', 'sedan', [2005]],
      ['سبورتاج', 'Sportage', 'suv'],
      ['سورينتو', 'Sorento', 'suv'],
      ['أوبتيما', 'Optima', 'sedan', [2005, 2020]],
      ['نيرو', 'Niro', 'crossover', [2017]],
      ['ستونيك', 'Stonic', 'crossover', [2018]],
      ['سول', 'Soul', 'hatchback'],
    ],
  },
  {
    id: 4,
    ar: 'فولكسفاجن',
    en: 'Volkswagen',
    tier: 2,
    popularity: 8,
    models: [
      ['جولف', 'Golf', 'hatchback'],
      ['بولو', 'Polo', 'hatchback'],
      ['باسات', 'Passat', 'sedan'],
      ['جيتا', 'Jetta', 'sedan'],
      ['تيجوان', 'Tiguan', 'suv', [2008]],
      ['طوارق', 'Touareg', 'suv'],
      ['كادي', 'Caddy', 'van'],
      ['ترانسبورتر', 'Transporter', 'minibus'],
      ['ID.4', 'ID.4', 'crossover', [2021]],
    ],
  },
  {
    id: 5,
    ar: 'سكودا',
    en: 'Skoda',
    tier: 2,
    popularity: 8,
    models: [
      ['أوكتافيا', 'Octavia', 'sedan'],
      ['فابيا', 'Fabia', 'hatchback'],
      ['سوبيرب', 'Superb', 'sedan'],
      ['رابيد', 'Rapid', 'sedan', [2013, 2020]],
      ['كودياك', 'Kodiaq', 'suv', [2017]],
      ['كاروك', 'Karoq', 'crossover', [2018]],
      ['كاميك', 'Kamiq', 'crossover', [2020]],
    ],
  },
  {
    id: 6,
    ar: 'مرسيدس بنز',
    en: 'Mercedes-Benz',
    tier: 3,
    popularity: 6,
    models: [
      ['C-Class', 'C-Class', 'sedan'],
      ['E-Class', 'E-Class', 'sedan'],
      ['S-Class', 'S-Class', 'sedan'],
      ['A-Class', 'A-Class', 'hatchback'],
      ['GLC', 'GLC', 'suv', [2016]],
      ['GLE', 'GLE', 'suv', [2016]],
      ['سبرينتر', 'Sprinter', 'minibus'],
      ['فيتو', 'Vito', 'van'],
    ],
  },
  {
    id: 7,
    ar: 'بي إم دبليو',
    en: 'BMW',
    tier: 3,
    popularity: 4,
    models: [
      ['الفئة الأولى', '1 Series', 'hatchback', [2005]],
      ['الفئة الثالثة', '3 Series', 'sedan'],
      ['الفئة الخامسة', '5 Series', 'sedan'],
      ['الفئة السابعة', '7 Series', 'sedan'],
      ['X1', 'X1', 'crossover', [2010]],
      ['X3', 'X3', 'suv'],
      ['X5', 'X5', 'suv'],
      ['X6', 'X6', 'suv', [2008]],
    ],
  },
  {
    id: 8,
    ar: 'أودي',
    en: 'Audi',
    tier: 3,
    popularity: 4,
    models: [
      ['A3', 'A3', 'hatchback'],
      ['A4', 'A4', 'sedan'],
      ['A6', 'A6', 'sedan'],
      ['A8', 'A8', 'sedan'],
      ['Q3', 'Q3', 'crossover', [2012]],
      ['Q5', 'Q5', 'suv', [2009]],
      ['Q7', 'Q7', 'suv'],
      ['e-tron', 'e-tron', 'suv', [2019]],
    ],
  },
  {
    id: 9,
    ar: 'سيات',
    en: 'Seat',
    tier: 1,
    popularity: 5,
    models: [
      ['إيبيزا', 'Ibiza', 'hatchback'],
      ['ليون', 'Leon', 'hatchback'],
      ['أرونا', 'Arona', 'crossover', [2018]],
      ['أتيكا', 'Ateca', 'suv', [2016]],
      ['توليدو', 'Toledo', 'sedan', [2005, 2019]],
      ['تاراكو', 'Tarraco', 'suv', [2019]],
    ],
  },
  {
    id: 10,
    ar: 'بيجو',
    en: 'Peugeot',
    tier: 2,
    popularity: 4,
    models: [
      ['208', '208', 'hatchback', [2012]],
      ['301', '301', 'sedan', [2013]],
      ['308', '308', 'hatchback'],
      ['508', '508', 'sedan'],
      ['2008', '2008', 'crossover', [2013]],
      ['3008', '3008', 'suv', [2009]],
      ['5008', '5008', 'suv', [2010]],
      ['بارتنر', 'Partner', 'van'],
    ],
  },
  {
    id: 11,
    ar: 'رينو',
    en: 'Renault',
    tier: 1,
    popularity: 3,
    models: [
      ['كليو', 'Clio', 'hatchback'],
      ['ميجان', 'Megane', 'sedan'],
      ['كابتشر', 'Captur', 'crossover', [2013]],
      ['كادجار', 'Kadjar', 'suv', [2015, 2022]],
      ['فلوانس', 'Fluence', 'sedan', [2010, 2017]],
      ['كانجو', 'Kangoo', 'van'],
      ['سيمبول', 'Symbol', 'sedan', [2005, 2013]],
    ],
  },
  {
    id: 12,
    ar: 'ستروين',
    en: 'Citroen',
    tier: 1,
    popularity: 3,
    models: [
      ['C3', 'C3', 'hatchback'],
      ['C4', 'C4', 'hatchback'],
      ['C5', 'C5', 'sedan', [2005, 2017]],
      ['سي إليزيه', 'C-Elysee', 'sedan', [2013]],
      ['بيرلينجو', 'Berlingo', 'van'],
      ['C3 إيركروس', 'C3 Aircross', 'crossover', [2017]],
      ['C5 إيركروس', 'C5 Aircross', 'suv', [2018]],
    ],
  },
  {
    id: 13,
    ar: 'نيسان',
    en: 'Nissan',
    tier: 2,
    popularity: 3,
    models: [
      ['صني', 'Sunny', 'sedan'],
      ['سنترا', 'Sentra', 'sedan'],
      ['ألتيما', 'Altima', 'sedan'],
      ['ميكرا', 'Micra', 'hatchback'],
      ['قشقاي', 'Qashqai', 'crossover', [2007]],
      ['إكس تريل', 'X-Trail', 'suv', [2005]],
      ['جوك', 'Juke', 'crossover', [2010]],
      ['نافارا', 'Navara', 'pickup'],
      ['باترول', 'Patrol', 'suv'],
    ],
  },
  {
    id: 14,
    ar: 'ميتسوبيشي',
    en: 'Mitsubishi',
    tier: 2,
    popularity: 4,
    models: [
      ['لانسر', 'Lancer', 'sedan', [2005, 2017]],
      ['أوتلاندر', 'Outlander', 'suv', [2005]],
      ['باجيرو', 'Pajero', 'suv', [2005, 2021]],
      ['ASX', 'ASX', 'crossover', [2010]],
      ['أتراج', 'Attrage', 'sedan', [2013]],
      ['L200', 'L200', 'pickup'],
      ['سبيس ستار', 'Space Star', 'hatchback', [2013]],
      ['إكلبس كروس', 'Eclipse Cross', 'crossover', [2018]],
    ],
  },
  {
    id: 15,
    ar: 'مازدا',
    en: 'Mazda',
    tier: 2,
    popularity: 3,
    models: [
      ['مازدا 2', 'Mazda2', 'hatchback'],
      ['مازدا 3', 'Mazda3', 'sedan'],
      ['مازدا 6', 'Mazda6', 'sedan'],
      ['CX-3', 'CX-3', 'crossover', [2015]],
      ['CX-30', 'CX-30', 'crossover', [2019]],
      ['CX-5', 'CX-5', 'suv', [2012]],
      ['CX-9', 'CX-9', 'suv', [2007]],
      ['BT-50', 'BT-50', 'pickup'],
    ],
  },
  {
    id: 16,
    ar: 'هوندا',
    en: 'Honda',
    tier: 2,
    popularity: 3,
    models: [
      ['سيفيك', 'Civic', 'sedan'],
      ['أكورد', 'Accord', 'sedan'],
      ['CR-V', 'CR-V', 'suv'],
      ['جاز', 'Jazz', 'hatchback'],
      ['HR-V', 'HR-V', 'crossover', [2015]],
      ['بايلوت', 'Pilot', 'suv'],
    ],
  },
  {
    id: 17,
    ar: 'سوبارو',
    en: 'Subaru',
    tier: 2,
    popularity: 2,
    models: [
      ['إمبريزا', 'Impreza', 'hatchback'],
      ['فورستر', 'Forester', 'suv'],
      ['أوتباك', 'Outback', 'stationWagon'],
      ['XV', 'XV', 'crossover', [2012]],
      ['ليجاسي', 'Legacy', 'sedan'],
    ],
  },
  {
    id: 18,
    ar: 'فورد',
    en: 'Ford',
    tier: 2,
    popularity: 3,
    models: [
      ['فوكس', 'Focus', 'hatchback'],
      ['فييستا', 'Fiesta', 'hatchback', [2005, 2023]],
      ['مونديو', 'Mondeo', 'sedan', [2005, 2022]],
      ['كوغا', 'Kuga', 'suv', [2008]],
      ['إكسبلورر', 'Explorer', 'suv', [2005]],
      ['رينجر', 'Ranger', 'pickup'],
      ['ترانزيت', 'Transit', 'minibus'],
      ['موستانج', 'Mustang', 'coupe'],
    ],
  },
  {
    id: 19,
    ar: 'شيفروليه',
    en: 'Chevrolet',
    tier: 2,
    popularity: 2,
    models: [
      ['كروز', 'Cruze', 'sedan', [2009, 2019]],
      ['سبارك', 'Spark', 'hatchback', [2010, 2022]],
      ['أفيو', 'Aveo', 'sedan', [2005, 2020]],
      ['ماليبو', 'Malibu', 'sedan'],
      ['كابتيفا', 'Captiva', 'suv', [2007, 2018]],
      ['تراكس', 'Trax', 'crossover', [2013]],
      ['تاهو', 'Tahoe', 'suv'],
      ['سيلفرادو', 'Silverado', 'pickup'],
    ],
  },
  {
    id: 20,
    ar: 'أوبل',
    en: 'Opel',
    tier: 1,
    popularity: 3,
    models: [
      ['كورسا', 'Corsa', 'hatchback'],
      ['أسترا', 'Astra', 'hatchback'],
      ['إنسيجنيا', 'Insignia', 'sedan', [2009, 2022]],
      ['موكا', 'Mokka', 'crossover', [2012]],
      ['زافيرا', 'Zafira', 'van', [2005, 2019]],
      ['فيكترا', 'Vectra', 'sedan', [2005, 2008]],
      ['ميريفا', 'Meriva', 'hatchback', [2005, 2017]],
    ],
  },
  {
    id: 21,
    ar: 'فيات',
    en: 'Fiat',
    tier: 1,
    popularity: 2,
    models: [
      ['بونتو', 'Punto', 'hatchback', [2005, 2018]],
      ['فيات 500', '500', 'hatchback', [2008]],
      ['تيبو', 'Tipo', 'sedan', [2016]],
      ['دوبلو', 'Doblo', 'van'],
      ['باندا', 'Panda', 'hatchback'],
      ['فيورينو', 'Fiorino', 'van'],
    ],
  },
  {
    id: 22,
    ar: 'سوزوكي',
    en: 'Suzuki',
    tier: 1,
    popularity: 3,
    models: [
      ['سويفت', 'Swift', 'hatchback'],
      ['فيتارا', 'Vitara', 'crossover'],
      ['بالينو', 'Baleno', 'hatchback', [2016]],
      ['ألتو', 'Alto', 'hatchback'],
      ['جيمني', 'Jimny', 'suv'],
      ['SX4', 'SX4', 'crossover', [2006]],
      ['سيليريو', 'Celerio', 'hatchback', [2014]],
    ],
  },
  {
    id: 23,
    ar: 'شيري',
    en: 'Chery',
    tier: 1,
    popularity: 2,
    models: [
      ['تيجو 4', 'Tiggo 4', 'crossover', [2019]],
      ['تيجو 7', 'Tiggo 7', 'suv', [2017]],
      ['تيجو 8', 'Tiggo 8', 'suv', [2018]],
      ['أريزو 5', 'Arrizo 5', 'sedan', [2016]],
      ['أريزو 6', 'Arrizo 6', 'sedan', [2018]],
    ],
  },
  {
    id: 24,
    ar: 'تسلا',
    en: 'Tesla',
    tier: 3,
    popularity: 2,
    models: [
      ['موديل 3', 'Model 3', 'sedan', [2018]],
      ['موديل Y', 'Model Y', 'crossover', [2020]],
      ['موديل S', 'Model S', 'sedan', [2013]],
      ['موديل X', 'Model X', 'suv', [2016]],
    ],
  },
  {
    id: 25,
    ar: 'إيسوزو',
    en: 'Isuzu',
    tier: 2,
    popularity: 1,
    models: [
      ['دي ماكس', 'D-Max', 'pickup', [2005]],
      ['MU-X', 'MU-X', 'suv', [2013]],
      ['شاحنة N', 'N-Series', 'truck'],
    ],
  },
  {
    id: 26,
    ar: 'داسيا',
    en: 'Dacia',
    tier: 1,
    popularity: 2,
    models: [
      ['ساندرو', 'Sandero', 'hatchback', [2008]],
      ['لوجان', 'Logan', 'sedan', [2005]],
      ['داستر', 'Duster', 'suv', [2010]],
      ['سبرينغ', 'Spring', 'hatchback', [2021]],
      ['جوجر', 'Jogger', 'stationWagon', [2022]],
    ],
  },
  {
    id: 27,
    ar: 'لكزس',
    en: 'Lexus',
    tier: 3,
    popularity: 1,
    models: [
      ['IS', 'IS', 'sedan'],
      ['ES', 'ES', 'sedan'],
      ['RX', 'RX', 'suv'],
      ['NX', 'NX', 'suv', [2014]],
      ['UX', 'UX', 'crossover', [2018]],
    ],
  },
  {
    id: 28,
    ar: 'جيب',
    en: 'Jeep',
    tier: 3,
    popularity: 1,
    models: [
      ['رانجلر', 'Wrangler', 'suv'],
      ['جراند شيروكي', 'Grand Cherokee', 'suv'],
      ['كومباس', 'Compass', 'crossover', [2007]],
      ['رينيجيد', 'Renegade', 'crossover', [2014]],
      ['شيروكي', 'Cherokee', 'suv', [2005]],
    ],
  },
  {
    id: 29,
    ar: 'لاند روفر',
    en: 'Land Rover',
    tier: 3,
    popularity: 1,
    models: [
      ['رينج روفر', 'Range Rover', 'suv'],
      ['رينج روفر سبورت', 'Range Rover Sport', 'suv', [2005]],
      ['إيفوك', 'Evoque', 'crossover', [2011]],
      ['ديسكفري', 'Discovery', 'suv'],
      ['ديفندر', 'Defender', 'suv', [2020]],
    ],
  },
  {
    id: 30,
    ar: 'بي واي دي',
    en: 'BYD',
    tier: 2,
    popularity: 2,
    models: [
      ['أتو 3', 'Atto 3', 'crossover', [2022]],
      ['سيل', 'Seal', 'sedan', [2023]],
      ['دولفين', 'Dolphin', 'hatchback', [2023]],
      ['هان', 'Han', 'sedan', [2021]],
    ],
  },
  {
    id: 31,
    ar: 'جيلي',
    en: 'Geely',
    tier: 1,
    popularity: 1,
    models: [
      ['كولراي', 'Coolray', 'crossover', [2019]],
      ['إمجراند', 'Emgrand', 'sedan', [2009]],
      ['جيومتري C', 'Geometry C', 'hatchback', [2021]],
    ],
  },
  {
    id: 32,
    ar: 'إم جي',
    en: 'MG',
    tier: 1,
    popularity: 2,
    models: [
      ['ZS', 'ZS', 'crossover', [2017]],
      ['MG5', 'MG5', 'sedan', [2019]],
      ['HS', 'HS', 'suv', [2018]],
      ['MG4', 'MG4', 'hatchback', [2022]],
    ],
  },
  {
    id: 33,
    ar: 'فولفو',
    en: 'Volvo',
    tier: 3,
    popularity: 1,
    models: [
      ['XC40', 'XC40', 'crossover', [2018]],
      ['XC60', 'XC60', 'suv', [2008]],
      ['XC90', 'XC90', 'suv'],
      ['S60', 'S60', 'sedan'],
      ['V40', 'V40', 'hatchback', [2012, 2019]],
    ],
  },
];

export const modelId = (brandId: number, index: number) => brandId * 100 + index + 1;

async function seedBrands(tx: Db) {
  await tx
    .insert(brands)
    .values(BRANDS.map((b, i) => ({ id: b.id, nameAr: b.ar, nameEn: b.en, sortOrder: i + 1 })))
    .onConflictDoNothing();
  const models = BRANDS.flatMap((b) =>
    b.models.map(([nameAr, nameEn], i) => ({
      id: modelId(b.id, i),
      brandId: b.id,
      nameAr,
      nameEn,
    })),
  );
  await tx.insert(brandModels).values(models).onConflictDoNothing();
  // Explicit ids do not move a serial's sequence; without this the dashboard's first new make
  // would collide with id 1. The sequence only ever moves forward.
  for (const table of ['brands', 'brand_models']) {
    const sequence = sql`pg_get_serial_sequence(${table}, 'id')`;
    const maxId = sql`coalesce((select max(id) from ${sql.identifier(table)}), 1)`;
    const current = sql`coalesce(pg_sequence_last_value(${sequence}::regclass), 1)`;
    await tx.execute(sql`select setval(${sequence}, greatest(${maxId}, ${current}))`);
  }
}

// ---------------------------------------------------------------------------------------------
// Constants (id, valueSt): the site's payment accounts (spec ids 107-114) and settings (130+).
// The accounts are fictional placeholders for the admin to replace. The USDT address is
// well-formed but fails its checksum on purpose, so no wallet will send real money to it.
// ---------------------------------------------------------------------------------------------

export const SiteConstant = {
  bankAccountHolder: 130,
  bankBranch: 131,
  bankLocalAccount: 132,
  usdtNetwork: 133,
  /** NIS per day of a featured (star) vehicle. */
  starDailyPrice: 134,
  /** Longest announcement or star order, in days (spec §5). */
  maxOrderDays: 135,
  /** Currency of order prices (spec §9: order pages show NIS). */
  orderCurrency: 136,
  /** Exchange rates: shekels for one US dollar and for one Jordanian dinar. */
  nisPerUsd: 141,
  nisPerJod: 142,
} as const;

const CONSTANTS: [id: number, ar: string, en: string, valueSt: string][] = [
  [
    PaymentDetail.bankAccount,
    'رقم الآيبان - بنك فلسطين',
    'IBAN, Bank of Palestine',
    'PS66PALS000000000400278145301',
  ],
  [PaymentDetail.bankQr, 'رمز QR للحساب البنكي', 'Bank account QR code', '/img/qr/bank.png'],
  [PaymentDetail.palPayAccount, 'رقم محفظة PalPay', 'PalPay wallet number', '0597345678'],
  [PaymentDetail.palPayQr, 'رمز QR لمحفظة PalPay', 'PalPay QR code', '/img/qr/palpay.png'],
  [PaymentDetail.jawwalPayAccount, 'رقم محفظة جوال باي', 'Jawwal Pay wallet number', '0599876543'],
  [
    PaymentDetail.jawwalPayQr,
    'رمز QR لمحفظة جوال باي',
    'Jawwal Pay QR code',
    '/img/qr/jawwalpay.png',
  ],
  [
    PaymentDetail.usdtWallet,
    'عنوان محفظة USDT (TRC20)',
    'USDT wallet address (TRC20)',
    'TQ7mVx3Ld9RkP2sWcY8hJn4eGtBz6uFaKp',
  ],
  [PaymentDetail.usdtQr, 'رمز QR لمحفظة USDT', 'USDT wallet QR code', '/img/qr/usdt.png'],
  [
    SiteConstant.bankAccountHolder,
    'اسم صاحب الحساب',
    'Account holder',
    'شركة سوق المركبات للخدمات الإلكترونية',
  ],
  [SiteConstant.bankBranch, 'الفرع', 'Branch', 'بنك فلسطين - فرع رام الله الرئيسي'],
  [SiteConstant.bankLocalAccount, 'رقم الحساب', 'Account number', '400-278145-301'],
  [SiteConstant.usdtNetwork, 'شبكة التحويل', 'Transfer network', 'TRC20 (Tron)'],
  [SiteConstant.starDailyPrice, 'سعر تمييز المركبة لليوم', 'Featured vehicle price per day', '15'],
  [SiteConstant.maxOrderDays, 'أقصى مدة للطلب بالأيام', 'Longest order in days', '30'],
  [SiteConstant.orderCurrency, 'عملة الطلبات', 'Order currency', String(Currency.NIS)],
  [SlotConstant.main, 'عدد إعلانات الواجهة المعروضة معاً', 'Main slider ads at once', '5'],
  [SlotConstant.vertical, 'عدد الإعلانات الجانبية المعروضة معاً', 'Vertical ads at once', '3'],
  [SlotConstant.horizontal, 'عدد الإعلانات الأفقية المعروضة معاً', 'Horizontal ads at once', '5'],
  [SlotConstant.featured, 'عدد المركبات المميزة المعروضة معاً', 'Featured vehicles at once', '12'],
  [SiteConstant.nisPerUsd, 'سعر صرف الدولار بالشيكل', 'Shekels per US dollar', '3.70'],
  [SiteConstant.nisPerJod, 'سعر صرف الدينار بالشيكل', 'Shekels per Jordanian dinar', '5.20'],
];

async function seedConstants(tx: Db) {
  await tx
    .insert(constants)
    .values(CONSTANTS.map(([id, nameAr, nameEn, valueSt]) => ({ id, nameAr, nameEn, valueSt })))
    .onConflictDoNothing();
}

// ---------------------------------------------------------------------------------------------
// Interface items: the about page (104), the footer (105) and the policy modals (106; the spec
// fixes their codes).
// ---------------------------------------------------------------------------------------------

interface InterfaceSeed {
  code: string;
  group: number;
  titleAr: string;
  titleEn: string;
  bodyAr: string;
  bodyEn: string;
}

const html = (strings: TemplateStringsArray, ...values: unknown[]) =>
  String.raw({ raw: strings }, ...values)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ');

const INTERFACE_ITEMS: InterfaceSeed[] = [
  {
    code: 'about_who_we_are',
    group: InterfaceGroup.aboutUs,
    titleAr: 'من نحن',
    titleEn: 'Who we are',
    bodyAr: html` <p>
        <strong>سوق المركبات</strong> منصة فلسطينية لبيع وشراء المركبات الجديدة والمستعملة، تجمع
        البائعين من أفراد ومعارض مع المشترين في قطاع غزة والضفة الغربية والداخل الفلسطيني في مكان
        واحد موثوق وسهل الاستخدام.
      </p>
      <p>
        انطلقنا من رام الله بفريق صغير يؤمن بأن شراء السيارة يجب أن يكون تجربة واضحة وآمنة، بعيداً عن
        الإعلانات المبعثرة والمعلومات الناقصة.
      </p>`,
    bodyEn: html` <p>
        <strong>Vehicle Market</strong> is a Palestinian platform for buying and selling new and
        used vehicles. It brings individual sellers and dealerships together with buyers in the Gaza
        Strip, the West Bank and the interior, in one place that is trusted and easy to use.
      </p>
      <p>
        We started in Ramallah as a small team who believe that buying a car should be clear and
        safe, without scattered ads and missing details.
      </p>`,
  },
  {
    code: 'about_mission',
    group: InterfaceGroup.aboutUs,
    titleAr: 'رسالتنا',
    titleEn: 'Our mission',
    bodyAr: html` <p>
      أن تكون كل مركبة معروضة للبيع في فلسطين سهلة الوصول، بمواصفات كاملة وصور حقيقية وسعر واضح، وأن
      نمنح البائع أدوات بسيطة توصل إعلانه إلى المشتري المناسب في أي محافظة.
    </p>`,
    bodyEn: html` <p>
      To make every vehicle for sale in Palestine easy to find, with full specifications, real
      photos and a clear price, and to give sellers simple tools that bring their listing to the
      right buyer in any governorate.
    </p>`,
  },
  {
    code: 'about_why_us',
    group: InterfaceGroup.aboutUs,
    titleAr: 'لماذا سوق المركبات؟',
    titleEn: 'Why Vehicle Market?',
    bodyAr: html` <ul>
      <li><strong>مراجعة كل إعلان</strong> قبل نشره للتأكد من صحة البيانات والصور.</li>
      <li>
        <strong>بحث دقيق</strong> حسب النوع والموديل والسنة والسعر والمسافة المقطوعة والمحافظة.
      </li>
      <li>
        <strong>تواصل مباشر</strong> مع البائع بالهاتف أو تطبيقات المراسلة، دون وسيط ودون عمولة على
        البيع.
      </li>
      <li><strong>صور 360 درجة</strong> لمعاينة المركبة من الداخل قبل زيارتها.</li>
      <li><strong>العربية أولاً</strong> مع دعم كامل للغة الإنجليزية.</li>
    </ul>`,
    bodyEn: html` <ul>
      <li>
        <strong>Every listing is reviewed</strong> before it goes live, to check its details and
        photos.
      </li>
      <li><strong>Precise search</strong> by make, model, year, price, mileage and governorate.</li>
      <li>
        <strong>Direct contact</strong> with the seller by phone or messaging apps, with no
        middleman and no commission on the sale.
      </li>
      <li><strong>360-degree photos</strong> to look inside a vehicle before you visit it.</li>
      <li><strong>Arabic first</strong>, with full English support.</li>
    </ul>`,
  },
  {
    code: 'about_how_it_works',
    group: InterfaceGroup.aboutUs,
    titleAr: 'كيف يعمل الموقع؟',
    titleEn: 'How it works',
    bodyAr: html` <ul>
      <li>أنشئ حساباً كفرد أو كمعرض خلال دقيقة واحدة.</li>
      <li>أضف مركبتك مع ست صور على الأقل وأهم ثلاث مميزات ووصف واضح.</li>
      <li>يراجع فريقنا الإعلان وينشره عادة خلال يوم عمل واحد.</li>
      <li>يتواصل معك المشترون مباشرة، ويمكنك تمييز مركبتك أو حجز مساحة إعلانية لزيادة ظهورها.</li>
    </ul>`,
    bodyEn: html` <ul>
      <li>Create an individual or dealership account in a minute.</li>
      <li>
        Add your vehicle with at least six photos, its three best features and a clear description.
      </li>
      <li>Our team reviews the listing and usually publishes it within one working day.</li>
      <li>
        Buyers contact you directly; you can feature your vehicle or book an ad slot to reach more
        of them.
      </li>
    </ul>`,
  },
  {
    code: 'about_safety_tips',
    group: InterfaceGroup.aboutUs,
    titleAr: 'نصائح للشراء الآمن',
    titleEn: 'Tips for a safe purchase',
    bodyAr: html` <ul>
      <li>عاين المركبة في مكان عام وفي وضح النهار.</li>
      <li>افحص المركبة في كراج أو مركز فحص معتمد قبل الدفع.</li>
      <li>تأكد من رخصة المركبة ومن تطابق رقم الشاصي مع الأوراق.</li>
      <li>لا تحوّل أي مبلغ قبل معاينة المركبة وتوقيع عقد البيع.</li>
    </ul>`,
    bodyEn: html` <ul>
      <li>See the vehicle in a public place and in daylight.</li>
      <li>Have it checked by a trusted garage or inspection centre before you pay.</li>
      <li>Check the registration and that the chassis number matches the papers.</li>
      <li>Never transfer money before seeing the vehicle and signing the sale contract.</li>
    </ul>`,
  },
  {
    code: 'footer_about',
    group: InterfaceGroup.footer,
    titleAr: 'عن سوق المركبات',
    titleEn: 'About Vehicle Market',
    bodyAr: html` <p>
      منصة فلسطينية لبيع وشراء المركبات الجديدة والمستعملة، تصل البائعين من أفراد ومعارض بالمشترين
      في جميع المحافظات.
    </p>`,
    bodyEn: html` <p>
      A Palestinian marketplace for new and used vehicles, connecting individual sellers and
      dealerships with buyers in every governorate.
    </p>`,
  },
  {
    code: 'footer_important_links',
    group: InterfaceGroup.footer,
    titleAr: 'روابط مهمة',
    titleEn: 'Important links',
    bodyAr: '',
    bodyEn: '',
  },
  {
    code: 'footer_working_hours',
    group: InterfaceGroup.footer,
    titleAr: 'ساعات العمل',
    titleEn: 'Working hours',
    bodyAr: '<p>من السبت إلى الخميس، من 9 صباحاً حتى 6 مساءً.</p>',
    bodyEn: '<p>Saturday to Thursday, 9 am to 6 pm.</p>',
  },
  {
    code: 'footer_copyright',
    group: InterfaceGroup.footer,
    titleAr: 'جميع الحقوق محفوظة © 2024 سوق المركبات',
    titleEn: '© 2024 Vehicle Market. All rights reserved.',
    bodyAr: '',
    bodyEn: '',
  },
  {
    code: 'privacy_policy_modal',
    group: InterfaceGroup.modals,
    titleAr: 'سياسة الخصوصية',
    titleEn: 'Privacy policy',
    bodyAr: html` <p>
        نحترم خصوصيتك ونحمي بياناتك. توضح هذه السياسة ما نجمعه من معلومات وكيف نستخدمها.
      </p>
      <p><strong>المعلومات التي نجمعها</strong></p>
      <ul>
        <li>بيانات الحساب: الاسم والبريد الإلكتروني ورقم الجوال والمحافظة والمدينة والعنوان.</li>
        <li>رقم الهوية للأفراد أو رقم الترخيص للمعارض، للتحقق من الحساب فقط.</li>
        <li>بيانات المركبات وصورها التي تضيفها، وصور إثبات الدفع للطلبات.</li>
        <li>بيانات الزيارات (الصفحة ونوع المتصفح) لإحصاءات عامة عن استخدام الموقع.</li>
      </ul>
      <p><strong>ما يظهر للعامة</strong></p>
      <p>
        يظهر مع إعلانك اسمك ورقم جوالك ومدينتك وعنوانك ليتمكن المشترون من التواصل معك. لا نعرض رقم
        الهوية أو رقم الترخيص أو البريد الإلكتروني لأي زائر.
      </p>
      <p><strong>كيف نحمي بياناتك</strong></p>
      <p>
        تُحفظ كلمات المرور مشفرة بطريقة لا تسمح لأحد بقراءتها، حتى فريقنا. يحفظ المتصفح رمز الدخول
        واللغة المختارة فقط، ولا نستخدم ملفات تتبع إعلانية.
      </p>
      <p><strong>مشاركة البيانات</strong></p>
      <p>لا نبيع بياناتك ولا نشاركها مع أي جهة، إلا إذا طلبتها جهة قانونية مختصة بحسب القانون.</p>
      <p><strong>حقوقك</strong></p>
      <p>
        يمكنك تعديل بياناتك في أي وقت من صفحة حسابك، أو طلب حذف حسابك وإعلاناتك بالتواصل معنا.
      </p>`,
    bodyEn: html` <p>
        We respect your privacy and protect your data. This policy explains what we collect and how
        we use it.
      </p>
      <p><strong>What we collect</strong></p>
      <ul>
        <li>Account details: name, email, mobile number, governorate, city and address.</li>
        <li>
          An identity number for individuals or a licence number for dealerships, used only to
          verify the account.
        </li>
        <li>The vehicles and photos you add, and proofs of payment for your orders.</li>
        <li>Visit data (the page and the browser type) for overall statistics about the site.</li>
      </ul>
      <p><strong>What is public</strong></p>
      <p>
        Your listings show your name, mobile number, city and address so buyers can reach you. We
        never show your identity or licence number or your email to visitors.
      </p>
      <p><strong>How we protect it</strong></p>
      <p>
        Passwords are stored hashed, so nobody can read them, our team included. Your browser keeps
        only your sign-in token and chosen language; we use no advertising trackers.
      </p>
      <p><strong>Sharing</strong></p>
      <p>
        We do not sell or share your data, except when a competent legal authority requires it by
        law.
      </p>
      <p><strong>Your rights</strong></p>
      <p>
        You can change your details at any time from your profile, or ask us to delete your account
        and listings.
      </p>`,
  },
  {
    code: 'terms_and_conditions_modal',
    group: InterfaceGroup.modals,
    titleAr: 'الشروط والأحكام',
    titleEn: 'Terms and conditions',
    bodyAr: html` <p>باستخدامك سوق المركبات فإنك توافق على الشروط التالية:</p>
      <ul>
        <li>يجب أن يكون عمرك 18 عاماً أو أكثر، وأن تكون بيانات حسابك صحيحة ومحدّثة.</li>
        <li>تعرض فقط مركبة تملكها أو مفوّض ببيعها، بصور حقيقية لها وسعر ومواصفات صحيحة.</li>
        <li>يُمنع تكرار الإعلان نفسه، أو عرض مركبة مسروقة أو مشطوبة أو ممنوعة من البيع.</li>
        <li>يراجع فريقنا كل إعلان، ويحق له رفض أي إعلان أو حذفه إذا خالف هذه الشروط.</li>
        <li>
          الإعلانات المدفوعة وتمييز المركبات تُفعّل بعد التحقق من الدفع، ولمدة أقصاها 30 يوماً للطلب
          الواحد.
        </li>
        <li>
          الموقع وسيط لعرض الإعلانات فقط وليس طرفاً في عملية البيع، والاتفاق على السعر والفحص
          والتسليم يتم بين البائع والمشتري مباشرة.
        </li>
        <li>يُمنع نشر أي محتوى مسيء أو مضلل أو أرقام تواصل لا تخصك.</li>
        <li>قد نعدّل هذه الشروط من وقت لآخر، ونعلن عن التعديلات المهمة على الموقع.</li>
      </ul>`,
    bodyEn: html` <p>By using Vehicle Market you agree to the following terms:</p>
      <ul>
        <li>You are 18 or older, and your account details are true and up to date.</li>
        <li>
          You list only a vehicle you own or are authorised to sell, with real photos and a true
          price and specification.
        </li>
        <li>
          Duplicate listings, and stolen, written-off or otherwise unsellable vehicles, are not
          allowed.
        </li>
        <li>
          Our team reviews every listing and may refuse or remove any listing that breaks these
          terms.
        </li>
        <li>
          Paid ads and featured vehicles start once the payment is verified, for at most 30 days per
          order.
        </li>
        <li>
          The site only displays listings and is not a party to any sale; price, inspection and
          delivery are agreed between buyer and seller directly.
        </li>
        <li>
          Offensive or misleading content, and contact numbers that are not yours, are not allowed.
        </li>
        <li>
          We may change these terms from time to time and will announce important changes on the
          site.
        </li>
      </ul>`,
  },
  {
    code: 'return_polices_modal',
    group: InterfaceGroup.modals,
    titleAr: 'سياسة الاسترجاع',
    titleEn: 'Return policy',
    bodyAr: html` <p>
        تنطبق هذه السياسة على الخدمات المدفوعة في الموقع: الإعلانات وتمييز المركبات.
      </p>
      <ul>
        <li>إذا رُفض طلبك أو ألغيته قبل بدء عرضه، نعيد لك المبلغ كاملاً.</li>
        <li>
          بعد بدء عرض الإعلان لا يُسترجع المبلغ، إلا إذا تعذر عرضه بسبب خلل من جهتنا، فنعيد قيمة
          الأيام المتبقية.
        </li>
        <li>يُقدّم طلب الاسترجاع خلال 7 أيام من الدفع عبر نموذج التواصل أو رقم الموقع.</li>
        <li>نعيد المبلغ بوسيلة الدفع نفسها خلال 14 يوم عمل من قبول الطلب.</li>
      </ul>
      <p>
        بيع المركبات نفسها يتم بين البائع والمشتري مباشرة، ولا يتولى الموقع استرجاع المركبات أو
        أثمانها.
      </p>`,
    bodyEn: html` <p>
        This policy covers the paid services of the site: ads and featured vehicles.
      </p>
      <ul>
        <li>
          If your order is refused, or you cancel it before it starts showing, we refund it in full.
        </li>
        <li>
          Once an ad has started showing it is not refundable, unless it could not be shown because
          of a fault on our side; then we refund the remaining days.
        </li>
        <li>
          Ask for a refund within 7 days of payment, through the contact form or the site's number.
        </li>
        <li>
          We refund through the same payment method within 14 working days of accepting the request.
        </li>
      </ul>
      <p>
        Vehicles themselves are sold directly between seller and buyer; the site does not handle the
        return of vehicles or their price.
      </p>`,
  },
];

async function seedInterfaceItems(tx: Db) {
  const rows = INTERFACE_ITEMS.map((item, i) => ({
    code: item.code,
    groupId: item.group,
    titleAr: item.titleAr,
    titleEn: item.titleEn,
    bodyAr: item.bodyAr,
    bodyEn: item.bodyEn,
    sortOrder: i + 1,
  }));
  await tx.insert(interfaceItems).values(rows).onConflictDoNothing({ target: interfaceItems.code });
}

async function seedSiteContact(tx: Db) {
  await tx
    .insert(siteContact)
    .values({
      id: 1,
      nameAr: 'سوق المركبات',
      nameEn: 'Vehicle Market',
      mobile: '0599123456',
      email: 'info@example.ps',
      addressStateId: StateId.westBank,
      addressCityId: RAMALLAH,
      addressInfoAr: 'رام الله - شارع الإرسال، عمارة النخيل، الطابق الثالث',
      addressInfoEn: 'Al-Irsal Street, Al-Nakheel Building, 3rd floor, Ramallah',
      facebook: 'https://www.facebook.com/vehiclemarket.ps',
      instagram: 'https://www.instagram.com/vehiclemarket.ps',
      twitter: 'https://x.com/vehiclemarketps',
      linkedIn: 'https://www.linkedin.com/company/vehiclemarket-ps',
      snapchat: 'https://www.snapchat.com/add/vehiclemarketps',
      tiktok: 'https://www.tiktok.com/@vehiclemarket.ps',
      youtube: 'https://www.youtube.com/@vehiclemarketps',
    })
    .onConflictDoNothing();
}

// ---------------------------------------------------------------------------------------------
// Permissions per user type (Role/GetAdminPermissions, GetCustomerPermissions, ...).
// ---------------------------------------------------------------------------------------------

const OWN_ACCOUNT: [code: string, ar: string, en: string][] = [
  ['vehicles.add', 'إضافة مركبة', 'Add a vehicle'],
  ['vehicles.edit_own', 'تعديل وحذف مركباتي', 'Edit and delete my vehicles'],
  ['orders.announcement', 'طلب إعلان', 'Order an ad'],
  ['orders.star', 'طلب تمييز مركبة', 'Order a featured vehicle'],
  ['favourites.use', 'المفضلة', 'Use favourites'],
  ['payments.create', 'الدفع للموقع', 'Pay the site'],
  ['profile.edit', 'تعديل الملف الشخصي', 'Edit my profile'],
];

type PermissionRow = [code: string, ar: string, en: string, userType: number];

const PERMISSIONS: PermissionRow[] = [
  [
    'admin.users.manage',
    'إدارة المستخدمين والمعارض',
    'Manage users and dealerships',
    UserType.admin,
  ],
  ['admin.admins.manage', 'إدارة المدراء', 'Manage admins', UserType.admin],
  [
    'admin.vehicles.manage',
    'إدارة المركبات ومراجعتها',
    'Manage and review vehicles',
    UserType.admin,
  ],
  [
    'admin.orders.manage',
    'إدارة طلبات الإعلانات والتمييز',
    'Manage ad and star orders',
    UserType.admin,
  ],
  ['admin.payments.manage', 'إدارة حركات الدفع', 'Manage payments', UserType.admin],
  [
    'admin.categories.manage',
    'إدارة التصنيفات والأنواع',
    'Manage categories and makes',
    UserType.admin,
  ],
  ['admin.constants.manage', 'إدارة الثوابت', 'Manage constants', UserType.admin],
  ['admin.interface.manage', 'إدارة نصوص الواجهة', 'Manage interface texts', UserType.admin],
  [
    'admin.notifications.send',
    'إرسال الإشعارات والرسائل',
    'Send notifications and messages',
    UserType.admin,
  ],
  ['admin.permissions.manage', 'إدارة الصلاحيات', 'Manage permissions', UserType.admin],
  ['admin.statistics.view', 'عرض الإحصائيات', 'View statistics', UserType.admin],
  ['admin.events.manage', 'إدارة الفعاليات', 'Manage events', UserType.admin],
  ['admin.audit.view', 'عرض سجل العمليات', 'View the audit log', UserType.admin],
  ...OWN_ACCOUNT.map(([code, ar, en]): PermissionRow => [
    `customer.${code}`,
    ar,
    en,
    UserType.normal,
  ]),
  ...OWN_ACCOUNT.map(([code, ar, en]): PermissionRow => [
    `company.${code}`,
    ar,
    en,
    UserType.company,
  ]),
  [
    'company.gallery.manage',
    'إدارة صفحة المعرض',
    'Manage the dealership gallery',
    UserType.company,
  ],
];

async function seedPermissions(tx: Db) {
  const known = new Set(
    (await tx.select({ code: permissions.code }).from(permissions)).map((row) => row.code),
  );
  await tx
    .insert(permissions)
    .values(
      PERMISSIONS.map(([code, nameAr, nameEn, userType]) => ({ code, nameAr, nameEn, userType })),
    )
    .onConflictDoUpdate({
      target: permissions.code,
      set: {
        nameAr: sql`excluded.name_ar`,
        nameEn: sql`excluded.name_en`,
        userType: sql`excluded.user_type`,
      },
    });
  // A permission the product gains later reaches the accounts of its type that already exist,
  // once: an admin created before "events" existed may manage events like a new one.
  const added = PERMISSIONS.map(([code]) => code).filter((code) => !known.has(code));
  if (known.size > 0 && added.length > 0) {
    const grants = tx
      .select({
        userId: users.id,
        permissionId: permissions.id,
        allowed: sql<boolean>`true`.as('allowed'),
      })
      .from(users)
      .innerJoin(permissions, eq(permissions.userType, users.userType))
      .where(and(isNull(users.deletedAt), inArray(permissions.code, added)));
    await tx.insert(userPermissions).select(grants).onConflictDoNothing();
  }
}

/** Gives each user every permission of their type (new accounts, demo sellers). */
export async function grantDefaultPermissions(db: Db, userIds?: number[]): Promise<void> {
  if (userIds?.length === 0) return;
  const grants = db
    .select({
      userId: users.id,
      permissionId: permissions.id,
      allowed: sql<boolean>`true`.as('allowed'),
    })
    .from(users)
    .innerJoin(permissions, eq(permissions.userType, users.userType))
    .where(and(isNull(users.deletedAt), userIds ? inArray(users.id, userIds) : undefined));
  await db.insert(userPermissions).select(grants).onConflictDoNothing();
}

// ---------------------------------------------------------------------------------------------
// The first admin, created only while there is no admin at all, so a renamed or re-passworded
// admin is never brought back.
// ---------------------------------------------------------------------------------------------

export const ADMIN_EMAIL = 'admin@example.ps';

async function seedAdmin(db: Db, password: string) {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.userType, UserType.admin))
    .limit(1);
  if (existing) return;
  const passwordHash = await hashPassword(password);
  const [admin] = await db
    .insert(users)
    .values({
      userType: UserType.admin,
      name: 'مدير الموقع',
      email: ADMIN_EMAIL,
      mobile: '0599123456',
      passwordHash,
      addressStateId: StateId.westBank,
      addressCityId: RAMALLAH,
      slug: 'admin',
      statusId: UserStatus.active,
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!admin) return;
  await db
    .update(users)
    .set({ slug: `${admin.id}-admin` })
    .where(eq(users.id, admin.id));
  await grantDefaultPermissions(db, [admin.id]);
}
