/*
 * The self-hosted face: IBM Plex Sans Arabic in two files, regular (100–500) and bold (600–900,
 * so the design's 600 labels use the bold cut), each subset by scripts/fonts/subset.ts to the
 * Arabic, Latin, digits, ₪ and punctuation the site shows. A page in either language needs just
 * these two files, both preloaded by the layout. Until they arrive the text shows in local faces
 * resized and re-spaced to Plex's measures, so the swap moves nothing: Latin in an Arial-metric
 * face, Arabic in Noto Sans Arabic or Noto Naskh Arabic (Android's Arabic face), each measured on
 * text of its own script.
 * Emitted as an inline <style> by the layout.
 */
import bold from '../assets/fonts/plex-arabic-700.woff2?url';
import regular from '../assets/fonts/plex-arabic-400.woff2?url';
import { arabicFallbackMetrics, fallbackMetrics, fontUnicodeRange } from './font-metrics.ts';

export const FONT_FAMILY = 'IBM Plex Sans Arabic';
export const FALLBACK_FAMILY = 'IBM Plex Sans Arabic Fallback';

const faces: [url: string, weights: string][] = [
  [regular, '100 500'],
  [bold, '600 900'],
];

type Metrics = Record<keyof (typeof fallbackMetrics)[400], string>;

/** `local()` by full name and by PostScript name, the two names a browser matches. */
const local = (...names: string[]) => names.map((name) => `local('${name}')`).join(',');

// The Arabic block and its presentation forms, where the Arabic fallback applies.
const ARABIC_RANGE = 'U+600-6FF,U+750-77F,U+FB50-FDFF,U+FE70-FEFF';

/*
 * Local faces: Arial's metrics (Liberation Sans and Arimo are metric clones of it) for every
 * character, then, for Arabic, Noto Naskh Arabic (the UI cut on Android) and Noto Sans Arabic,
 * each resized on Arabic text. Among faces of one family the browser tries the last declared
 * first and skips one that is not installed, so Arabic gets Noto Sans Arabic (closest to Plex in
 * design) where there is one, else Noto Naskh Arabic; where neither is (Windows, Apple systems)
 * it falls back as before, to Arial's own Arabic or the system's face.
 */
const fallbacks: [src: string, weights: string, metrics: Metrics, range?: string][] = [
  [local('Arial', 'ArialMT', 'Liberation Sans', 'Arimo'), '100 500', fallbackMetrics[400]],
  [
    local('Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'Arimo Bold'),
    '600 900',
    fallbackMetrics[700],
  ],
  [
    local(
      'Noto Naskh Arabic UI',
      'NotoNaskhArabicUI-Regular',
      'Noto Naskh Arabic Regular',
      'NotoNaskhArabic-Regular',
    ),
    '100 500',
    arabicFallbackMetrics.naskh[400],
    ARABIC_RANGE,
  ],
  [
    local(
      'Noto Naskh Arabic UI Bold',
      'NotoNaskhArabicUI-Bold',
      'Noto Naskh Arabic Bold',
      'NotoNaskhArabic-Bold',
    ),
    '600 900',
    arabicFallbackMetrics.naskh[700],
    ARABIC_RANGE,
  ],
  [
    local('Noto Sans Arabic Regular', 'NotoSansArabic-Regular'),
    '100 500',
    arabicFallbackMetrics.sans[400],
    ARABIC_RANGE,
  ],
  [
    local('Noto Sans Arabic Bold', 'NotoSansArabic-Bold'),
    '600 900',
    arabicFallbackMetrics.sans[700],
    ARABIC_RANGE,
  ],
];

export const fontFaceCss = [
  ...faces.map(
    ([url, weights]) =>
      `@font-face{font-family:'${FONT_FAMILY}';font-style:normal;font-display:swap;font-weight:${weights};src:url(${url}) format('woff2');unicode-range:${fontUnicodeRange}}`,
  ),
  ...fallbacks.map(
    ([src, weights, metrics, range]) =>
      `@font-face{font-family:'${FALLBACK_FAMILY}';font-style:normal;font-weight:${weights};src:${src};size-adjust:${metrics.sizeAdjust};ascent-override:${metrics.ascentOverride};descent-override:${metrics.descentOverride};line-gap-override:${metrics.lineGapOverride}${range ? `;unicode-range:${range}` : ''}}`,
  ),
].join('');

/** The font files every page needs for its first paint, preloaded by the layout. */
export const preloadFonts: string[] = [regular, bold];
