import type { Lang } from '../../lib/i18n.ts';

/*
 * The vehicles this browser opened last ("recently viewed"), kept in localStorage: nothing is
 * sent to the server, and the cached public pages stay the same for everyone. Each entry keeps
 * what a small card needs, in the languages it was seen in.
 */

export const RECENTLY_VIEWED_KEY = 'recentlyViewed';
/** How many are kept; the pages show fewer. */
export const RECENTLY_VIEWED_MAX = 12;

export interface ViewedVehicle {
  id: number;
  slug: string;
  /** A small photo (the 320 px variant), or '' for none. */
  image: string;
  /** The card's title and price text, by the language of the page it was seen on. */
  title: Partial<Record<Lang, string>>;
  price: Partial<Record<Lang, string>>;
  /** When it was last opened (ms since the epoch). */
  at: number;
}

function isEntry(value: unknown): value is ViewedVehicle {
  const entry = value as ViewedVehicle;
  return (
    typeof entry === 'object' &&
    entry !== null &&
    Number.isInteger(entry.id) &&
    typeof entry.slug === 'string' &&
    typeof entry.image === 'string' &&
    typeof entry.title === 'object' &&
    typeof entry.price === 'object'
  );
}

/** The kept vehicles, the last opened first; [] when storage is empty, blocked or damaged. */
export function readViewed(): ViewedVehicle[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(RECENTLY_VIEWED_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isEntry) : [];
  } catch {
    return [];
  }
}

/** Puts a vehicle first (merging the texts of other languages it was seen in). */
export function recordViewed(entry: Omit<ViewedVehicle, 'at'>, now = Date.now()): void {
  const list = readViewed();
  const earlier = list.find((item) => item.id === entry.id);
  const merged: ViewedVehicle = {
    ...entry,
    title: { ...earlier?.title, ...entry.title },
    price: { ...earlier?.price, ...entry.price },
    at: now,
  };
  const next = [merged, ...list.filter((item) => item.id !== entry.id)].slice(
    0,
    RECENTLY_VIEWED_MAX,
  );
  try {
    localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify(next));
  } catch {
    // Storage full or blocked: the strip simply stays as it was.
  }
}

export function clearViewed(): void {
  try {
    localStorage.removeItem(RECENTLY_VIEWED_KEY);
  } catch {
    // Nothing kept to clear.
  }
}

/** A text in the page's language, else in the other one it was seen in. */
export function textIn(texts: Partial<Record<Lang, string>>, lang: Lang): string {
  return texts[lang] ?? texts[lang === 'ar' ? 'en' : 'ar'] ?? '';
}
