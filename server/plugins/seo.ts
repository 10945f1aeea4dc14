import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { SiteServices } from '../site-services.ts';

const escapeXml = (text: string) =>
  text.replace(
    /[<>&'"]/g,
    (c) => `&${{ '<': 'lt', '>': 'gt', '&': 'amp', "'": 'apos', '"': 'quot' }[c]};`,
  );

/**
 * /sitemap.xml lists every public page in both languages, each with its alternate
 * (hreflang), and /robots.txt points to it. Both use the configured public origin.
 */
export default fp(
  async function seo(app: FastifyInstance, options: { services: SiteServices }) {
    const { services } = options;
    const origin = services.siteUrl;

    app.get('/robots.txt', async (_request, reply) => {
      reply.type('text/plain; charset=utf-8').header('Cache-Control', 'public, max-age=3600');
      return [
        'User-agent: *',
        'Allow: /',
        'Disallow: /api/',
        'Disallow: /profile',
        'Disallow: /en/profile',
        '',
        `Sitemap: ${origin}/sitemap.xml`,
        '',
      ].join('\n');
    });

    const allPages = async () => {
      const [vehicles, sellers] = await Promise.all([
        services.vehicles.publicSlugs(),
        services.sellers.publicSlugs(),
      ]);
      const pages: { path: string; lastmod?: Date }[] = [
        { path: '/' },
        { path: '/vehicles' },
        { path: '/sellers' },
        { path: '/aboutus' },
        ...vehicles.map((vehicle) => ({
          path: `/vehicle/${vehicle.slug}`,
          lastmod: vehicle.updatedAt,
        })),
        ...sellers.map((seller) => ({
          path: `/gallary/${seller.slug}`,
          lastmod: seller.updatedAt,
        })),
      ];
      return pages;
    };
    // Slugs may hold Arabic letters: URLs in a sitemap are percent-encoded, as canonical links are.
    const url = (path: string, lang: 'ar' | 'en') =>
      escapeXml(
        encodeURI(`${origin}${lang === 'en' ? (path === '/' ? '/en/' : `/en${path}`) : path}`),
      );
    const urlset = (pages: { path: string; lastmod?: Date }[]) => {
      const entries = pages.flatMap(({ path, lastmod }) =>
        (['ar', 'en'] as const).map(
          (lang) =>
            `<url><loc>${url(path, lang)}</loc>` +
            (lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : '') +
            `<xhtml:link rel="alternate" hreflang="ar" href="${url(path, 'ar')}"/>` +
            `<xhtml:link rel="alternate" hreflang="en" href="${url(path, 'en')}"/>` +
            `<xhtml:link rel="alternate" hreflang="x-default" href="${url(path, 'ar')}"/></url>`,
        ),
      );
      return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
    };
    const xml = (reply: FastifyReply, text: string) =>
      reply
        .type('application/xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=300')
        .send(text);

    // A sitemap holds at most 50,000 URLs; each page is listed twice (Arabic and English).
    const pagesPerFile = 20_000;

    app.get('/sitemap.xml', async (_request, reply) => {
      const pages = await allPages();
      if (pages.length <= pagesPerFile) return xml(reply, urlset(pages));
      const files = Math.ceil(pages.length / pagesPerFile);
      const index = Array.from(
        { length: files },
        (_, i) => `<sitemap><loc>${escapeXml(`${origin}/sitemap-${i + 1}.xml`)}</loc></sitemap>`,
      );
      return xml(
        reply,
        `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${index.join('\n')}\n</sitemapindex>\n`,
      );
    });

    app.get<{ Params: { part: string } }>('/sitemap-:part.xml', async (request, reply) => {
      const part = Number(request.params.part);
      const pages = await allPages();
      const slice =
        Number.isInteger(part) && part >= 1
          ? pages.slice((part - 1) * pagesPerFile, part * pagesPerFile)
          : [];
      if (slice.length === 0) return reply.status(404).type('text/plain').send('Not found');
      return xml(reply, urlset(slice));
    });
  },
  { name: 'seo' },
);
