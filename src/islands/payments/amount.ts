import { asciiDigits } from '../../../domain/vehicle-draft.ts';

/**
 * An amount as typed: Arabic-Indic or Persian digits, the Arabic decimal separator and
 * thousands separators accepted ("١٢٠٫٥" is 120.5). Blank is 0; anything else that is not a
 * number is NaN, which the §5 amount check refuses with its message.
 */
export function parseAmount(input: string): number {
  const text = asciiDigits(input)
    .replace(/[\s,\u066C]/g, '')
    .replace('\u066B', '.');
  if (text === '') return 0;
  if (!/^\d*\.?\d*$/.test(text)) return Number.NaN;
  return Number(text);
}
