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

/** Replaces the first occurrence of each `[find, replace]`, one after the other, across chunks. */
export function replaceInOrder(steps: [find: string, replace: string][]) {
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let step = 0;
  let carry = '';
  return new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      let text = carry + decoder.decode(chunk, { stream: true });
      let out = '';
      while (step < steps.length) {
        const [find, replace] = steps[step]!;
        const at = text.indexOf(find);
        if (at < 0) break;
        out += text.slice(0, at) + replace;
        text = text.slice(at + find.length);
        step++;
      }
      // Keep back what could be the start of the next match, split across two chunks.
      const keep = step < steps.length ? Math.min(text.length, steps[step]![0].length - 1) : 0;
      out += text.slice(0, text.length - keep);
      carry = text.slice(text.length - keep);
      if (out) controller.enqueue(encoder.encode(out));
    },
    flush(controller) {
      const rest = carry + decoder.decode();
      if (rest) controller.enqueue(encoder.encode(rest));
    },
  });
}

/** A page's HTML with the island rule in its head and not in its body. */
export const islandStyleToHead = () =>
  replaceInOrder([
    ['</head>', `${ISLAND_STYLE}</head>`],
    [ISLAND_STYLE, ''],
  ]);
