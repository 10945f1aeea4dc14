import type { FastifyInstance, FastifyRequest } from 'fastify';
import { UserType } from '../../../domain/codes.ts';
import { ApiError } from '../../lib/api-error.ts';

/** The session answer of sign-in, sign-up and a password change (spec §3), with a new token. */
export async function sessionFor(
  app: FastifyInstance,
  user: { id: number; userType: number; name: string; tokenVersion: number },
) {
  return {
    id: user.id,
    token: await app.tokens.sign(user),
    name: user.name,
    userType: user.userType,
    fullName: user.name,
    isAdmin: user.userType === UserType.admin,
  };
}

/** The caller's own account: a request naming another user's id is refused. */
export function own(request: FastifyRequest, claimed: number | undefined): number {
  const me = request.user!.id;
  if (claimed !== undefined && claimed !== 0 && claimed !== me) {
    throw new ApiError(403, 'not_your_account');
  }
  return me;
}
