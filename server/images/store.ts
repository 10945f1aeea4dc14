import { randomBytes } from 'node:crypto';
import type { Metadata, Sharp } from 'sharp';
import { vips } from './vips.ts';
import { IMAGE_WIDTHS, variantSuffix } from '../../domain/images.ts';
import { FolderStore } from '../lib/storage/folder-store.ts';
import {
  contentTypeOf,
  keyOfPath,
  pathOfKey,
  type ObjectStore,
} from '../lib/storage/object-store.ts';

/**
 * Stored images. Every upload is checked by its content (never its name), turned upright,
 * stripped of metadata (GPS, camera serials) and re-encoded, so nothing a user sent is served
 * byte for byte. Next to the main JPEG sit WebP variants for `srcset`:
 *
 *   /uploads/vehicle/2025/k3J9x0aQ.jpg        main JPEG (max width depends on the kind)
 *   /uploads/vehicle/2025/k3J9x0aQ-320.webp   one per IMAGE_WIDTHS entry, never enlarged
 *
 * Panoramas keep one large JPEG only: the 360 viewer needs the full equirectangular image.
 */

export type ImageKind = 'vehicle' | 'panorama' | 'profile' | 'ad' | 'bill' | 'misc';

const MAIN_MAX_WIDTH: Record<ImageKind, number> = {
  vehicle: 1280,
  panorama: 4096,
  profile: 640,
  ad: 1920,
  // Proofs of payment must stay readable.
  bill: 1920,
  misc: 1280,
};

const KINDS: readonly ImageKind[] = ['vehicle', 'panorama', 'profile', 'ad', 'bill', 'misc'];

/** The formats the store decodes; a caller may accept fewer (vehicle photos: JPEG and PNG). */
export type ImageFormat = 'jpeg' | 'png' | 'webp';
const ACCEPTED_FORMATS: readonly ImageFormat[] = ['jpeg', 'png', 'webp'];
// 40 megapixels is more than any phone camera; larger inputs are refused before decoding.
const MAX_INPUT_PIXELS = 40_000_000;
/** Quality of the WebP variants (those of an upload and those made later for an added width). */
export const WEBP_QUALITY = 78;

export interface SavedImage {
  /** Public path of the main JPEG, e.g. /uploads/vehicle/2025/k3J9x0aQ.jpg */
  path: string;
  width: number;
  height: number;
}

export type ImageRejection = 'not_an_image' | 'unsupported_format' | 'too_large';

/** The input is not an image this store accepts; `reason` says why. */
export class ImageRejectedError extends Error {
  constructor(readonly reason: ImageRejection) {
    super(`image rejected: ${reason}`);
    this.name = 'ImageRejectedError';
  }
}

/** What an image's header says, with the size it has once turned upright by its EXIF. */
export interface ImageInfo {
  format: ImageFormat;
  width: number;
  height: number;
}

export interface ImageCheckOptions {
  /** The formats to take (all of ACCEPTED_FORMATS by default); the content decides, never a name. */
  accept?: readonly ImageFormat[];
}

/**
 * Reads only the header: the format by content, and the upright size. Cheap (no pixels are
 * decoded), so callers check proportions before paying for a decode. Throws ImageRejectedError.
 */
export async function inspectImage(
  input: Buffer,
  options: ImageCheckOptions = {},
): Promise<ImageInfo> {
  const sharp = await vips();
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch {
    throw new ImageRejectedError('not_an_image');
  }
  const accept = options.accept ?? ACCEPTED_FORMATS;
  const format = meta.format as ImageFormat | undefined;
  if (!format || !ACCEPTED_FORMATS.includes(format) || !accept.includes(format)) {
    throw new ImageRejectedError('unsupported_format');
  }
  if (!meta.width || !meta.height) throw new ImageRejectedError('not_an_image');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) throw new ImageRejectedError('too_large');
  const upright = meta.autoOrient ?? { width: meta.width, height: meta.height };
  return { format, width: upright.width, height: upright.height };
}

/** The files an image of `kind` is stored as: its main JPEG, then its WebP variants. */
export function storedSuffixes(kind: ImageKind): string[] {
  return kind === 'panorama' ? ['.jpg'] : ['.jpg', ...IMAGE_WIDTHS.map(variantSuffix)];
}

/** An accepted image, re-encoded: the main JPEG first, then the WebP variants. */
export interface EncodedImage {
  width: number;
  height: number;
  /** File name suffixes ('.jpg', '-320.webp', ...) with their bytes. */
  files: { suffix: string; data: Buffer }[];
}

/**
 * Checks and re-encodes an image without writing it; throws ImageRejectedError. `webpEffort`
 * (0-6, default 4) trades file size for time: 2 is twice as fast for about 8% larger files.
 *
 * The input is decoded once: turned upright and brought down to the main JPEG's width as raw
 * pixels, from which the JPEG and every WebP variant are encoded. (Each output decoding the
 * camera file again cost four decodes of 12 megapixels per photo.)
 */
