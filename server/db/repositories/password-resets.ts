import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Bus } from '../../lib/bus.ts';
import type { Db } from '../client.ts';
import { passwordResets, users } from '../schema.ts';
import { announceRevocation, revokeSessions } from './users.ts';

/**
 * Forgot-password links (issue §2): single use, short lived, stored as hashes. Asking again
 * replaces the links not yet used; using one sets the password and ends every session.
 */
export function passwordResetRepository(db: Db, bus: Bus) {
  const usable = (tokenHash: string, now: Date) =>
    and(
      eq(passwordResets.tokenHash, tokenHash),
      isNull(passwordResets.usedAt),
      gt(passwordResets.expiresAt, now),
    );

  return {
    /** A new link for the user; the earlier unused ones stop working. */
    async create(userId: number, tokenHash: string, expiresAt: Date) {
      await db.transaction(async (tx) => {
        await tx
          .delete(passwordResets)
          .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
        await tx.insert(passwordResets).values({ userId, tokenHash, expiresAt });
      });
    },

    /** Whether the link can still be used (checked before the slow hashing of a new password). */
    async isUsable(tokenHash: string, now = new Date()) {
      const [row] = await db
        .select({ id: passwordResets.id })
        .from(passwordResets)
        .innerJoin(users, eq(users.id, passwordResets.userId))
        .where(and(usable(tokenHash, now), isNull(users.deletedAt)));
      return Boolean(row);
    },

    /**
     * Uses the link: marks it used and sets the password in one transaction, so a link works
     * once even when two requests race. Null when the link is unknown, used or expired.
     */
    async use(tokenHash: string, passwordHash: string, now = new Date()) {
      const row = await db.transaction(async (tx) => {
        const [link] = await tx
          .update(passwordResets)
          .set({ usedAt: now })
          .where(usable(tokenHash, now))
          .returning({ userId: passwordResets.userId });
        if (!link) return null;
        const [user] = await tx
          .update(users)
          .set({ passwordHash, ...revokeSessions() })
          .where(and(eq(users.id, link.userId), isNull(users.deletedAt)))
          .returning({ id: users.id, tokenVersion: users.tokenVersion });
        // An account deleted after the link went out: the link is spent and sets nothing.
        return user ?? null;
      });
      if (row) await announceRevocation(bus, row);
      return row;
    },
  };
}

export type PasswordResetRepository = ReturnType<typeof passwordResetRepository>;
