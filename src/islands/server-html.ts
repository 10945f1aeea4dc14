/**
 * The mark of a React island whose server HTML depends on its props alone: no clock, no random
 * value, nothing of the request (the server renders islands for a visitor it does not know, with
 * every store at its default). The server then renders it once per set of props and id prefix
 * and reuses that HTML (src/adapter/react-dom-server.ts). A registered symbol, so that the
 * browser's bundle of the island carries no server code.
 */
export const SERVER_HTML_FROM_PROPS = Symbol.for('site.serverHtmlFromProps');

/**
 * Marks `island` as drawn from its props alone (above), and names React as its renderer: Astro
 * otherwise finds out which framework draws a component by rendering it once more on every page.
 */
export function serverHtmlFromProps<T extends object>(island: T): T {
  Object.defineProperty(island, SERVER_HTML_FROM_PROPS, { value: true });
  // Astro's own tag (astro/dist/runtime/server/render/common.js): the renderer's name.
  Object.defineProperty(island, Symbol.for('astro:renderer'), { value: '@astrojs/react' });
  return island;
}
