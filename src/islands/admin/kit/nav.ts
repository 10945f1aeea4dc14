import { atom } from 'nanostores';
import type { Lang } from '../../../lib/i18n.ts';

/*
 * The dashboard's own routing: /admin/<screen> and /en/admin/<screen>, one page load, screens
 * swapped on the client with the History API.
 */

const PREFIX = /^(?:\/en)?\/admin\/?/;

/** The screen path of a location ("" for the home, "login", "brands", ...). */
export function screenPathOf(pathname: string): string {
  return pathname.replace(PREFIX, '').replace(/\/+$/, '');
}

/** The address of a screen in a language. */
export function adminHref(path: string, lang: Lang): string {
  const base = lang === 'en' ? '/en/admin' : '/admin';
  return path ? `${base}/${path}` : base;
}

export const $adminPath = atom<string>(
  typeof location === 'undefined' ? '' : screenPathOf(location.pathname),
);

/** Opens a screen without reloading the page. */
export function navigate(path: string, lang: Lang, options: { replace?: boolean } = {}): void {
  const href = adminHref(path, lang);
  if (options.replace) history.replaceState(null, '', href);
  else history.pushState(null, '', href);
  $adminPath.set(path);
  window.scrollTo(0, 0);
}

if (typeof window !== 'undefined') {
  window.addEventListener('popstate', () => $adminPath.set(screenPathOf(location.pathname)));
}
