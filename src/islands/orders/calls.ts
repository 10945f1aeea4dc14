import { AnnouncementType } from '../../../domain/codes.ts';
import { ORDER_PAGE_SIZE } from '../../../domain/orders.ts';
import { apiGet, apiRequest } from '../../lib/api.ts';
import type { Lang } from '../../lib/i18n.ts';
import type { AnnouncementOrderRow, OrderKind, StarOrderRow } from './types.ts';

/* The Order calls of the seller's order pages (spec §7 "Order"). */

const group = '/api/Order';

/** The calls of each kind of order: list, message update and delete. */
const paths = {
  star: {
    list: `${group}/GetUserStarVehiclesOrders`,
    update: `${group}/UpdateStarVehicleOrder`,
    remove: `${group}/DeleteStarVehicleOrder`,
  },
  ad: {
    list: `${group}/GetUserAnnouncementOrders`,
    update: `${group}/UpdateAnnouncementOrder`,
    remove: `${group}/DeleteAnnouncementOrder`,
  },
} as const;

type Listed<T> = T[] | { data?: T[] | null } | { orders?: { data?: T[] | null } | null } | null;

/** The rows of a list answer, whether it is the list itself or wraps it (spec: orders.data). */
function rowsOf<T>(answer: Listed<T>): T[] {
  if (Array.isArray(answer)) return answer;
  if (answer && 'orders' in answer) return answer.orders?.data ?? [];
  if (answer && 'data' in answer) return answer.data ?? [];
  return [];
}

/** Spec §9: the seller's orders, page 1 of 99. */
export async function loadOrders(kind: 'star', lang: Lang): Promise<StarOrderRow[]>;
export async function loadOrders(kind: 'ad', lang: Lang): Promise<AnnouncementOrderRow[]>;
export async function loadOrders(kind: OrderKind, lang: Lang) {
  const answer = await apiGet<Listed<StarOrderRow | AnnouncementOrderRow>>(
    paths[kind].list,
    { page: 1, pageSize: ORDER_PAGE_SIZE },
    { lang },
  );
  return rowsOf(answer);
}

/** Changes the message of a pending order. */
export function updateOrderMessage(kind: OrderKind, id: number, message: string, lang: Lang) {
  return apiRequest(paths[kind].update, { method: 'PUT', body: { id, message }, lang });
}

/** Deletes a pending order (and its payment, on the server). */
export function deleteOrder(kind: OrderKind, orderId: number, lang: Lang) {
  return apiRequest(paths[kind].remove, { method: 'DELETE', query: { orderId }, lang });
}

type Dated = string | { date?: string; startDate?: string } | null;
type Priced = number | string | { dailyPrice?: number; value?: number } | null;

const dateOf = (answer: Dated) =>
  typeof answer === 'string' ? answer : (answer?.date ?? answer?.startDate ?? '');
const priceOf = (answer: Priced) => {
  const value =
    typeof answer === 'object' && answer !== null ? (answer.dailyPrice ?? answer.value) : answer;
  const price = Number(value);
  return Number.isFinite(price) ? price : 0;
};

/** The likely display date and the daily price of a featured vehicle. */
export async function starOrderTerms(lang: Lang) {
  const [date, price] = await Promise.all([
    apiGet<Dated>(`${group}/GetStarVehicleOrderDate`, undefined, { lang }),
    apiGet<Priced>(`${group}/GetStarVehicleOrderDailyPrice`, undefined, { lang }),
  ]);
  return { expectedDate: dateOf(date), dailyPrice: priceOf(price) };
}

/** The likely display date and the daily price of an ad of the given kind. */
export async function adOrderTerms(announcementType: number, lang: Lang) {
  const query = { announcementType };
  const [date, price] = await Promise.all([
    apiGet<Dated>(`${group}/GetAnnouncementOrderDate`, query, { lang }),
    apiGet<Priced>(`${group}/GetAnnouncementOrderDailyPrice`, query, { lang }),
  ]);
  return { expectedDate: dateOf(date), dailyPrice: priceOf(price) };
}

export const AD_TYPES = [
  AnnouncementType.main,
  AnnouncementType.vertical,
  AnnouncementType.horizontal,
] as const;
