import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearer } from '../../lib/tokens.ts';

/**
 * The id of whoever sends a payment, when a valid session comes with the request; null
 * otherwise. Payments to the site and ticket purchases need no token (spec §7), so a missing,
 * expired or forged one is not refused: the payment is simply not linked to an account.
 */
export async function senderOf(app: FastifyInstance, request: FastifyRequest) {
  const token = bearer(request.headers.authorization);
  if (!token) return null;
  const check = await app.verifySession(token);
  return check.ok ? check.claims.id : null;
}
