import type { ObjectStore } from '../../lib/storage/object-store.ts';
import type { Static } from '@sinclair/typebox';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { AdminPermission } from '../../../domain/permissions.ts';
import { PageTag } from '../../../domain/page-tags.ts';
import type { ValidationMessage } from '../../../domain/validation.ts';
import { activityRepository } from '../../db/repositories/activity.ts';
import { paymentRepository } from '../../db/repositories/payments.ts';
import { users } from '../../db/schema.ts';
import { deleteImage } from '../../images/store.ts';
import { ApiError } from '../../lib/api-error.ts';
import { t, validationText, type Lang } from '../../lib/messages.ts';
import { isAdmin } from '../../plugins/auth.ts';
import { storeProof } from '../payment/proof.ts';
import type { OrderSearchQuery } from './schemas.ts';

type OrderSearch = Static<typeof OrderSearchQuery>;

/** The options of the order routes: the image store, and the clock (injectable for tests). */
export interface OrderRouteOptions {
  storage: ObjectStore;
  now?: () => Date;
}

export const tags = ['Order'];
export const security = [{ bearer: [] }];

export const day = (at: Date) => at.toISOString().slice(0, 10);
export const refusal = (lang: Lang, key: ValidationMessage) =>
  new ApiError(400, 'field_invalid', {}, validationText(lang, key));
const dateParam = (value: string | undefined) => {
  if (!value) return undefined;
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? undefined : at;
};

/** The pages that show featured vehicles and ads (home; the list's side ads). */
export const ORDER_PAGES = [PageTag.home, PageTag.vehicles];

/** Spec §3 order search: a seller sees their own; an admin anyone's (ownerId 0: everyone's). */
export function searchOf(request: FastifyRequest, query: OrderSearch) {
  const { ownerId, announcementType, statusId, dateFrom, dateTo, search } = query;
  return {
    search,
    ownerId: isAdmin(request.user) ? ownerId || null : request.user!.id,
    announcementType,
    statusId,
    dateFrom: dateParam(dateFrom),
    dateTo: dateParam(dateTo),
  };
}
export const listDescription =
  "The caller's orders, newest first (an admin may name an owner, or see everyone's with ownerId 0).";

/**
 * What the order routes share: who pays (the caller's name and email), the admins told of a new
 * order, the proof of payment stored, and files forgotten when an order fails or is deleted.
 */
export function orderHelpers(app: FastifyInstance, storage: ObjectStore) {
  const payments = paymentRepository(app.db);
  const activity = activityRepository(app.db, app.bus);

  async function payer(request: FastifyRequest) {
    const [account] = await app.db
      .select({ name: users.name, email: users.email })
      .from(users)
      .where(eq(users.id, request.user!.id));
    return { userId: request.user!.id, name: account?.name ?? '', email: account?.email ?? '' };
  }

  /** Every admin hears of a new order; a failed push does not undo it. */
  async function tellAdmins(message: string, link: string, log: FastifyBaseLogger) {
    try {
      for (const adminId of await payments.reviewers(AdminPermission.orders)) {
        await activity.notify(adminId, t('ar', 'order_new_title'), message, link);
      }
    } catch (error) {
      log.error({ err: error }, 'order notification not sent');
    }
  }

  const forget = (paths: (string | null | undefined)[]) =>
    Promise.all(paths.filter(Boolean).map((path) => deleteImage(storage, path!)));

  /** The proof of payment stored (its checks first), or the order refused. */
  async function storeBill(raw: string) {
    return storeProof(storage, raw);
  }

  return { payer, tellAdmins, forget, storeBill };
}
