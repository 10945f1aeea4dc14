import { createElement, useId } from 'react';
import { describe, expect, it } from 'vitest';
import islandRenderer from '../../src/adapter/react-dom-server.ts';
import { serverHtmlFromProps } from '../../src/islands/server-html.ts';

/** An island that counts its renders and shows its props and a `useId` id. */
function counted() {
  const calls = { count: 0 };
  function Island({ lang, extra }: { lang: string; extra?: unknown }) {
    calls.count++;
    const id = useId();
    return createElement('p', { id }, `${lang} ${extra === undefined ? '' : 'extra'}`);
  }
  return { Island, calls };
}

async function html(element: ReturnType<typeof createElement>, identifierPrefix = 'r1') {
  const stream = await islandRenderer.renderToReadableStream(element, { identifierPrefix });
  return new Response(stream).text();
}

describe('island server HTML', () => {
  it('renders a marked island once per set of props and id prefix', async () => {
    const { Island, calls } = counted();
    const marked = serverHtmlFromProps(Island);
    const first = await html(createElement(marked, { lang: 'ar' }));
    expect(first).toContain('ar');
    expect(first).toMatch(/id="[^"]*r1/);
    expect(await html(createElement(marked, { lang: 'ar' }))).toBe(first);
    expect(calls.count).toBe(1);

    expect(await html(createElement(marked, { lang: 'en' }))).toContain('en');
    expect(calls.count).toBe(2);
    // Another island before it on the page: another prefix, other ids.
    const second = await html(createElement(marked, { lang: 'ar' }), 'r2');
    expect(second).toMatch(/id="[^"]*r2/);
    expect(calls.count).toBe(3);
  });

  it('renders an unmarked island, or one given an object, every time', async () => {
    const plain = counted();
    await html(createElement(plain.Island, { lang: 'ar' }));
    await html(createElement(plain.Island, { lang: 'ar' }));
    expect(plain.calls.count).toBe(2);

    const marked = counted();
    const island = serverHtmlFromProps(marked.Island);
    await html(createElement(island, { lang: 'ar', extra: { id: 1 } }));
    await html(createElement(island, { lang: 'ar', extra: { id: 1 } }));
    expect(marked.calls.count).toBe(2);
  });

  it("names React as a marked island's renderer, so Astro does not render it to find out", () => {
    const island = serverHtmlFromProps(counted().Island) as unknown as Record<symbol, unknown>;
    expect(island[Symbol.for('astro:renderer')]).toBe('@astrojs/react');
  });
});
