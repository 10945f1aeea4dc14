import { integer, numeric, pgTable, serial, text, timestamp, index } from 'drizzle-orm/pg-core';

/**
 * Lookup values of every kind (colours, body types, currencies, statuses, ...) in one table,
 * grouped under a category code, as the spec's ids are numbered in one sequence
 * (user types 70-72, currencies 86-88, announcement kinds 89-91, statuses 95-99, ...).
 * `value` carries a number where the kind has one (the announcement kinds' price per day).
 */
export const codes = pgTable(
  'codes',
  {
    id: integer('id').primaryKey(),
    categoryId: integer('category_id'),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
    value: numeric('value', { precision: 12, scale: 2, mode: 'number' }),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('codes_category_idx').on(t.categoryId, t.sortOrder)],
);

export const states = pgTable('states', {
  id: integer('id').primaryKey(),
  nameAr: text('name_ar').notNull(),
  nameEn: text('name_en').notNull(),
});

export const cities = pgTable(
  'cities',
  {
    id: integer('id').primaryKey(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
  },
  (t) => [index('cities_state_idx').on(t.stateId)],
);

export const brands = pgTable('brands', {
  id: serial('id').primaryKey(),
  nameAr: text('name_ar').notNull(),
  nameEn: text('name_en').notNull(),
  image: text('image'),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const brandModels = pgTable(
  'brand_models',
  {
    id: serial('id').primaryKey(),
    brandId: integer('brand_id')
      .notNull()
      .references(() => brands.id, { onDelete: 'cascade' }),
    nameAr: text('name_ar').notNull(),
    nameEn: text('name_en').notNull(),
  },
  (t) => [index('brand_models_brand_idx').on(t.brandId)],
);

/** Site settings read by the client as (id, valueSt): payment accounts, QR images, fees. */
export const constants = pgTable('constants', {
  id: integer('id').primaryKey(),
  nameAr: text('name_ar').notNull(),
  nameEn: text('name_en').notNull(),
  valueSt: text('value_st').notNull(),
});

/** Editable texts of the site (about page, footer, policy modals), grouped by 104/105/106. */
export const interfaceItems = pgTable(
  'interface_items',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    groupId: integer('group_id')
      .notNull()
      .references(() => codes.id),
    titleAr: text('title_ar').notNull(),
    titleEn: text('title_en').notNull(),
    bodyAr: text('body_ar').notNull().default(''),
    bodyEn: text('body_en').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('interface_items_group_idx').on(t.groupId, t.sortOrder)],
);

/** The one row of the site's own contact details, shown in the contact-us modal. */
export const siteContact = pgTable('site_contact', {
  id: integer('id').primaryKey(),
  nameAr: text('name_ar').notNull(),
  nameEn: text('name_en').notNull(),
  image: text('image'),
  mobile: text('mobile').notNull(),
  email: text('email'),
  addressStateId: integer('address_state_id').references(() => states.id),
  addressCityId: integer('address_city_id').references(() => cities.id),
  addressInfoAr: text('address_info_ar').notNull().default(''),
  addressInfoEn: text('address_info_en').notNull().default(''),
  facebook: text('facebook'),
  instagram: text('instagram'),
  twitter: text('twitter'),
  linkedIn: text('linked_in'),
  snapchat: text('snapchat'),
  tiktok: text('tiktok'),
  youtube: text('youtube'),
});
