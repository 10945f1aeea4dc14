import { describe, expect, it } from 'vitest';
import {
  ISLAND_STYLE,
  islandStyleToHead,
  replaceInOrder,
} from '../../src/lib/server/island-styles.ts';

/** Sends `html` through `stream` cut into pieces of `size` characters, and reads it back. */
async function through(
  stream: TransformStream<Uint8Array, Uint8Array>,
  html: string,
  size: number,
) {
  const encoder = new TextEncoder();
  const source = new ReadableStream<Uint8Array>({
    start(controller) {
      for (let at = 0; at < html.length; at += size) {
        controller.enqueue(encoder.encode(html.slice(at, at + size)));
      }
      controller.close();
    },
  });
  return new Response(source.pipeThrough(stream)).text();
}

const page = (body: string) =>
  `<!doctype html><html lang="ar"><head><title>سوق</title></head><body>${body}</body></html>`;

describe('moving the island style into the head', () => {
  const body = `<header><div>${ISLAND_STYLE}<script>1</script><astro-island></astro-island></div></header>`;
  const expected = page(body.replace(ISLAND_STYLE, '')).replace(
    '</head>',
    `${ISLAND_STYLE}</head>`,
  );

  it('moves it whole, however the page is cut into chunks', async () => {
    for (const size of [1, 2, 7, 64, 100_000]) {
      expect(await through(islandStyleToHead(), page(body), size), `chunks of ${size}`).toBe(
        expected,
      );
    }
  });

  it('keeps Arabic text intact when a chunk ends inside a character', async () => {
    const encoder = new TextEncoder();
    const bytes = encoder.encode(page(body));
    const source = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 3) controller.enqueue(bytes.slice(at, at + 3));
        controller.close();
      },
    });
    expect(await new Response(source.pipeThrough(islandStyleToHead())).text()).toBe(expected);
  });

  it('adds the rule to the head of a page without islands, and changes nothing else', async () => {
    const plain = page('<main><p>لا جزر هنا</p></main>');
    expect(await through(islandStyleToHead(), plain, 5)).toBe(
      plain.replace('</head>', `${ISLAND_STYLE}</head>`),
    );
  });

  it('replaces only the first occurrence of each text, in order', async () => {
    const out = await through(
      replaceInOrder([
        ['a', 'A'],
        ['b', ''],
      ]),
      'babab',
      1,
    );
    expect(out).toBe('bAab');
  });
});
