import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { brandModels, brands, codes } from './reference.ts';
import { users } from './users.ts';

export const vehicles = pgTable(
  'vehicles',
  {
    id: serial('id').primaryKey(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => users.id),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id),
    modelId: integer('model_id')
      .notNull()
      .references(() => brandModels.id),
    year: integer('year').notNull(),
    /** Distance travelled in km (the spec's "meals"). */
    meals: integer('meals').notNull(),
    bodyTypeId: integer('body_type_id').references(() => codes.id),
    colorId: integer('color_id').references(() => codes.id),
    paintedTypeId: integer('painted_type_id').references(() => codes.id),
    paintedStatusId: integer('painted_status_id').references(() => codes.id),
    specificationId: integer('specification_id').references(() => codes.id),
    gearTypeId: integer('gear_type_id').references(() => codes.id),
    oilTypeId: integer('oil_type_id').references(() => codes.id),
    price: numeric('price', { precision: 14, scale: 2, mode: 'number' }).notNull(),
    currencyId: integer('currency_id')
      .notNull()
      .references(() => codes.id),
    /** Main (thumbnail) image path under /uploads, cropped at 1.75. */
    image: text('image').notNull(),
    image360: text('image_360'),
    bestThreeCategories: jsonb('best_three_categories').$type<string[]>().notNull().default([]),
    /** Sanitised HTML. */
    description: text('description').notNull().default(''),
    /** 95 pending, 96 accepted, 97 failed (rejected), 98 canceled, 99 sold. */
    statusId: integer('status_id')
      .notNull()
      .references(() => codes.id),
    /** The admin's reply with the last status change ('' until there is one). */
    messageReplay: text('message_replay').notNull().default(''),
    slug: text('slug').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the admin first accepted it: the list's "newest" order and the listing's date. */
    publishedAt: timestamp('published_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * The vehicle's place in the list's shuffled order (spec §7): 28 bits of a hash of its id,
     * kept by the database, so a seed's order is an index walk instead of a sort of every row.
     */
    shuffleKey: integer('shuffle_key')
      .notNull()
      .generatedAlwaysAs(sql`('x' || substr(md5(id::text), 1, 7))::bit(28)::integer`),
  },
  (t) => [
    index('vehicles_status_idx').on(t.statusId),
    index('vehicles_published_idx').on(t.statusId, t.publishedAt.desc()),
    index('vehicles_newest_idx').on(t.statusId, t.createdAt.desc()),
    index('vehicles_owner_idx').on(t.ownerId, t.statusId),
    // The dashboard's "added this month".
    index('vehicles_created_idx').on(t.createdAt),
    index('vehicles_brand_model_idx').on(t.brandId, t.modelId),
    index('vehicles_year_idx').on(t.year),
    index('vehicles_price_idx').on(t.price),
    // Public vehicles only (accepted, not deleted): the shuffled list and its count.
    index('vehicles_public_shuffle_idx')
      .on(t.shuffleKey, t.id)
      .where(sql`status_id = 96 and deleted_at is null`),
    // The list filtered by make, in the shuffled order, with the columns the common filters and
    // the owner join read: a page is a short walk of the index and a count reads no table rows.
    index('vehicles_public_make_shuffle_idx')
      .on(t.brandId, t.shuffleKey, t.id, t.year, t.price, t.currencyId, t.ownerId)
      .where(sql`status_id = 96 and deleted_at is null`),
    // A vehicle page's similar vehicles: the same model nearest in price, a walk of a few index
    // entries each side of the price (with the make's index alone, every listing of the model
    // was read and sorted: about 6 ms of the database's time a page at 100,000 vehicles)...
    index('vehicles_public_model_price_idx')
      .on(t.brandId, t.modelId, t.price, t.id)
      .where(sql`status_id = 96 and deleted_at is null`),
    // ...then the make's other models, nearest in price.
    index('vehicles_public_make_price_idx')
      .on(t.brandId, t.price)
      .where(sql`status_id = 96 and deleted_at is null`),
    // ...then the newest of the same body from other makes, for a vehicle whose make has too
    // few (walked backwards, as `created_at desc, id desc` orders): without it a rare body read
    // every public vehicle from the newest on (0.4 s at 100,000 vehicles for one with none).
    index('vehicles_public_body_newest_idx')
      .on(t.bodyTypeId, t.createdAt, t.id)
      .where(sql`status_id = 96 and deleted_at is null`),
    index('vehicles_public_owner_idx')
      .on(t.ownerId)
      .where(sql`status_id = 96 and deleted_at is null`),
  ],
);

export const vehicleImages = pgTable(
  'vehicle_images',
  {
    id: serial('id').primaryKey(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    width: integer('width'),
    height: integer('height'),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('vehicle_images_vehicle_idx').on(t.vehicleId, t.sortOrder)],
);

/** Free extra rows of a vehicle (the spec's extinsionCategory: extensionName, extentionValue). */
export const vehicleExtensions = pgTable(
  'vehicle_extensions',
  {
    id: serial('id').primaryKey(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    extensionName: text('extension_name').notNull(),
    extentionValue: text('extention_value').notNull(),
  },
  (t) => [index('vehicle_extensions_vehicle_idx').on(t.vehicleId)],
);

export const favourites = pgTable(
  'favourites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.vehicleId] }),
    index('favourites_vehicle_idx').on(t.vehicleId),
  ],
);

/**
 * A visitor's report of a listing ("report this listing"): a reason from the report-reason
 * codes, an optional text, and the admin's review (open 95, vehicle hidden 96, dismissed 97).
 * The reporter may be signed out; `client` is a hash of the address, for the rate limit only.
 */
export const vehicleReports = pgTable(
  'vehicle_reports',
  {
    id: serial('id').primaryKey(),
    vehicleId: integer('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reasonId: integer('reason_id')
      .notNull()
      .references(() => codes.id),
    text: text('text').notNull().default(''),
    client: text('client').notNull(),
    statusId: integer('status_id').notNull(),
    messageReplay: text('message_replay').notNull().default(''),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('vehicle_reports_status_idx').on(t.statusId, t.createdAt.desc()),
    index('vehicle_reports_vehicle_idx').on(t.vehicleId),
    index('vehicle_reports_client_idx').on(t.client, t.createdAt),
  ],
);
