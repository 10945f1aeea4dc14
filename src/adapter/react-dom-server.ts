import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server.node';
import { SERVER_HTML_FROM_PROPS } from '../islands/server-html.ts';
import { memo } from '../lib/server/memo-html.ts';

/*
 * What the React renderer (@astrojs/react) imports as `react-dom/server` in the built site
 * (astro.config.mjs aliases it here). Each island is rendered to a string at once, with its
 * island's id prefix, and handed over as a stream of one chunk.
 *
 * React's own stream renders keep an AsyncLocalStorage, and a store in use switches on V8's
 * promise hooks for the whole process: every promise of every page render then pays for them
 * (a page's render makes thousands), though the only island on most pages is the header's
 * session menu. Measured, a few percent of an uncached vehicle page. The string render has no
 * store. It cannot stream, which nothing here needs: the server keeps and sends every page whole.
 * The renderer's own option for it (experimentalDisableStreaming) drops the island's id prefix,
 * so that `useId` ids of two islands on a page would collide.
 *
 * An island marked as drawn from its props alone (src/islands/server-html.ts) is rendered once
 * per set of props and id prefix: the header's session menu is the same on every page of a
 * language, and rendering it (twice: once for Astro to learn its framework) was about 6% of a
 * page that shows little else (a 404).
 */

/** Sets of props kept per island at most: props that vary per page are not worth keeping. */
const KEPT_PER_ISLAND = 16;

/** The key of `element`'s HTML, or null when it is not kept: unmarked, or a prop that is not a value. */
function keyOf(element: ReactElement, prefix: string | undefined): string | null {
  const { type, props } = element;
  if (typeof type !== 'function' || !(SERVER_HTML_FROM_PROPS in type)) return null;
  const values = props as Record<string, unknown>;
  for (const name in values) {
    const value = values[name];
    if (typeof value === 'object' ? value !== null : typeof value === 'function') return null;
  }
  return JSON.stringify([prefix ?? '', values]);
}

/** `element`'s HTML: a marked island's kept per island, id prefix and props (memo-html.ts). */
async function html(element: ReactElement, prefix: string | undefined): Promise<string> {
  const render = async () => renderToString(element, { identifierPrefix: prefix });
  const key = keyOf(element, prefix);
  return key === null ? render() : memo(element.type as object, key, render, KEPT_PER_ISLAND);
}

function renderToReadableStream(
  element: ReactElement,
  options?: { identifierPrefix?: string },
): Promise<ReadableStream<Uint8Array>> {
  return html(element, options?.identifierPrefix).then(
    (text) =>
      new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode(text));
          controller.close();
        },
      }),
  );
}

export default { renderToString, renderToReadableStream };
