// Makes the site's two font files and the metrics of their fallback (src/styles/fonts.ts reads
// both): IBM Plex Sans Arabic at 400 and 700, each cut down to the characters the site shows
// (basic Arabic, Latin, digits, ₪ and punctuation) so one file per weight covers a page in
// either language. Run after changing the character set or the font:
//   node --import tsx scripts/fonts/subset.ts
// The outputs are committed; the build does not run this. Needs the devDependencies
// @expo-google-fonts/ibm-plex-sans-arabic (the complete faces as published by Google Fonts; IBM's
// own package runs a telemetry process on install), subset-font and harfbuzzjs, a Liberation Sans
// (Arial's metrics; Debian's fonts-liberation) to measure the Latin fallback against, and Noto Sans
// Arabic and Noto Naskh Arabic (Debian's fonts-noto-core) for the Arabic ones.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as hb from 'harfbuzzjs';
import { format, resolveConfig } from 'prettier';
import subsetFont from 'subset-font';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const source = path.join(root, 'node_modules/@expo-google-fonts/ibm-plex-sans-arabic');
const outDir = path.join(root, 'src/assets/fonts');
const arialLike =
  process.env.ARIAL_METRICS_FONT ??
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf';
const notoDir = process.env.NOTO_FONTS_DIR ?? '/usr/share/fonts/truetype/noto';
// The local Arabic faces the fallback resizes, by name in font-metrics.ts: files at 400 and 700.
const arabicLocals = {
  sans: ['NotoSansArabic-Regular.ttf', 'NotoSansArabic-Bold.ttf'],
  naskh: ['NotoNaskhArabic-Regular.ttf', 'NotoNaskhArabic-Bold.ttf'],
};

/** Inclusive code point ranges kept; the same list becomes the faces' `unicode-range`. */
export const keptRanges: [number, number][] = [
  [0x20, 0x7e], // Basic Latin
  [0xa0, 0xff], // Latin-1: no-break space, ×, «», accented letters of names
  // Arabic as the site's languages write it: comma, semicolon, question mark, the letters,
  // harakat, Arabic-Indic digits and separators. Persian and Urdu letters fall back.
  [0x60c, 0x60c],
  [0x61b, 0x61f],
  [0x621, 0x655],
  [0x660, 0x66d],
  [0x670, 0x671],
  [0x200c, 0x200f], // joiners and direction marks
  [0x2010, 0x2027], // dashes, quotes, bullet, ellipsis
  [0x2030, 0x2030], // per mille
  [0x2039, 0x203a], // single guillemets
  [0x20aa, 0x20aa], // ₪
  [0x20ac, 0x20ac], // €
  [0x2122, 0x2122], // ™
  [0x2212, 0x2212], // minus
];

/*
 * The OpenType features text needs: Arabic joining forms and ligatures, mark placement and
 * kerning. Stylistic sets, fractions, superscripts and the slashed zero are left out (the site
 * asks for none of them).
 */
const layoutFeatures = [
  'ccmp',
  'locl',
  'isol',
  'init',
  'medi',
  'fina',
  'rlig',
  'calt',
  'liga',
  'kern',
  'mark',
  'mkmk',
];

const weights = [
  { weight: 400, file: '400Regular/IBMPlexSansArabic_400Regular.ttf' },
  { weight: 700, file: '700Bold/IBMPlexSansArabic_700Bold.ttf' },
];

// Latin text with ordinary letter frequencies, for the Latin fallback's width.
const sample =
  'The quick brown fox jumps over the lazy dog. Vehicles for sale in Palestine: 2023 Hyundai Tucson, 45,000 km, price 98,500 ILS.';
// Arabic as the site writes it, for the Arabic fallback's width. Only its words are measured:
// spaces, digits and full stops are Latin characters, which the Latin fallback draws.
const arabicSample =
  'سيارات جديدة ومستعملة للبيع في فلسطين. هيونداي توسان موديل 2023 بحالة ممتازة، فحص كامل، السعر قابل للتفاوض. تواصل مع البائع مباشرة عبر الهاتف.';

