import { createComponent, renderSlotToString, renderTemplate } from 'astro/runtime/server/index.js';
import { SlotString } from 'astro/runtime/server/render/slot.js';
import type { PageParts } from '../../../server/lib/page-parts.ts';

interface ApartProps {
  /** The render's parts (`Astro.locals.pageParts`); without them (a development server), HTML. */
  parts: PageParts | undefined;
}

const encoder = new TextEncoder();

/**
 * `html` given to the server as a part of its own when the render has `parts`: the marker that
 * stands for it in the page's text; without them (a development server), `html` itself.
 */
export function apart(parts: PageParts | undefined, html: string): string {
  return parts ? parts.add(encoder.encode(html)) : html;
}

/**
 * `<Apart parts={Astro.locals.pageParts}>…</Apart>`: its children's HTML, given to the server as
 * bytes of their own (server/lib/page-parts.ts), for the large sections of a page, so that the
 * page's text stays small enough to encode cheaply. The page is byte for byte the same: what
 * the children ask Astro to write once per page (a script, the islands' loader) is still written
 * in the page's order, ahead of the part, as Astro writes it ahead of any slot's HTML.
 */
export const Apart = createComponent(
  async (result: Parameters<typeof renderSlotToString>[0], props: ApartProps, slots) => {
    const html = (await renderSlotToString(result, slots.default)) as unknown as SlotString;
    const out = props.parts
      ? new SlotString(apart(props.parts, String(html)), html.instructions)
      : html;
    return renderTemplate`${out}`;
  },
) as unknown as (props: ApartProps) => unknown;
