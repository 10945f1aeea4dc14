import { Status } from '../../domain/codes.ts';
import type {
  Image360Answer,
  MyVehicle,
  MyVehicles,
  VehicleStatusAnswer,
} from '../../server/routes/vehicle/schemas.ts';
import { apiGet, apiRequest } from './api.ts';
import type { Lang } from './i18n.ts';

/*
 * The seller's "My vehicles" page (seller spec §2 My vehicles, §3 my-vehicle row, §5 delete and
 * 360 change): the status filter kept in the URL, what each status allows, and the calls.
 */

/** The filter's choices in order; 0 lists every status (GetMyVehicles?statusId=0). */
export const STATUS_FILTERS = [
  { id: 0, slug: 'all' },
  { id: Status.pending, slug: 'pending' },
  { id: Status.accepted, slug: 'accepted' },
  { id: Status.failed, slug: 'rejected' },
  { id: Status.canceled, slug: 'withdrawn' },
  { id: Status.saled, slug: 'sold' },
] as const;

export type StatusFilter = (typeof STATUS_FILTERS)[number];
export type StatusSlug = StatusFilter['slug'];

/** The URL parameter that keeps the chosen status (`?status=accepted`). */
export const STATUS_PARAM = 'status';

/**
 * The status id chosen by a page's query string: `?status=accepted` (or its id, `?status=96`);
 * anything else, or nothing, is every status (0).
 */
export function statusFromSearch(search: string): number {
  const value = new URLSearchParams(search).get(STATUS_PARAM)?.trim().toLowerCase();
  if (!value) return 0;
  const found = STATUS_FILTERS.find(
    (filter) => filter.slug === value || String(filter.id) === value,
  );
  return found?.id ?? 0;
}

/** The query string for `statusId`, keeping the others; every status leaves the parameter out. */
export function searchWithStatus(search: string, statusId: number): string {
  const params = new URLSearchParams(search);
  const filter = STATUS_FILTERS.find((item) => item.id === statusId);
  if (!filter || filter.id === 0) params.delete(STATUS_PARAM);
  else params.set(STATUS_PARAM, filter.slug);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** The slug of a status id (for labels keyed by it); null for an id outside the set. */
export function statusSlug(statusId: number): StatusSlug | null {
  return STATUS_FILTERS.find((filter) => filter.id === statusId)?.slug ?? null;
}

/** Spec §4: accepted shows green, pending yellow, every other status red. */
export type StatusTone = 'accepted' | 'pending' | 'other';

export function statusTone(statusId: number): StatusTone {
  if (statusId === Status.accepted) return 'accepted';
  if (statusId === Status.pending) return 'pending';
  return 'other';
}

/** An owner may mark their accepted vehicle sold or withdraw it, nothing else (issue 9). */
export function ownerCanCloseListing(statusId: number): boolean {
  return statusId === Status.accepted;
}

/** Accepted vehicles are public; a sold one keeps its page, marked sold. */
export function hasPublicPage(statusId: number): boolean {
  return statusId === Status.accepted || statusId === Status.saled;
}

/** Spec §5 "Delete vehicle": a vehicle must be selected. */
export function deleteSelectionError(id: number | null | undefined): 'item_select' | null {
  return typeof id === 'number' && Number.isInteger(id) && id > 0 ? null : 'item_select';
}

/** The server stores 360 images at most this wide; wider ones are scaled down before upload. */
export const PANORAMA_UPLOAD_MAX_WIDTH = 4096;

/** The size to draw an image at so it is at most `maxWidth` wide, keeping its shape. */
export function fitWidth(
  width: number,
  height: number,
  maxWidth: number,
): { width: number; height: number; scaled: boolean } {
  if (!(width > 0 && height > 0) || width <= maxWidth) return { width, height, scaled: false };
  return {
    width: maxWidth,
    height: Math.max(1, Math.round((height * maxWidth) / width)),
    scaled: true,
  };
}

// ---------------------------------------------------------------------------- calls

/** GetMyVehicles: the seller's rows, all statuses for 0. */
export async function loadMyVehicles(statusId: number, lang: Lang): Promise<MyVehicle[]> {
  const rows = await apiGet<MyVehicles>('/api/Vehicle/GetMyVehicles', { statusId }, { lang });
  return Array.isArray(rows) ? rows : [];
}

/** DeleteVehicle?Id (a soft delete on the server: the public page answers 404). */
export function deleteVehicle(id: number, lang: Lang): Promise<unknown> {
  return apiRequest('/api/Vehicle/DeleteVehicle', { method: 'DELETE', query: { Id: id }, lang });
}

/** UpdateVehicleStatus by the owner: sold (99) or withdrawn (98), with no reply. */
export function closeListing(
  vehicleId: number,
  statusId: typeof Status.saled | typeof Status.canceled,
  lang: Lang,
): Promise<VehicleStatusAnswer> {
  return apiRequest<VehicleStatusAnswer>('/api/Vehicle/UpdateVehicleStatus', {
    method: 'PUT',
    body: { vehicleId, statusId, messageReplay: '' },
    lang,
  });
}

/** UpdateVehicleImage360 with '' removes the 360 image. */
export function remove360(id: number, lang: Lang): Promise<Image360Answer> {
  return apiRequest<Image360Answer>('/api/Vehicle/UpdateVehicleImage360', {
    method: 'PUT',
    body: { id, imagePath: '' },
    lang,
  });
}
