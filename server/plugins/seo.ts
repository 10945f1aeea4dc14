import { promisify } from 'node:util';
import { brotliCompress, constants, gzip as gzipCallback } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { preferredEncoding } from '../lib/content-encoding.ts';
import type { SiteServices } from '../site-services.ts';

/** What the SEO files read: the public origin and the public vehicles' and sellers' slugs. */
export type SeoServices = Pick<SiteServices, 'siteUrl'> & {
  vehicles: Pick<SiteServices['vehicles'], 'publicSlugs' | 'publicCount'>;
  sellers: Pick<SiteServices['sellers'], 'publicSlugs'>;
};

const brotli = promisify(brotliCompress);
const gzip = promisify(gzipCallback);

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
  async function seo(
    app: FastifyInstance,
    options: { services: SeoServices; pagesPerFile?: number },
  ) {
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

    type SitemapPage = { path: string; lastmod?: Date };
    const fixedPages: SitemapPage[] = [
      { path: '/' },
      { path: '/vehicles' },
      { path: '/sellers' },
      { path: '/aboutus' },
    ];
    /**
     * The pages from `start` (inclusive) to `end` in the sitemap's order: the fixed pages, every
     * public vehicle by id, then every seller. Only the vehicles of the range are read, so a
     * file of a large catalogue costs one indexed slice, not the whole list.
     */
    const pagesBetween = async (start: number, end: number): Promise<SitemapPage[]> => {
      const vehicleCount = await services.vehicles.publicCount();
      const vehiclesFrom = Math.max(0, start - fixedPages.length);
      const vehiclesTo = Math.min(vehicleCount, Math.max(0, end - fixedPages.length));
      const [vehicles, sellers] = await Promise.all([
        vehiclesTo > vehiclesFrom
          ? services.vehicles.publicSlugs({
              offset: vehiclesFrom,
              limit: vehiclesTo - vehiclesFrom,
            })
          : [],
        end > fixedPages.length + vehicleCount ? services.sellers.publicSlugs() : [],
      ]);
      const sellersFrom = Math.max(0, start - fixedPages.length - vehicleCount);
      const sellersTo = end - fixedPages.length - vehicleCount;
      return [
        ...fixedPages.slice(start, end),
        ...vehicles.map((vehicle) => ({
          path: `/vehicle/${vehicle.slug}`,
          lastmod: vehicle.updatedAt,
        })),
        ...sellers.slice(sellersFrom, Math.max(sellersFrom, sellersTo)).map((seller) => ({
          path: `/gallary/${seller.slug}`,
          lastmod: seller.updatedAt,
        })),
      ];
    };
    const pageCount = async () =>
      fixedPages.length +
      (await services.vehicles.publicCount()) +
      (await services.sellers.publicSlugs()).length;
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
    // A file of a large catalogue is megabytes of XML: sent compressed when the crawler accepts it
    // (they all do), compressed off the event loop.
    const xml = async (request: FastifyRequest, reply: FastifyReply, text: string) => {
      reply
        .type('application/xml; charset=utf-8')
        .header('Cache-Control', 'public, max-age=300')
        .header('Vary', 'Accept-Encoding');
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      if (encoding === 'br') {
        const body = await brotli(text, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 5,
            [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(text),
          },
        });
        return reply.header('Content-Encoding', 'br').send(body);
      }
      if (encoding === 'gzip') {
        return reply.header('Content-Encoding', 'gzip').send(await gzip(text, { level: 6 }));
      }
      return reply.send(text);
    };

    // A sitemap holds at most 50,000 URLs; each page is listed twice (Arabic and English).
    const pagesPerFile = options.pagesPerFile ?? 20_000;

    app.get('/sitemap.xml', async (request, reply) => {
      const total = await pageCount();
      if (total <= pagesPerFile) return xml(request, reply, urlset(await pagesBetween(0, total)));
      const files = Math.ceil(total / pagesPerFile);
      const index = Array.from(
        { length: files },
        (_, i) => `<sitemap><loc>${escapeXml(`${origin}/sitemap-${i + 1}.xml`)}</loc></sitemap>`,
      );
      return xml(
        request,
        reply,
        `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${index.join('\n')}\n</sitemapindex>\n`,
      );
    });

    app.get<{ Params: { part: string } }>('/sitemap-:part.xml', async (request, reply) => {
      const part = Number(request.params.part);
      const slice =
        Number.isInteger(part) && part >= 1 && part <= 1000
          ? await pagesBetween((part - 1) * pagesPerFile, part * pagesPerFile)
          : [];
      if (slice.length === 0) return reply.status(404).type('text/plain').send('Not found');
      return xml(request, reply, urlset(slice));
    });
  },
  { name: 'seo' },
);
