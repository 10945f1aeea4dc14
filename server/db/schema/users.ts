import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { cities, codes, states } from './reference.ts';

/** Admins (70), individual sellers (71) and dealerships (72) share one table. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    userType: integer('user_type')
      .notNull()
      .references(() => codes.id),
    name: text('name').notNull(),
    email: text('email').notNull(),
    mobile: text('mobile').notNull().default(''),
    passwordHash: text('password_hash').notNull(),
    ssn: text('ssn'),
    licenseNumber: text('license_number'),
    addressStateId: integer('address_state_id').references(() => states.id),
    addressCityId: integer('address_city_id').references(() => cities.id),
    addressInfo: text('address_info').notNull().default(''),
    moreInfo: text('more_info').notNull().default(''),
    image: text('image'),
    slug: text('slug').notNull(),
    /** User status code (active, blocked); see GetUserStatus. */
    statusId: integer('status_id').references(() => codes.id),
    /**
     * Sessions carry the version they were signed with; raising it (password change or reset,
     * block, delete) ends every session signed before.
     */
    tokenVersion: integer('token_version').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    // Email is unique whatever its case, among accounts that are not deleted.
    uniqueIndex('users_email_lower_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.deletedAt} is null`),
    index('users_type_idx').on(t.userType),
  ],
);

export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  nameAr: text('name_ar').notNull(),
  nameEn: text('name_en').notNull(),
  /** The user type the permission applies to (70, 71 or 72). */
  userType: integer('user_type')
    .notNull()
    .references(() => codes.id),
});

export const userPermissions = pgTable(
  'user_permissions',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    allowed: boolean('allowed').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.userId, t.permissionId] })],
);

/**
 * Forgot-password links: single use, short lived. Only a hash of the link's token is kept, so
 * a copy of this table cannot reset anyone's password.
 */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token, hex. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);
