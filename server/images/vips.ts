import type sharp from 'sharp';

let library: Promise<typeof sharp> | undefined;

/**
 * sharp (libvips), loaded with the first image a process checks, encodes or draws: it takes
 * about 20 MB in every process that loads it, and a process that only serves pages never needs
 * it (a picture's size for a link preview is read from its header without it).
 */
export function vips(): Promise<typeof sharp> {
  library ??= import('sharp').then(({ default: loaded }) => {
    // Every upload is a new image: libvips's operation cache would only hold memory.
    loaded.cache(false);
    return loaded;
  });
  return library;
}
