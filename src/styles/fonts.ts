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

/** The two cuts and the CSS weights each covers (the design's 600 labels use the bold cut). */
const WEIGHTS = { 400: '100 500', 700: '600 900' } as const;
type Cut = keyof typeof WEIGHTS;
const CUTS = [400, 700] as const satisfies readonly Cut[];

const files: Record<Cut, string> = { 400: regular, 700: bold };

// The Arabic block and its presentation forms, where the Arabic fallbacks apply.
const ARABIC_RANGE = 'U+600-6FF,U+750-77F,U+FB50-FDFF,U+FE70-FEFF';

/*
 * Local faces, by full name and PostScript name (the two names a browser matches), each resized
 * to Plex's measures: Arial's metrics (Liberation Sans and Arimo are metric clones of it) for
 * every character, then, for Arabic, Noto Naskh Arabic (the UI cut on Android) and Noto Sans
 * Arabic, each measured on Arabic text. Among faces of one family the browser tries the last
 * declared first and skips one that is not installed, so Arabic gets Noto Sans Arabic (closest
 * to Plex in design) where there is one, else Noto Naskh Arabic; where neither is (Windows, Apple
 * systems) it falls back as before, to Arial's own Arabic or the system's face.
 */
const fallbacks: {
  names: Record<Cut, string[]>;
  metrics: Record<Cut, Record<keyof (typeof fallbackMetrics)[400], string>>;
  range?: string;
}[] = [
  {
    names: {
      400: ['Arial', 'ArialMT', 'Liberation Sans', 'Arimo'],
      700: ['Arial Bold', 'Arial-BoldMT', 'Liberation Sans Bold', 'Arimo Bold'],
    },
    metrics: fallbackMetrics,
  },
  {
    names: {
      400: [
        'Noto Naskh Arabic UI',
        'NotoNaskhArabicUI-Regular',
        'Noto Naskh Arabic Regular',
        'NotoNaskhArabic-Regular',
      ],
      700: [
        'Noto Naskh Arabic UI Bold',
        'NotoNaskhArabicUI-Bold',
        'Noto Naskh Arabic Bold',
        'NotoNaskhArabic-Bold',
      ],
    },
    metrics: arabicFallbackMetrics.naskh,
    range: ARABIC_RANGE,
  },
  {
    names: {
      400: ['Noto Sans Arabic Regular', 'NotoSansArabic-Regular'],
      700: ['Noto Sans Arabic Bold', 'NotoSansArabic-Bold'],
    },
    metrics: arabicFallbackMetrics.sans,
    range: ARABIC_RANGE,
  },
];

export const fontFaceCss = [
  ...CUTS.map(
    (cut) =>
      `@font-face{font-family:'${FONT_FAMILY}';font-style:normal;font-display:swap;font-weight:${WEIGHTS[cut]};src:url(${files[cut]}) format('woff2');unicode-range:${fontUnicodeRange}}`,
  ),
  ...fallbacks.flatMap(({ names, metrics, range }) =>
    CUTS.map((cut) => {
      const src = names[cut].map((name) => `local('${name}')`).join(',');
      const m = metrics[cut];
      return `@font-face{font-family:'${FALLBACK_FAMILY}';font-style:normal;font-weight:${WEIGHTS[cut]};src:${src};size-adjust:${m.sizeAdjust};ascent-override:${m.ascentOverride};descent-override:${m.descentOverride};line-gap-override:${m.lineGapOverride}${range ? `;unicode-range:${range}` : ''}}`;
    }),
  ),
].join('');

/** The font files every page needs for its first paint, preloaded by the layout. */
export const preloadFonts: string[] = CUTS.map((cut) => files[cut]);
