/**
 * Languages of the site: Arabic (default, right-to-left, unprefixed URLs) and English (under
 * `/en`). The same rule lives in the head boot script (boot-script.ts), which must agree.
 */
export const langs = ['ar', 'en'] as const;
export type Lang = (typeof langs)[number];
export const defaultLang: Lang = 'ar';

/** localStorage key that keeps the visitor's language choice (spec §1). */
export const LANG_STORAGE_KEY = 'lang';

export function isLang(value: unknown): value is Lang {
  return value === 'ar' || value === 'en';
}

const EN_PREFIX = /^\/en(?=\/|$)/;

/** The language of a URL or path: English under `/en`, Arabic everywhere else. */
export function localeFrom(url: URL | string): Lang {
  const pathname = typeof url === 'string' ? new URL(url, 'http://x').pathname : url.pathname;
  return EN_PREFIX.test(pathname) ? 'en' : 'ar';
}

/**
 * The same path in the given language, query and hash kept:
 * `/vehicles?x=1` ↔ `/en/vehicles?x=1`, `/` ↔ `/en/`.
 */
export function localizePath(path: string, lang: Lang): string {
  const match = /^([^?#]*)(.*)$/.exec(path) ?? ['', path, ''];
  const rest = match[2] ?? '';
  let pathname = match[1] || '/';
  if (!pathname.startsWith('/')) pathname = `/${pathname}`;
  const bare = pathname.replace(EN_PREFIX, '') || '/';
  const localized = lang === 'en' ? (bare === '/' ? '/en/' : `/en${bare}`) : bare;
  return localized + rest;
}

export function otherLang(lang: Lang): Lang {
  return lang === 'ar' ? 'en' : 'ar';
}

export function dirOf(lang: Lang): 'rtl' | 'ltr' {
  return lang === 'ar' ? 'rtl' : 'ltr';
}

/** The language of the page the code runs in (the server sets `<html lang>`); Arabic elsewhere. */
export function currentLang(): Lang {
  if (typeof document === 'undefined') return defaultLang;
  const lang = document.documentElement.lang;
  return isLang(lang) ? lang : defaultLang;
}
