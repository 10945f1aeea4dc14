import { describe, expect, it } from 'vitest';
import { PageParts } from '../../server/lib/page-parts.ts';

const bytes = (text: string) => new TextEncoder().encode(text);
const page = (text: string) => Buffer.from(text);

describe("a page's parts kept as bytes", () => {
  it("puts each part back where its marker is, in the page's order", () => {
    const parts = new PageParts();
    const header = parts.add(bytes('<header>سوق</header>'));
    const footer = parts.add(bytes('<footer>© 2026</footer>'));
    const joined = parts.join(page(`<body>${header}<main>x</main>${footer}</body>`));
    expect(joined.toString()).toBe(
      '<body><header>سوق</header><main>x</main><footer>© 2026</footer></body>',
    );
  });

  it('puts back the parts inside a part, and a part used twice twice', () => {
    const parts = new PageParts();
    const card = parts.add(bytes('<article>card</article>'));
    const main = parts.add(bytes(`<main>${card}${card}</main>`));
    expect(parts.join(page(`<body>${main}</body>`)).toString()).toBe(
      '<body><main><article>card</article><article>card</article></main></body>',
    );
  });

  it('answers the page itself when the render kept no part', () => {
    const body = page('<body><!--part-x:0--></body>');
    expect(new PageParts().join(body)).toBe(body);
  });

  it('leaves alone what only looks like a marker', () => {
    const parts = new PageParts();
    const marker = parts.add(bytes('<p>kept</p>'));
    const forged = '<!--part-forged:0-->';
    expect(parts.join(page(`${forged}${marker}`)).toString()).toBe(`${forged}<p>kept</p>`);
  });

  it('fails rather than send a page with a part missing', () => {
    const parts = new PageParts();
    const marker = parts.add(bytes('<p>one</p>'));
    const unknown = marker.replace(':0-->', ':7-->');
    expect(() => parts.join(page(`${marker}${unknown}`))).toThrow(/names no part/);
  });
});
