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
  const encoder = new TextEncoder();
  const encoded = steps.map(([find, replace]) => [encoder.encode(find), encoder.encode(replace)]);
  let step = 0;
  let carry: Uint8Array = new Uint8Array(0);
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      if (step === encoded.length) return controller.enqueue(chunk);
      let bytes = carry.length ? concat([carry, chunk]) : chunk;
      const out: Uint8Array[] = [];
      while (step < encoded.length) {
        const [find, replace] = encoded[step]!;
        const at = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(find);
        if (at < 0) break;
        out.push(bytes.subarray(0, at), replace);
        bytes = bytes.subarray(at + find.length);
        step++;
      }
      // Keep back what could be the start of the next match, split across two chunks.
      const keep = step < encoded.length ? Math.min(bytes.length, encoded[step]![0].length - 1) : 0;
      out.push(bytes.subarray(0, bytes.length - keep));
      carry = bytes.slice(bytes.length - keep);
      const sent = concat(out);
      if (sent.length) controller.enqueue(sent);
    },
    flush(controller) {
      if (carry.length) controller.enqueue(carry);
    },
  });
}

const concat = (parts: Uint8Array[]) => (parts.length === 1 ? parts[0]! : Buffer.concat(parts));

/** A page's HTML with the island rule in its head and not in its body. */
export const islandStyleToHead = () =>
  replaceInOrder([
    ['</head>', `${ISLAND_STYLE}</head>`],
    [ISLAND_STYLE, ''],
  ]);
