/*
 * The self-hosted face (IBM Plex Sans Arabic covers Arabic and Latin): only the weights the
 * design uses (400 text, 600 labels, 700 headings) and the subsets the site needs (Arabic,
 * Latin, Latin Extended for ₪), woff2 only, with unicode ranges so a page downloads only the
 * files its characters need. Emitted as an inline <style> by the layout.
 */
import arabic400 from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-400-normal.woff2?url';
import arabic600 from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-600-normal.woff2?url';
import arabic700 from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-700-normal.woff2?url';
import latin400 from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-latin-400-normal.woff2?url';
import latin600 from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-latin-600-normal.woff2?url';
import latin700 from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-latin-700-normal.woff2?url';
import latinExt400 from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-latin-ext-400-normal.woff2?url';
import latinExt600 from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-latin-ext-600-normal.woff2?url';
import latinExt700 from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-latin-ext-700-normal.woff2?url';
import type { Lang } from '../lib/i18n.ts';

// Unicode ranges as published with the font's subsets.
const ranges = {
  arabic:
    'U+0600-06FF,U+0750-077F,U+0870-088E,U+0890-0891,U+0897-08E1,U+08E3-08FF,U+200C-200E,U+2010-2011,U+204F,U+2E41,U+FB50-FDFF,U+FE70-FE74,U+FE76-FEFC',
  latinExt:
    'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
  latin:
    'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
};

const faces: [url: string, weight: number, range: string][] = [
  [arabic400, 400, ranges.arabic],
  [arabic600, 600, ranges.arabic],
  [arabic700, 700, ranges.arabic],
  [latinExt400, 400, ranges.latinExt],
  [latinExt600, 600, ranges.latinExt],
  [latinExt700, 700, ranges.latinExt],
  [latin400, 400, ranges.latin],
  [latin600, 600, ranges.latin],
  [latin700, 700, ranges.latin],
];

export const fontFaceCss = faces
  .map(
    ([url, weight, range]) =>
      `@font-face{font-family:'IBM Plex Sans Arabic';font-style:normal;font-display:swap;font-weight:${weight};src:url(${url}) format('woff2');unicode-range:${range}}`,
  )
  .join('');

/** The face every page of a language needs first, preloaded. */
export function preloadFont(lang: Lang): string {
  return lang === 'ar' ? arabic400 : latin400;
}
