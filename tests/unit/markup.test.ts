import { describe, expect, it } from 'vitest';
import type { VehicleCard } from '../../server/routes/vehicle/schemas.ts';
import { vehicleCard } from '../../src/components/catalogue/vehicle-card.ts';
import { picture } from '../../src/components/picture.ts';
import { attributes, markup, Markup } from '../../src/lib/markup.ts';

/* Markup drawn from strings (src/lib/markup.ts) and the pieces drawn with it. */
describe('markup from strings', () => {
  it('escapes every value, in text and in attributes', () => {
    const name = `<script>alert("x")</script> & 'co'`;
    expect(markup`<p title="${name}">${name}</p>`.html).toBe(
      '<p title="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;">' +
        '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</p>',
    );
  });

  it('keeps markup it is given, joins lists and leaves out empty values', () => {
    const items = ['a<b', 'c'].map((item) => markup`<li>${item}</li>`);
    const none = false as boolean;
    expect(
      markup`<ul>${items}</ul>${none && markup`<p>hidden</p>`}${null}${undefined}${0}`.html,
    ).toBe('<ul><li>a&lt;b</li><li>c</li></ul>0');
    expect(markup`${new Markup('<br>')}`.html).toBe('<br>');
  });

  it('spreads attributes as Astro does', () => {
    expect(
      attributes({ alt: 'a "b"', hidden: true, width: 640, gone: undefined, off: false, d: '' })
        .html,
    ).toBe(' alt="a &quot;b&quot;" hidden width="640" d');
  });
});

describe('a picture', () => {
  it('holds every picture but the first until the page has painted', () => {
    const first = picture({ src: '/a.webp', alt: 'A', priority: 'first' }).html;
    expect(first).toBe('<img src="/a.webp" alt="A" loading="eager" fetchpriority="high">');
    const lazy = picture({ src: '/b.webp', alt: 'B' }).html;
    expect(lazy).toMatch(/^<picture class="contents"><source media="\(scripting: enabled\)"/);
    expect(lazy).toContain(
      ' data-held-picture><img src="/b.webp" alt="B" loading="lazy"></picture>',
    );
  });
});

const card: VehicleCard = {
  id: 7,
  slug: '7-toyota-corolla-2019',
  image: '/uploads/vehicle/x.jpg',
  meals: 120000,
  year: 2019,
  brandId: 1,
  brandName: 'تويوتا',
  modelId: 2,
  modelName: 'كورولا <GT>',
  price: 10500,
  currency: 1,
  ownerId: 3,
  ownerName: 'معرض "النجمة"',
  ownerUserType: 2,
  ownerImage: '',
  ownerMobile: '0599000000',
  ownerSlug: '3-najma',
  ownerAddressCityId: 1,
  ownerAddressStateId: 1,
  ownerAddressInfo: '',
  statusId: 1,
  status: '',
  bestThreeCategories: ['مثبت سرعة', '', 'مالك أول', 'فتحة سقف', 'بدون حوادث'],
  hasImage360: true,
  imageCount: 6,
};

describe('a vehicle card', () => {
  it('shows the vehicle, escaped, with links in the page language', () => {
    const html = vehicleCard({ vehicle: card, lang: 'en' }).html;
    expect(html).toContain('data-vehicle-card="7"');
    expect(html).toContain('href="/en/vehicle/7-toyota-corolla-2019"');
    expect(html).toContain('href="/en/gallary/3-najma"');
    expect(html).toContain('>تويوتا كورولا &lt;GT&gt;</a></h3>');
    expect(html).toContain('<span class="truncate">معرض &quot;النجمة&quot;</span>');
    expect(html).not.toContain('<GT>');
    // Up to three categories, empty ones left out.
    expect(html.match(/<li /g)).toHaveLength(3);
    expect(html).toContain('فتحة سقف');
    expect(html).not.toContain('بدون حوادث');
    expect(html).toContain('<favourite-star vehicle-id="7"');
    expect(html).toContain('aria-label="6 photos"');
    expect(html).toContain(' data-held-picture>');
  });

  it('draws the heading level, the first picture and a card without photos', () => {
    const first = vehicleCard({ vehicle: card, lang: 'ar', priority: 'first', headingLevel: 2 });
    expect(first.html).toContain('href="/vehicle/7-toyota-corolla-2019"');
    expect(first.html).toMatch(/<h2 [^>]*>.*<\/h2>/);
    expect(first.html).toContain('fetchpriority="high"');
    expect(first.html).not.toContain('data-held-picture');
    const bare = vehicleCard({
      vehicle: { ...card, image: '', imageCount: 0, hasImage360: false },
      lang: 'ar',
    }).html;
    expect(bare).not.toContain('<img');
    expect(bare).not.toContain('data-card-photos');
    expect(bare).toContain('aria-hidden="true"><svg');
  });
});
