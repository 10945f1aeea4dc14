import { availableParallelism } from 'node:os';
import type { ObjectStore } from '../lib/storage/object-store.ts';
import { isPanorama, MAIN_IMAGE_RATIO } from '../../domain/vehicle-draft.ts';
import { ApiError } from '../lib/api-error.ts';
import type { MessageKey } from '../lib/messages.ts';
import {
  decodeBase64Image,
  deleteImage,
  encodeImage,
  ImageRejectedError,
  inspectImage,
  storeEncodedImage,
  type EncodedImage,
  type ImageFormat,
  type ImageInfo,
  type SavedImage,
} from './store.ts';
import { turns } from '../lib/turns.ts';

/*
 * The images of a seller's vehicle (issue 9): the main image, the photos and the 360 image.
 * A request's images are checked before any is decoded (format by content, size, proportions:
 * the first bad one is named), then re-encoded in memory a couple at a time, then written;
 * the database is written last, and whatever was written for a request that failed is deleted.
 */

/** Photos and the main image are JPEG or PNG by content (a WebP or GIF is refused). */
export const VEHICLE_IMAGE_FORMATS: readonly ImageFormat[] = ['jpeg', 'png'];
/** The main image keeps the cropper's 1.75, give or take this share (rounding of the crop). */
export const MAIN_IMAGE_RATIO_TOLERANCE = 0.03;

/** Images being decoded and re-encoded at once in this process, whatever the requests. */
const ENCODE_PARALLEL = Math.max(1, Math.min(2, availableParallelism()));

/** Which image of a request a refusal is about; the message names it (photos from 1). */
export type ImageSlot = { kind: 'main' } | { kind: 'photo'; n: number } | { kind: 'panorama' };

type Problem = 'invalid' | 'too_large' | 'ratio' | 'not_panorama';

const problemKeys: Record<ImageSlot['kind'], Partial<Record<Problem, MessageKey>>> = {
  main: {
    invalid: 'vehicle_image_invalid',
    too_large: 'vehicle_image_too_large',
    ratio: 'vehicle_image_ratio',
  },
  photo: { invalid: 'vehicle_photo_invalid', too_large: 'vehicle_photo_too_large' },
  panorama: {
    invalid: 'vehicle_360_invalid',
    too_large: 'vehicle_360_too_large',
    not_panorama: 'vehicle_360_not_panorama',
  },
};

function refusal(slot: ImageSlot, problem: Problem, maxBytes: number): ApiError {
  const key = problemKeys[slot.kind][problem] ?? problemKeys[slot.kind].invalid!;
  const params = {
    n: slot.kind === 'photo' ? slot.n : 0,
    mb: Math.floor(maxBytes / (1024 * 1024)),
  };
  return new ApiError(problem === 'too_large' ? 413 : 400, key, params);
}

function rejectionProblem(error: unknown): Problem {
  if (error instanceof ImageRejectedError) {
    return error.reason === 'too_large' ? 'too_large' : 'invalid';
  }
  throw error;
}

/** The bytes of a base64 image (or data: URL), or the slot's refusal. */
function bytesOf(raw: string, slot: ImageSlot, maxBytes: number): Buffer {
  const bytes = decodeBase64Image(raw.trim());
  if (!bytes || bytes.length === 0) throw refusal(slot, 'invalid', maxBytes);
  if (bytes.length > maxBytes) throw refusal(slot, 'too_large', maxBytes);
  return bytes;
}

/** Whether width x height is the main image's crop. */
export function hasMainImageRatio(width: number, height: number): boolean {
  if (!(width > 0 && height > 0)) return false;
  return (
    Math.abs(width / height - MAIN_IMAGE_RATIO) <= MAIN_IMAGE_RATIO * MAIN_IMAGE_RATIO_TOLERANCE
  );
}

/** The cheap check of one image: its header (format, upright size) and proportions. */
async function checkHeader(raw: string, slot: ImageSlot, maxBytes: number): Promise<ImageInfo> {
  const bytes = bytesOf(raw, slot, maxBytes);
  let info: ImageInfo;
  try {
    info = await inspectImage(bytes, { accept: VEHICLE_IMAGE_FORMATS });
  } catch (error) {
    throw refusal(slot, rejectionProblem(error), maxBytes);
  }
  // Refused, not cropped here: the seller chose the crop, and the page shows it as chosen.
  if (slot.kind === 'main' && !hasMainImageRatio(info.width, info.height)) {
    throw refusal(slot, 'ratio', maxBytes);
  }
  if (slot.kind === 'panorama' && !isPanorama(info.width, info.height)) {
    throw refusal(slot, 'not_panorama', maxBytes);
  }
  return info;
}

/** Runs `job` once fewer than ENCODE_PARALLEL encodes run in the process (memory stays bounded). */
const inTurn = turns(ENCODE_PARALLEL);

async function encodeOne(raw: string, slot: ImageSlot, maxBytes: number): Promise<EncodedImage> {
  try {
    // Decoded from base64 again in its turn rather than kept from the check, so only the
    // images being encoded hold their bytes.
    return await inTurn(() =>
      encodeImage(bytesOf(raw, slot, maxBytes), slot.kind === 'panorama' ? 'panorama' : 'vehicle', {
        accept: VEHICLE_IMAGE_FORMATS,
      }),
    );
  } catch (error) {
    throw refusal(slot, rejectionProblem(error), maxBytes);
  }
}

