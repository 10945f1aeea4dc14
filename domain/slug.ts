import { INT4_MAX } from './limits.ts';

/**
 * The numeric id at the start of the last path segment: `/vehicle/12-toyota-corolla` → 12,
 * `/gallary/7abc` → 7 (spec §2: the vehicle and the seller are found by that id alone).
 */
export function idFromSlug(segment: string): number | null {
  const match = /^(\d+)/.exec(segment.trim());
  if (!match) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 && id <= INT4_MAX ? id : null;
}

/** Lower-case Latin words joined by dashes, for readable URLs after the id. */
export function slugWords(...parts: (string | number)[]): string {
  return parts
    .map((part) => String(part))
    .join(' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9\u0600-\u06ff]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export function makeSlug(id: number, ...parts: (string | number)[]): string {
  const words = slugWords(...parts);
  return words ? `${id}-${words}` : String(id);
}

/** Which catalogue entity a site path shows, for the visit counters. */
export function visitTarget(route: string): { vehicleId: number | null; sellerId: number | null } {
  let path = route;
  try {
    path = new URL(route, 'http://site.invalid').pathname;
  } catch {
    // keep the raw text; it simply will not match below
  }
  const segments = path.split('/').filter(Boolean);
  if (segments[0] === 'en') segments.shift();
  const [kind, slug] = segments;
  const id = slug && segments.length === 2 ? idFromSlug(decodeURIComponentSafe(slug)) : null;
  return {
    vehicleId: kind === 'vehicle' ? id : null,
    sellerId: kind === 'gallary' ? id : null,
  };
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
