import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq } from 'drizzle-orm';
import { UserStatus, UserType } from '../../domain/codes.ts';
import type { AdminPermissionCode } from '../../domain/permissions.ts';
import { permissions, userPermissions, users } from '../db/schema.ts';
import { ApiError } from '../lib/api-error.ts';
import { bearer, tokenService, type SessionClaims, type TokenService } from '../lib/tokens.ts';

/** Why a token does not open a session; `revoked`: signed before the account's last revocation. */
export type SessionCheck =
  | { ok: true; claims: SessionClaims }
  | { ok: false; reason: 'missing' | 'invalid' | 'expired' | 'revoked' };

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** A token's session, checked against the account as it is now (the API and the hub). */
    verifySession: (token: string | null | undefined) => Promise<SessionCheck>;
    /** preHandler: the caller must hold a valid session of a live account. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** preHandler factory: the caller must also be one of these user types. */
    requireUserType: (...types: number[]) => (request: FastifyRequest) => Promise<void>;
    /**
     * preHandler factory for admin routes: the caller must be an admin (else 403 forbidden)
     * holding this permission (else 403 permission_denied).
     */
    requirePermission: (code: AdminPermissionCode) => (request: FastifyRequest) => Promise<void>;
    /** Whether the user holds the permission now (read from the database at every call). */
    hasPermission: (userId: number, code: string) => Promise<boolean>;
  }
  interface FastifyRequest {
    /** Set by `authenticate`: who is calling. */
    user: SessionClaims | null;
  }
}

/**
 * Sessions: a Bearer JWT names the user; every check that follows (ownership, type) uses
 * that id, never one taken from the request.
 */
export default fp(
  async function auth(app: FastifyInstance, options: { secret: string; ttlSeconds: number }) {
    const tokens = tokenService(options.secret, options.ttlSeconds);
    app.decorate('tokens', tokens);
    app.decorateRequest('user', null);

    app.decorate('verifySession', async (token: string | null | undefined) => {
      const check = await tokens.verify(token);
      if (!check.ok) return check;
      const [account] = await app.db
        .select({
          userType: users.userType,
          statusId: users.statusId,
          deletedAt: users.deletedAt,
          tokenVersion: users.tokenVersion,
        })
        .from(users)
        .where(eq(users.id, check.claims.id));
      // A deleted or blocked account loses its sessions at once.
      if (!account || account.deletedAt || account.statusId === UserStatus.blocked) {
        return { ok: false, reason: 'invalid' };
      }
      // A password change or reset ends the sessions signed before it (issue §2).
      if (account.tokenVersion !== check.claims.tokenVersion) {
        return { ok: false, reason: 'revoked' };
      }
      return { ok: true, claims: { ...check.claims, userType: account.userType } };
    });

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const check = await app.verifySession(bearer(request.headers.authorization));
      if (!check.ok) {
        // An expired or revoked session: "sign in again" (spec §5); anything else: not signed in.
        const again = check.reason === 'expired' || check.reason === 'revoked';
        throw new ApiError(401, again ? 'session_expired' : 'unauthorized');
      }
      request.user = check.claims;
    });

    app.decorate('requireUserType', (...types: number[]) => async (request: FastifyRequest) => {
      await app.authenticate(request);
      if (!types.includes(request.user!.userType)) throw new ApiError(403, 'forbidden');
    });

    app.decorate('hasPermission', async (userId: number, code: string) => {
      const [grant] = await app.db
        .select({ allowed: userPermissions.allowed })
        .from(userPermissions)
        .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
        .where(and(eq(userPermissions.userId, userId), eq(permissions.code, code)));
      return grant?.allowed === true;
    });

    app.decorate('requirePermission', (code: AdminPermissionCode) => {
      const adminOnly = app.requireUserType(UserType.admin);
      return async (request: FastifyRequest) => {
        await adminOnly(request);
        if (!(await app.hasPermission(request.user!.id, code))) {
          throw new ApiError(403, 'permission_denied');
        }
      };
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

export const isAdmin = (user: SessionClaims | null) => user?.userType === UserType.admin;
