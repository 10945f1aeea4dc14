import type { MyVehicle } from '../../../server/routes/vehicle/schemas.ts';
import type { Lang } from '../../lib/i18n.ts';
import { statusSlug, type StatusSlug } from '../../lib/my-vehicles.ts';
import { m } from '../../paraglide/messages.js';

type Locale = { locale: Lang };

/** The seller's words for the statuses, keyed as the filter names them. */
export const statusLabels: Record<
  StatusSlug,
  (inputs: Record<string, never>, t: Locale) => string
> = {
  all: m.my_vehicles_status_all,
  pending: m.my_vehicles_status_pending,
  accepted: m.my_vehicles_status_accepted,
  rejected: m.my_vehicles_status_rejected,
  withdrawn: m.my_vehicles_status_withdrawn,
  sold: m.my_vehicles_status_sold,
};

/** A status's label; the server's name for an id outside the known set. */
export function statusLabel(statusId: number, fallback: string, t: Locale): string {
  const slug = statusSlug(statusId);
  return slug && slug !== 'all' ? statusLabels[slug]({}, t) : fallback;
}

/** "Toyota Corolla 2019": how dialogs and confirmations name a vehicle. */
export const nameOf = (vehicle: Pick<MyVehicle, 'brandName' | 'modelName' | 'year'>) =>
  `${vehicle.brandName} ${vehicle.modelName} ${vehicle.year}`.trim();
