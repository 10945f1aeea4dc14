// Made by scripts/fonts/subset.ts: do not edit.
export const fontUnicodeRange =
  'U+20-7E,U+A0-FF,U+60C,U+61B-61F,U+621-655,U+660-66D,U+670-671,U+200C-200F,U+2010-2027,U+2030,U+2039-203A,U+20AA,U+20AC,U+2122,U+2212';
export const fallbackMetrics = {
  '400': {
    sizeAdjust: '100.78%',
    ascentOverride: '107.66%',
    descentOverride: '41.18%',
    lineGapOverride: '0.00%',
  },
  '700': {
    sizeAdjust: '105.25%',
    ascentOverride: '103.09%',
    descentOverride: '39.43%',
    lineGapOverride: '0.00%',
  },
} as const;
export const arabicFallbackMetrics = {
  sans: {
    '400': {
      sizeAdjust: '93.65%',
      ascentOverride: '115.85%',
      descentOverride: '44.31%',
      lineGapOverride: '0.00%',
    },
    '700': {
      sizeAdjust: '90.45%',
      ascentOverride: '119.95%',
      descentOverride: '45.88%',
      lineGapOverride: '0.00%',
    },
  },
  naskh: {
    '400': {
      sizeAdjust: '105.43%',
      ascentOverride: '102.91%',
      descentOverride: '39.36%',
      lineGapOverride: '0.00%',
    },
    '700': {
      sizeAdjust: '108.56%',
      ascentOverride: '99.95%',
      descentOverride: '38.23%',
      lineGapOverride: '0.00%',
    },
  },
} as const;
