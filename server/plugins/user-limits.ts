import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../lib/api-error.ts';

/** Per-user budgets of issue §2: what a signed-in account may do how often. */
export interface UserLimits {
  /** ChangePassword calls per 15 minutes. */
  passwordChange: number;
  /** Profile and picture updates together, per hour. */
  profileUpdate: number;
  /** Favourite toggles per minute. */
  favouriteToggle: number;
  /** Hub negotiations per minute. */
  hubNegotiate: number;
  /** CreateVehicle, UpdateVehicle and UpdateVehicleImage360 together, per 10 minutes. */
  vehicleWrite: number;
}

export type UserLimitName = keyof UserLimits;

const windows: Record<UserLimitName, string> = {
  passwordChange: '15 minutes',
  profileUpdate: '1 hour',
  favouriteToggle: '1 minute',
  hubNegotiate: '1 minute',
  vehicleWrite: '10 minutes',
};

type PreHandler = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * preHandler that counts the call against the caller's budget `name` and answers 429 once
     * it is spent. Goes after `authenticate`: the budget belongs to the account, not the
     * address, so people behind one address do not share it.
     */
    userLimit: (name: UserLimitName) => PreHandler;
  }
}

/**
 * One counter per budget shared by every route that uses it (the customer and company profile
 * and picture calls spend the same budget), kept in memory like the sign-in limits.
 */
export default fp(
  async function userLimits(app: FastifyInstance, limits: UserLimits) {
    const handlers = new Map<UserLimitName, PreHandler>();
    for (const name of Object.keys(windows) as UserLimitName[]) {
      const check = app.createRateLimit({
        max: limits[name],
        timeWindow: windows[name],
        keyGenerator: (request) => (request.user ? `user:${request.user.id}` : `ip:${request.ip}`),
      });
      handlers.set(name, async (request, reply) => {
        const result = await check(request);
        if (result.isAllowed || !result.isExceeded) return;
        reply.header('retry-after', String(result.ttlInSeconds));
        throw new ApiError(429, 'too_many_requests');
      });
    }
    app.decorate('userLimit', (name: UserLimitName) => handlers.get(name)!);
  },
  { name: 'user-limits', dependencies: ['@fastify/rate-limit', 'auth'] },
);
