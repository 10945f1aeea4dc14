import { unescapeHTML } from 'astro/runtime/server/index.js';
import type { Markup } from '../lib/markup.ts';

/**
 * HTML already escaped where it needed to be (a `Markup` drawn from strings, or a kept render),
 * for a component's template to write as it is: what `<Fragment set:html={…} />` does, without
 * a Fragment component per use. A vehicle page drew 58 of them (one per icon, picture, card and
 * star), each a component render of its own.
 */
export function trustedHtml(html: Markup | string) {
  return unescapeHTML(typeof html === 'string' ? html : html.html);
}