/**
 * Runs the jobs in order, at most `parallel` at a time; after a failure no new one starts, and
 * the failure of the earliest job is thrown once those running have finished.
 */
async function inOrder<T>(jobs: (() => Promise<T>)[], parallel: number): Promise<T[]> {
  const results: T[] = new Array(jobs.length);
  type Failure = { index: number; error: unknown };
  const failures: Failure[] = [];
  let next = 0;
  const worker = async () => {
    while (failures.length === 0 && next < jobs.length) {
      const index = next++;
      try {
        results[index] = await jobs[index]!();
      } catch (error) {
        failures.push({ index, error });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(parallel, jobs.length) }, worker));
  if (failures.length > 0) {
    throw failures.reduce((first, failure) => (failure.index < first.index ? failure : first))
      .error;
  }
  return results;
}

/** A photo to keep: the /uploads path of one of the vehicle's current photos. */
export interface KeptPhoto {
  keep: string;
}

export interface DraftImages {
  /** A new main image (base64 or data: URL); absent keeps the current one. */
  image?: string;
  /** The photos in order: new ones as base64, current ones by their path; absent keeps them. */
  photos?: string[];
  /** The vehicle's current photos (update): only these paths may be kept, each once. */
  current?: readonly string[];
}

export interface EncodedDraftImages {
  image?: EncodedImage;
  photos?: (EncodedImage | KeptPhoto)[];
}

const isPath = (entry: string) => entry.startsWith('/uploads/');

/**
 * Checks every image of a draft in the spec's order (main image, then photos by number) and
 * re-encodes the new ones in memory; throws an ApiError naming the first image at fault.
 */
export async function encodeDraftImages(
  draft: DraftImages,
  maxBytes: number,
): Promise<EncodedDraftImages> {
  const current = new Set(draft.current ?? []);
  const seen = new Set<string>();
  if (draft.image !== undefined) await checkHeader(draft.image, { kind: 'main' }, maxBytes);
  const photos = draft.photos ?? [];
  for (const [index, entry] of photos.entries()) {
    const n = index + 1;
    if (isPath(entry)) {
      if (!current.has(entry)) throw new ApiError(400, 'vehicle_photo_not_current', { n });
      if (seen.has(entry)) throw new ApiError(400, 'vehicle_photo_repeated', { n });
      seen.add(entry);
    } else {
      await checkHeader(entry, { kind: 'photo', n }, maxBytes);
    }
  }
  const image =
    draft.image === undefined
      ? undefined
      : await encodeOne(draft.image, { kind: 'main' }, maxBytes);
  const encoded = await inOrder(
    photos.map((entry, index) =>
      isPath(entry)
        ? async (): Promise<EncodedImage | KeptPhoto> => ({ keep: entry })
        : () => encodeOne(entry, { kind: 'photo', n: index + 1 }, maxBytes),
    ),
    ENCODE_PARALLEL,
  );
  return { image, photos: draft.photos === undefined ? undefined : encoded };
}

/** Checks a 360 image (JPEG or PNG, an equirectangular panorama) and re-encodes it. */
export async function encodePanorama(raw: string, maxBytes: number): Promise<EncodedImage> {
  const slot: ImageSlot = { kind: 'panorama' };
  await checkHeader(raw, slot, maxBytes);
  return encodeOne(raw, slot, maxBytes);
}

export interface StoredDraftImages {
  image?: SavedImage;
  photos?: (SavedImage | KeptPhoto)[];
  /** The public paths written for this request: what to delete if the request fails after. */
  written: string[];
}

/** Writes the encoded images; when one write fails, the others are deleted before it throws. */
export async function storeDraftImages(
  storage: ObjectStore,
  encoded: EncodedDraftImages,
): Promise<StoredDraftImages> {
  const written: string[] = [];
  const store = async (image: EncodedImage) => {
    const saved = await storeEncodedImage(storage, 'vehicle', image);
    written.push(saved.path);
    return saved;
  };
  // Every write settles before a failure is handled, so none lands after the clean-up.
  const settled = await Promise.allSettled([
    encoded.image ? store(encoded.image) : Promise.resolve(undefined),
    ...(encoded.photos ?? []).map((photo) => ('keep' in photo ? photo : store(photo))),
  ]);
  const failed = settled.find((result) => result.status === 'rejected');
  if (failed) {
    await discardImages(storage, written);
    throw failed.reason;
  }
  const [image, ...photos] = settled.map(
    (result) => (result as PromiseFulfilledResult<SavedImage | KeptPhoto | undefined>).value,
  );
  return {
    image: image as SavedImage | undefined,
    photos: encoded.photos ? (photos as (SavedImage | KeptPhoto)[]) : undefined,
    written,
  };
}

/**
 * Deletes stored images (and their variants). Paths the store did not write, such as the demo
 * pictures, are left alone; a failure is reported to `warn` and does not stop the others.
 */
export async function discardImages(
  storage: ObjectStore,
  paths: (string | null | undefined)[],
  warn: (error: unknown, path: string) => void = () => {},
): Promise<void> {
  await Promise.all(
    paths
      .filter((entry): entry is string => !!entry)
      .map((entry) => deleteImage(storage, entry).catch((error: unknown) => warn(error, entry))),
  );
}
