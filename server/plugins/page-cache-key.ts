import { idFromSlug } from '../../domain/slug.ts';

/** The query parameters a cached page reads; any other is left out of its key. */
const ALLOWED_QUERY: Record<string, string[]> = {
  sellers: ['name', 'stateId', 'cityId', 'page'],
  gallary: ['page'],
};

/**
 * The cache key of a catalogue path, or null when the path is not cached. Keys are canonical,
 * so `/vehicle/12` and `/vehicle/12-any-words` share one entry and a query string the page
 * does not read cannot multiply entries.
 */
export function cacheKey(url: string): string | null {
  const parsed = new URL(url, 'http://site.invalid');
  const segments = parsed.pathname.split('/').filter(Boolean);
  const lang = segments[0] === 'en' ? 'en' : 'ar';
  if (lang === 'en') segments.shift();
  const [section, slug, ...rest] = segments;
  if (rest.length > 0) return null;
  const query = (names: string[]) => {
    const kept = new URLSearchParams();
    for (const name of names) {
      const value = parsed.searchParams.get(name)?.trim();
      if (value && !(name === 'page' && value === '1')) kept.set(name, value);
    }
    const text = kept.toString();
    return text ? `?${text}` : '';
  };
  const prefix = lang === 'en' ? '/en' : '';
  if (section === undefined) return parsed.search ? null : `${prefix}/`;
  if (section === 'aboutus' && !slug) return parsed.search ? null : `${prefix}/aboutus`;
  if (section === 'sellers' && !slug) return `${prefix}/sellers${query(ALLOWED_QUERY.sellers!)}`;
  // An event's slug is its key (events are looked up by slug, not by an id prefix).
  if (section === 'event' && slug) {
    if (parsed.search) return null;
    try {
      return `${prefix}/event/${encodeURIComponent(decodeURIComponent(slug))}`;
    } catch {
      return null; // a malformed escape: rendered once (a 404), never kept
    }
  }
  if ((section === 'vehicle' || section === 'gallary') && slug) {
    const id = idFromSlug(decodeURIComponent(slug));
    if (id === null) return null;
    if (section === 'vehicle') return parsed.search ? null : `${prefix}/vehicle/${id}`;
    return `${prefix}/gallary/${id}${query(ALLOWED_QUERY.gallary!)}`;
  }
  return null;
}
