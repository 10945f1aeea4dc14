import { renderToString } from 'react-dom/server.node';

/*
 * What the React renderer (@astrojs/react) imports as `react-dom/server` in the built site
 * (astro.config.mjs aliases it here). Each island is rendered to a string at once, with its
 * island's id prefix, and handed over as a stream of one chunk.
 *
 * React's own stream renders keep an AsyncLocalStorage, and a store in use switches on V8's
 * promise hooks for the whole process: every promise of every page render then pays for them
 * (a page's render makes thousands), though the only island on most pages is the header's
 * session menu. Measured, a few percent of an uncached vehicle page. The string render has no store. It cannot stream, which
 * nothing here needs: the server keeps and sends every page whole. The renderer's own option for
 * it (experimentalDisableStreaming) drops the island's id prefix, so that `useId` ids of two
 * islands on a page would collide.
 */
function renderToReadableStream(
  node: Parameters<typeof renderToString>[0],
  options?: { identifierPrefix?: string },
): Promise<ReadableStream<Uint8Array>> {
  const html = new TextEncoder().encode(
    renderToString(node, { identifierPrefix: options?.identifierPrefix }),
  );
  return Promise.resolve(
    new ReadableStream({
      start(controller) {
        controller.enqueue(html);
        controller.close();
      },
    }),
  );
}

export default { renderToString, renderToReadableStream };