export async function encodeImage(
  input: Buffer,
  kind: ImageKind,
  options: ImageCheckOptions & { webpEffort?: number } = {},
): Promise<EncodedImage> {
  await inspectImage(input, options);
  const sharp = await vips();
  const effort = options.webpEffort ?? 4;
  const jpeg = (image: Sharp) =>
    image.flatten({ background: '#ffffff' }).jpeg({ quality: 82, progressive: true });
  try {
    // failOn 'error' still decodes slightly damaged phone JPEGs but refuses garbage.
    const decode = (width: number) =>
      sharp(input, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
        .rotate()
        .resize({ width, withoutEnlargement: true })
        .toColourspace('srgb');
    if (kind === 'panorama') {
      // One output only: the 360 viewer needs the whole equirectangular image.
      const { data, info } = await jpeg(decode(MAIN_MAX_WIDTH.panorama)).toBuffer({
        resolveWithObject: true,
      });
      return { width: info.width, height: info.height, files: [{ suffix: '.jpg', data }] };
    }
    const largest = Math.max(MAIN_MAX_WIDTH[kind], ...IMAGE_WIDTHS);
    const { data: pixels, info: raw } = await decode(largest)
      .raw()
      .toBuffer({ resolveWithObject: true });
    const from = (width: number) =>
      sharp(pixels, {
        raw: { width: raw.width, height: raw.height, channels: raw.channels },
      }).resize({ width, withoutEnlargement: true });
    const [main, ...variants] = await Promise.all([
      jpeg(from(MAIN_MAX_WIDTH[kind])).toBuffer({ resolveWithObject: true }),
      ...IMAGE_WIDTHS.map((width) =>
        from(width).webp({ quality: WEBP_QUALITY, effort }).toBuffer({ resolveWithObject: true }),
      ),
    ]);
    return {
      width: main!.info.width,
      height: main!.info.height,
      files: [
        { suffix: '.jpg', data: main!.data },
        ...IMAGE_WIDTHS.map((width, i) => ({
          suffix: variantSuffix(width),
          data: variants[i]!.data,
        })),
      ],
    };
  } catch {
    // The header was readable but the pixels were not (a truncated or corrupt file).
    throw new ImageRejectedError('not_an_image');
  }
}

const NAME_BYTES = 9;

/**
 * Writes an encoded image under a new random name and answers its public path. A failed write
 * removes what it had written, so nothing half-stored is left behind.
 */
export async function storeEncodedImage(
  storage: ObjectStore,
  kind: ImageKind,
  encoded: EncodedImage,
): Promise<SavedImage> {
  const name = `${kind}/${new Date().getFullYear()}/${randomBytes(NAME_BYTES).toString('base64url')}`;
  const keys = encoded.files.map((file) => name + file.suffix);
  // Every write settles before a failure is handled, so none lands after the clean-up.
  const written = await Promise.allSettled(
    encoded.files.map((file, i) => storage.put(keys[i]!, file.data, contentTypeOf(keys[i]!))),
  );
  const failed = written.find((result) => result.status === 'rejected');
  if (failed) {
    await storage.delete(keys).catch(() => {});
    throw failed.reason;
  }
  return { path: pathOfKey(keys[0]!), width: encoded.width, height: encoded.height };
}

/** Checks, re-encodes and stores an image under a new random name. */
export async function saveImage(
  storage: ObjectStore,
  input: Buffer,
  options: ImageCheckOptions & { kind: ImageKind },
): Promise<SavedImage> {
  const encoded = await encodeImage(input, options.kind, options);
  return storeEncodedImage(storage, options.kind, encoded);
}

/** The file behind a public /uploads path in a folder store, or null if it leaves the folder. */
export function uploadFile(uploadsDir: string, publicPath: string): string | null {
  const key = keyOfPath(publicPath);
  return key ? new FolderStore(uploadsDir).fileOf(key) : null;
}

// A stored JPEG's size sits in its first kilobytes (the store strips EXIF; a PNG's is in the
// first 33 bytes): the whole object is read only when this does not reach it.
const HEADER_BYTES = 64 * 1024;

// Loaded with the first size asked for (a link preview), not with every process that serves pages.
let sizeReader: Promise<typeof import('image-size')> | undefined;

async function headerSize(bytes: Buffer): Promise<{ width: number; height: number } | null> {
  const { imageSize } = await (sizeReader ??= import('image-size'));
  try {
    const { width, height } = imageSize(bytes);
    return width && height ? { width, height } : null;
  } catch {
    return null;
  }
}

/** The pixel size of an image under /uploads, read from its header; null when there is none. */
export async function uploadedImageSize(
  storage: ObjectStore,
  publicPath: string,
): Promise<{ width: number; height: number } | null> {
  const key = keyOfPath(publicPath);
  if (!key) return null;
  const start = await storage.read(key, HEADER_BYTES);
  if (!start) return null;
  const size = await headerSize(start);
  if (size || start.length < HEADER_BYTES) return size;
  const whole = await storage.read(key);
  return whole ? await headerSize(whole) : null;
}

/**
 * The bytes of an image sent as base64 or as a `data:` URL; null when it is not base64 at all
 * (what the bytes are is the store's check, in saveImage).
 */
export function decodeBase64Image(input: string): Buffer | null {
  const base64 = input.replace(/^data:[^,]*;base64,/, '').replace(/\s/g, '');
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(base64)) return null;
  return Buffer.from(base64, 'base64');
}

// Only names this store gives (kind/year/12 random characters): never the seeded demo pictures,
// which several rows share (`kind/demo/...`), nor the site's static placeholders (`/img/...`).
const STORED_NAME = new RegExp(
  `^/uploads/(?:${KINDS.join('|')})/\\d{4}/[A-Za-z0-9_-]{${(NAME_BYTES * 4) / 3}}\\.jpg$`,
);

/**
 * Deletes a stored image: its main JPEG and every WebP variant beside it. Answers false, and
 * touches nothing, for a path the store did not write.
 */
export async function deleteImage(storage: ObjectStore, publicPath: string): Promise<boolean> {
  if (!STORED_NAME.test(publicPath)) return false;
  const main = keyOfPath(publicPath);
  if (!main) return false;
  await storage.delete([
    main,
    ...IMAGE_WIDTHS.map((width) => main.replace(/\.jpg$/, variantSuffix(width))),
  ]);
  return true;
}
