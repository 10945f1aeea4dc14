import { and, count, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Bus } from '../../lib/bus.ts';
import { makeSlug } from '../../../domain/slug.ts';
import type { Db } from '../client.ts';
import { UserStatus } from '../../../domain/codes.ts';
import { cities, users, vehicles, visits } from '../schema.ts';
import { PageTag } from '../../../domain/page-tags.ts';
import { sellerPageTags } from './sellers.ts';

export interface AccountValues {
  userType: number;
  name: string;
  email: string;
  mobile: string;
  ssn: string | null;
  licenseNumber: string | null;
  addressStateId: number;
  addressCityId: number;
  addressInfo: string;
  moreInfo: string;
  passwordHash: string;
}

export type ProfileValues = Omit<AccountValues, 'userType' | 'passwordHash'>;

/** PostgreSQL's unique_violation: the email is taken. */
const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

const live = (id: number) => and(eq(users.id, id), isNull(users.deletedAt));

/** Column values that end every session signed before (see users.tokenVersion). */
export const revokeSessions = () => ({
  tokenVersion: sql`${users.tokenVersion} + 1`,
  updatedAt: new Date(),
});

/** Tells the hub (on every instance) to close the sockets of the ended sessions. */
export const announceRevocation = (bus: Bus, row: { id: number; tokenVersion: number }) =>
  bus.publish('sessionsRevoked', { userId: row.id, tokenVersion: row.tokenVersion });

/** Accounts: sign-up, sign-in lookups, profiles. Hashes never leave this module's callers. */
export function userRepository(db: Db, bus: Bus) {
  const purgeSeller = (id: number) => bus.publish('purge', { tags: sellerPageTags(id) });

  /** A seller leaves the public site (blocked, deleted): every page that shows them or theirs. */
  const purgeSellerEverywhere = async (id: number) => {
    const owned = await db
      .select({ id: vehicles.id })
      .from(vehicles)
      .where(eq(vehicles.ownerId, id));
    await bus.publish('purge', {
      tags: [
        ...sellerPageTags(id),
        PageTag.vehicles,
        ...owned.map((vehicle) => PageTag.vehicle(vehicle.id)),
      ],
    });
  };
  /** An admin's change to a live account of `userType` that also ends its sessions everywhere. */
  const changeAccount = async (
    id: number,
    userType: number,
    change: Pick<typeof users.$inferInsert, 'statusId' | 'deletedAt'>,
  ) => {
    const [row] = await db
      .update(users)
      .set({ ...change, ...revokeSessions() })
      .where(and(live(id), eq(users.userType, userType)))
      .returning({ id: users.id, tokenVersion: users.tokenVersion });
    if (!row) return null;
    await announceRevocation(bus, row);
    await purgeSellerEverywhere(id);
    return row;
  };

  return {
    /** The account behind an email, whatever its case, with its hash (sign-in only). */
    async findByEmail(email: string) {
      const [row] = await db
        .select()
        .from(users)
        .where(and(sql`lower(${users.email}) = lower(${email.trim()})`, isNull(users.deletedAt)));
      return row ?? null;
    },

    async findById(id: number) {
      const [row] = await db.select().from(users).where(live(id));
      return row ?? null;
    },

    /** Creates the account, or answers 'email_taken' and creates nothing. */
    async create(values: AccountValues) {
      try {
        const row = await db.transaction(async (tx) => {
          const [created] = await tx
            .insert(users)
            .values({
              ...values,
              email: values.email.trim(),
              slug: 'pending',
              statusId: UserStatus.active,
            })
            .returning();
          const slug = makeSlug(created!.id, values.name);
          await tx.update(users).set({ slug }).where(eq(users.id, created!.id));
          return { ...created!, slug };
        });
        await purgeSeller(row.id);
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) return 'email_taken' as const;
        throw error;
      }
    },

    /** Whether the city belongs to the state. */
    async cityInState(cityId: number, stateId: number) {
      const [row] = await db
        .select({ id: cities.id })
        .from(cities)
        .where(and(eq(cities.id, cityId), eq(cities.stateId, stateId)));
      return Boolean(row);
    },

    /** The profile screen's data (spec §3) plus the side menu's visit count. */
    async profile(id: number) {
      const [row] = await db.select().from(users).where(live(id));
      if (!row) return null;
      const monthStart = new Date();
      monthStart.setUTCDate(1);
      monthStart.setUTCHours(0, 0, 0, 0);
      const [visitsThisMonth] = await db
        .select({ count: count() })
        .from(visits)
        .where(and(eq(visits.sellerId, id), gte(visits.createdAt, monthStart)));
      return {
        id: row.id,
        name: row.name,
        email: row.email,
        mobile: row.mobile,
        userType: row.userType,
        ssn: row.ssn ?? '',
        licenseNumber: row.licenseNumber ?? '',
        addressStateId: row.addressStateId ?? 0,
        addressCityId: row.addressCityId ?? 0,
        addressInfo: row.addressInfo,
        moreInfo: row.moreInfo,
        image: row.image ?? '',
        slug: row.slug,
        monthlyVisitsCount: visitsThisMonth?.count ?? 0,
      };
    },

    async updateProfile(id: number, values: ProfileValues) {
      try {
        const [row] = await db
          .update(users)
          .set({
            ...values,
            email: values.email.trim(),
            slug: makeSlug(id, values.name),
            updatedAt: new Date(),
          })
          .where(live(id))
          .returning({ id: users.id });
        if (!row) return null;
        await purgeSeller(id);
        return row;
      } catch (error) {
        if (isUniqueViolation(error)) return 'email_taken' as const;
        throw error;
      }
    },

    /** Sets the picture; answers the one it replaced (for the caller to delete its files). */
    async updateImage(id: number, image: string) {
      const row = await db.transaction(async (tx) => {
        const [before] = await tx
          .select({ image: users.image })
          .from(users)
          .where(live(id))
          .for('update');
        if (!before) return null;
        await tx.update(users).set({ image, updatedAt: new Date() }).where(live(id));
        return { id, image, previous: before.image };
      });
      if (row) await purgeSeller(id);
      return row;
    },

    /** Sets the password and ends every session signed before; answers the new token version. */
    async setPasswordHash(id: number, passwordHash: string) {
      const [row] = await db
        .update(users)
        .set({ passwordHash, ...revokeSessions() })
        .where(live(id))
        .returning({ id: users.id, tokenVersion: users.tokenVersion });
      if (!row) return null;
      await announceRevocation(bus, row);
      return row;
    },

    /**
     * Admin: sets the status of an account of `userType` (active or blocked) and ends its
     * sessions. Null when there is no such live account of that type.
     */
    setStatus: (id: number, userType: number, statusId: number) =>
      changeAccount(id, userType, { statusId }),

    /**
     * Admin: deletes an account of `userType`, softly: the row stays for its orders and
     * payments, its email becomes free and its sessions end. Null when there is none.
     */
    softDelete: (id: number, userType: number) =>
      changeAccount(id, userType, { deletedAt: new Date() }),
  };
}

export type UserRepository = ReturnType<typeof userRepository>;
