import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { eq } from 'drizzle-orm';
import { UserStatus, UserType } from '../../domain/codes.ts';
import { users } from '../db/schema.ts';
import { ApiError } from '../lib/api-error.ts';
import { bearer, tokenService, type SessionClaims, type TokenService } from '../lib/tokens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    tokens: TokenService;
    /** preHandler: the caller must hold a valid session of a live account. */
    authenticate: (request: FastifyRequest) => Promise<void>;
    /** preHandler factory: the caller must also be one of these user types. */
    requireUserType: (...types: number[]) => (request: FastifyRequest) => Promise<void>;
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

    app.decorate('authenticate', async (request: FastifyRequest) => {
      const check = await tokens.verify(bearer(request.headers.authorization));
      if (!check.ok) {
        throw new ApiError(401, check.reason === 'expired' ? 'session_expired' : 'unauthorized');
      }
      // A deleted or blocked account loses its sessions at once.
      const [account] = await app.db
        .select({ userType: users.userType, statusId: users.statusId, deletedAt: users.deletedAt })
        .from(users)
        .where(eq(users.id, check.claims.id));
      if (!account || account.deletedAt || account.statusId === UserStatus.blocked) {
        throw new ApiError(401, 'unauthorized');
      }
      request.user = { ...check.claims, userType: account.userType };
    });

    app.decorate('requireUserType', (...types: number[]) => async (request: FastifyRequest) => {
      await app.authenticate(request);
      if (!types.includes(request.user!.userType)) throw new ApiError(403, 'forbidden');
    });
  },
  { name: 'auth', dependencies: ['db'] },
);

export const isAdmin = (user: SessionClaims | null) => user?.userType === UserType.admin;
