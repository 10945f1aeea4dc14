/*
 * The self-hosted face: IBM Plex Sans Arabic in two files, regular (100–500) and bold (600–900,
 * so the design's 600 labels use the bold cut), each subset by scripts/fonts/subset.ts to the
 * Arabic, Latin, digits, ₪ and punctuation the site shows. A page in either language needs just
 * these two files, both preloaded by the layout. Until they arrive the text shows in a local
 * Arial-metric face resized and re-spaced to Plex's measures, so the swap moves nothing.
 * Emitted as an inline <style> by the layout.
 */
import bold from '../assets/fonts/plex-arabic-700.woff2?url';
import regular from '../assets/fonts/plex-arabic-400.woff2?url';
import { fallbackMetrics, fontUnicodeRange } from './font-metrics.ts';

export const FONT_FAMILY = 'IBM Plex Sans Arabic';
export const FALLBACK_FAMILY = 'IBM Plex Sans Arabic Fallback';

const faces: [url: string, weights: string][] = [
  [regular, '100 500'],
  [bold, '600 900'],
];

// Local faces with Arial's metrics (Liberation Sans and Arimo are metric clones of it).
const fallbacks: [local: string, weights: string, metrics: (typeof fallbackMetrics)[400 | 700]][] =
  [
    [
      "local('Arial'),local('ArialMT'),local('Liberation Sans'),local('Arimo')",
      '100 500',
      fallbackMetrics[400],
    ],
    [
      "local('Arial Bold'),local('Arial-BoldMT'),local('Liberation Sans Bold'),local('Arimo Bold')",
      '600 900',
      fallbackMetrics[700],
    ],
  ];

export const fontFaceCss = [
  ...faces.map(
    ([url, weights]) =>
      `@font-face{font-family:'${FONT_FAMILY}';font-style:normal;font-display:swap;font-weight:${weights};src:url(${url}) format('woff2');unicode-range:${fontUnicodeRange}}`,
  ),
  ...fallbacks.map(
    ([local, weights, metrics]) =>
      `@font-face{font-family:'${FALLBACK_FAMILY}';font-style:normal;font-weight:${weights};src:${local};size-adjust:${metrics.sizeAdjust};ascent-override:${metrics.ascentOverride};descent-override:${metrics.descentOverride};line-gap-override:${metrics.lineGapOverride}}`,
  ),
].join('');

/** The font files every page needs for its first paint, preloaded by the layout. */
export const preloadFonts: string[] = [regular, bold];
