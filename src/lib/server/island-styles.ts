/*
 * Astro writes the rule that makes its island wrappers layout-neutral as a `<style>` just before
 * the first island, which on every page sits inside the header's `<div>`s; `<style>` belongs in
 * the head (HTML's content model, issue 13). This stream moves it there as the page goes out,
 * without buffering the page: the rule is added before `</head>` and the copy in the body is
 * dropped. Both are looked for once, in that order, so the rest of the page passes untouched.
 */

/** Astro's own text (astro/dist/runtime/server/astro-island-styles.js), matched exactly. */
export const ISLAND_STYLE =
  '<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>';

/**
 * Replaces the first occurrence of each `[find, replace]`, one after the other, across chunks.
 * It works on the bytes (the texts looked for are ASCII, so a match never starts inside a
 * character), and once every step is done the remaining chunks pass through as they are.
 */
export function replaceInOrder(steps: [find: string, replace: string][]) {
  const encoded = steps.map(([find, replace]) => [Buffer.from(find), Buffer.from(replace)]);
  let step = 0;
  let carry = Buffer.alloc(0);
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      if (step === encoded.length) return controller.enqueue(chunk);
      const view = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
      let bytes = carry.length ? Buffer.concat([carry, view]) : view;
      const out: Buffer[] = [];
      while (step < encoded.length) {
        const [find, replace] = encoded[step]!;
        const at = bytes.indexOf(find);
        if (at < 0) break;
        out.push(bytes.subarray(0, at), replace);
        bytes = bytes.subarray(at + find.length);
        step++;
      }
      // Keep back what could be the start of the next match, split across two chunks.
      const keep = step < encoded.length ? Math.min(bytes.length, encoded[step]![0].length - 1) : 0;
      out.push(bytes.subarray(0, bytes.length - keep));
      carry = Buffer.from(bytes.subarray(bytes.length - keep));
      const sent = Buffer.concat(out);
      if (sent.length) controller.enqueue(sent);
    },
    flush(controller) {
      if (carry.length) controller.enqueue(carry);
    },
  });
}

/** A page's HTML with the island rule in its head and not in its body. */
export const islandStyleToHead = () =>
  replaceInOrder([
    ['</head>', `${ISLAND_STYLE}</head>`],
    [ISLAND_STYLE, ''],
  ]);
