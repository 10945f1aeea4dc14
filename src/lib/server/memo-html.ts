/**
 * HTML rendered once and reused while the data it shows stays the same object. The page frame's
 * footer and policy dialogs (an eighth of a vehicle page's HTML) are the same on every page of a
 * language until the admin changes their texts; their key is the frame data, itself one object
 * for as long as the reference cache keeps those texts (frame-data.ts). A new object (a change,
 * or the cache's few seconds running out) renders anew, and the old HTML goes with the old key.
 * Memo.astro keeps the footer's bytes beside its HTML, for the server to put in the page as they
 * are (server/lib/page-parts.ts). The server HTML of islands drawn from their props alone is
 * kept the same way, per island (src/adapter/react-dom-server.ts).
 */
const kept = new WeakMap<object, Map<string, Promise<unknown>>>();

/**
 * `render`'s answer (HTML, or its bytes), kept under `key` and `name`; no more than `most` names
 * are kept per key (the ones after render every time).
 */
export function memo<T>(
  key: object,
  name: string,
  render: () => Promise<T>,
  most = Infinity,
): Promise<T> {
  let byName = kept.get(key);
  if (!byName) kept.set(key, (byName = new Map()));
  let html = byName.get(name) as Promise<T> | undefined;
  if (!html) {
    html = render();
    if (byName.size >= most) return html;
    byName.set(name, html);
    // A failed render is not kept: the next page tries again.
    html.catch(() => byName.delete(name));
  }
  return html;
}
