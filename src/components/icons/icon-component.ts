import { createComponent, renderTemplate } from 'astro/runtime/server/index.js';
import { trustedHtml } from '../trusted-html.ts';
import { icon, type IconProps } from './icon.ts';

/**
 * `<Icon name="…" />` in a template: the icon's `<svg>` (icon.ts), as a component made the way
 * compiled `.astro` files are, minus the per-use `Astro` object that such a file builds even for
 * one line of output. A vehicle page draws some thirty icons outside its cards.
 */
export const Icon = createComponent(
  (_result, props: IconProps) => renderTemplate`${trustedHtml(icon(props))}`,
) as unknown as (props: IconProps) => unknown;
