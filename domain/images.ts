/*
 * Names of stored images and their resized variants (the image store writes them, pages list
 * them). Next to each main JPEG sit WebP variants, one per width, never enlarged:
 *
 *   /uploads/vehicle/2025/k3J9x0aQ.jpg        main JPEG
 *   /uploads/vehicle/2025/k3J9x0aQ-320.webp   one per IMAGE_WIDTHS entry
 *
 * Panoramas and pictures that did not come through the store (static demo files) have none.
 */

/**
 * Widths of the WebP variants; each file exists for every stored non-panorama image. 960 serves
 * a phone's full-width picture at twice its pixels (390 px × 2), which otherwise took 1280.
 */
export const IMAGE_WIDTHS = [320, 640, 960, 1280] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/**
 * Widths added after images were first stored: an image stored before lacks them, and the
 * store makes one from the image's SOURCE_WIDTH variant the first time it is asked for.
 */
export const ADDED_WIDTHS: readonly ImageWidth[] = [960];
/** The variant an added width is made from: the largest one every stored image has had. */
export const SOURCE_WIDTH: ImageWidth = 1280;

const STORED_JPEG = /^\/uploads\/.+\.jpg$/i;

/** Whether `imagePath` is a stored JPEG with WebP variants beside it. */
export function hasVariants(imagePath: string | null | undefined): imagePath is string {
  return !!imagePath && STORED_JPEG.test(imagePath);
}

/** The file name suffix of a variant: `-320.webp`. */
export function variantSuffix(width: ImageWidth): string {
  return `-${width}.webp`;
}

/** The URL of the WebP variant of `imagePath` at one of IMAGE_WIDTHS. */
export function variantUrl(imagePath: string, width: ImageWidth): string {
  return imagePath.replace(/\.jpg$/i, variantSuffix(width));
}

/** A `srcset` value listing every WebP variant of `imagePath`. */
export function srcset(imagePath: string): string {
  return IMAGE_WIDTHS.map((w) => `${variantUrl(imagePath, w)} ${w}w`).join(', ');
}

/**
 * `src` and `srcset` for an `<img>`: the variant at `width` and the full set when the image has
 * variants, the path itself otherwise.
 */
export function responsiveImage(
  imagePath: string,
  width: ImageWidth,
): { src: string; srcset?: string } {
  return hasVariants(imagePath)
    ? { src: variantUrl(imagePath, width), srcset: srcset(imagePath) }
    : { src: imagePath };
}

/** The single variant at `width` when there is one (avatars, thumbnails), the path otherwise. */
export function imageAt(imagePath: string, width: ImageWidth): string {
  return hasVariants(imagePath) ? variantUrl(imagePath, width) : imagePath;
}