const text = keptRanges
  .flatMap(([from, to]) => Array.from({ length: to - from + 1 }, (_, i) => from + i))
  .map((code) => String.fromCodePoint(code))
  .join('');

function int16(table: Uint8Array, offset: number): number {
  return new DataView(table.buffer, table.byteOffset, table.byteLength).getInt16(offset);
}

/**
 * hhea ascender, descender and line gap, and the width of the text's characters on average, all
 * per em. `runs` are shaped one by one (the words of a text whose spaces another face draws).
 */
function measure(sfnt: Uint8Array, runs = [sample]) {
  const face = new hb.Face(new hb.Blob(sfnt));
  const font = new hb.Font(face);
  const hhea = face.referenceTable('hhea');
  if (!hhea) throw new Error('font without hhea');
  // Read before shaping, which may grow the WebAssembly memory that `hhea` views.
  const vertical = {
    ascent: int16(hhea, 4) / face.upem,
    descent: -int16(hhea, 6) / face.upem,
    lineGap: int16(hhea, 8) / face.upem,
  };
  let width = 0;
  for (const run of runs) {
    const buffer = new hb.Buffer();
    buffer.addText(run);
    buffer.guessSegmentProperties();
    hb.shape(font, buffer);
    width += buffer.getGlyphPositions().reduce((sum, glyph) => sum + glyph.xAdvance, 0);
  }
  return { ...vertical, width: width / face.upem / runs.join('').length };
}

const percent = (value: number) => `${(value * 100).toFixed(2)}%`;

/** A fallback face's overrides that give it `target`'s width and vertical metrics. */
function overrides(target: ReturnType<typeof measure>, local: ReturnType<typeof measure>) {
  const sizeAdjust = target.width / local.width;
  return {
    sizeAdjust: percent(sizeAdjust),
    ascentOverride: percent(target.ascent / sizeAdjust),
    descentOverride: percent(target.descent / sizeAdjust),
    lineGapOverride: percent(target.lineGap / sizeAdjust),
  };
}

const arial = measure(readFileSync(arialLike));
const arabicWords = arabicSample.match(/[\u0600-\u06ff]+/g) ?? [];
const fallbacks: Record<number, Record<string, string>> = {};
const arabicFallbacks: Record<string, Record<number, Record<string, string>>> = {};
for (const [index, { weight, file }] of weights.entries()) {
  const input = readFileSync(path.join(source, file));
  // Unhinted: a third smaller; browsers outside Windows ignore TrueType hints anyway.
  const woff2 = await subsetFont(input, text, {
    targetFormat: 'woff2',
    noHinting: true,
    keepFeatures: layoutFeatures,
  });
  writeFileSync(path.join(outDir, `plex-arabic-${weight}.woff2`), woff2);
  const plex = measure(await subsetFont(input, sample, { targetFormat: 'sfnt' }));
  fallbacks[weight] = overrides(plex, arial);
  const plexArabic = measure(input, arabicWords);
  for (const [name, files] of Object.entries(arabicLocals)) {
    const local = measure(readFileSync(path.join(notoDir, files[index]!)), arabicWords);
    (arabicFallbacks[name] ??= {})[weight] = overrides(plexArabic, local);
  }
  process.stdout.write(`plex-arabic-${weight}.woff2: ${woff2.length} bytes\n`);
}

const ranges = keptRanges
  .map(([from, to]) =>
    from === to
      ? `U+${from.toString(16).toUpperCase()}`
      : `U+${from.toString(16).toUpperCase()}-${to.toString(16).toUpperCase()}`,
  )
  .join(',');
const metricsFile = path.join(root, 'src/styles/font-metrics.ts');
writeFileSync(
  metricsFile,
  await format(
    `// Made by scripts/fonts/subset.ts: do not edit.\n` +
      `export const fontUnicodeRange = ${JSON.stringify(ranges)};\n` +
      `export const fallbackMetrics = ${JSON.stringify(fallbacks)} as const;\n` +
      `export const arabicFallbackMetrics = ${JSON.stringify(arabicFallbacks)} as const;\n`,
    { ...(await resolveConfig(metricsFile)), filepath: metricsFile },
  ),
);
