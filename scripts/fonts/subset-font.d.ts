// The subset of subset-font's options that scripts/fonts/subset.ts uses (the package ships no types).
declare module 'subset-font' {
  export default function subsetFont(
    font: Buffer | Uint8Array,
    text: string,
    options?: {
      targetFormat?: 'sfnt' | 'woff' | 'woff2';
      noHinting?: boolean;
      keepFeatures?: string[];
    },
  ): Promise<Buffer>;
}
