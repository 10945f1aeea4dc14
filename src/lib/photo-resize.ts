import { PHOTO_UPLOAD_MAX_SIDE } from '../../domain/vehicle-draft.ts';

/*
 * Photos are made smaller in the browser before upload (issue 9: a seller on a phone sends 6 to
 * 20 camera photos over a slow mobile network): the longest side at most 1920 px, JPEG, turned
 * upright by the camera's EXIF orientation. A 4000 × 3000 camera JPEG of 5 MB becomes about
 * 400 KB.
 */

/** JPEG quality of uploaded photos. */
export const PHOTO_JPEG_QUALITY = 0.85;

/** The JPEG and PNG photos the API accepts (it checks the content again). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;

export function isPhotoType(type: string): boolean {
  return (PHOTO_TYPES as readonly string[]).includes(type);
}

export interface Size {
  width: number;
  height: number;
}

/** `size` scaled down (never up) so its longest side is at most `maxSide`, in whole pixels. */
export function fitWithin(size: Size, maxSide: number): Size {
  const longest = Math.max(size.width, size.height);
  if (!(longest > maxSide)) {
    return {
      width: Math.max(1, Math.round(size.width)),
      height: Math.max(1, Math.round(size.height)),
    };
  }
  const scale = maxSide / longest;
  return {
    width: Math.max(1, Math.round(size.width * scale)),
    height: Math.max(1, Math.round(size.height * scale)),
  };
}

export interface ResizedPhoto extends Size {
  /** A `data:image/jpeg;base64,…` URL: the API takes it as is, and IndexedDB keeps it. */
  dataUrl: string;
}

export interface ResizeOptions {
  maxSide?: number;
  quality?: number;
}

type Drawable = ImageBitmap | HTMLImageElement;

/** Decodes the file upright: EXIF orientation applied (createImageBitmap, or an <img>). */
async function decode(file: Blob): Promise<{ image: Drawable; size: Size; release: () => void }> {
  if (typeof createImageBitmap === 'function') {
    try {
      const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
      return {
        image: bitmap,
        size: { width: bitmap.width, height: bitmap.height },
        release: () => bitmap.close(),
      };
    } catch (error) {
      // Older Safari refuses the options bag; an <img> below applies the orientation itself.
      if (typeof document === 'undefined') throw error;
    }
  }
  const url = URL.createObjectURL(file);
  const image = new Image();
  image.decoding = 'async';
  image.src = url;
  try {
    await image.decode();
  } catch (error) {
    URL.revokeObjectURL(url);
    throw error;
  }
  return {
    image,
    size: { width: image.naturalWidth, height: image.naturalHeight },
    release: () => URL.revokeObjectURL(url),
  };
}

function blobToDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read.'));
    reader.readAsDataURL(blob);
  });
}

/** Draws `image` at `size` on a white ground (a PNG's transparency) and encodes a JPEG. */
async function encode(image: Drawable, size: Size, quality: number): Promise<Blob> {
  const draw = (context: OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D) => {
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
    context.imageSmoothingEnabled = true;
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, 0, 0, size.width, size.height);
  };
  if (typeof OffscreenCanvas === 'function') {
    const canvas = new OffscreenCanvas(size.width, size.height);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas.');
    draw(context);
    return canvas.convertToBlob({ type: 'image/jpeg', quality });
  }
  const canvas = document.createElement('canvas');
  canvas.width = size.width;
  canvas.height = size.height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('No 2D canvas.');
  draw(context);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The photo could not be encoded.'))),
      'image/jpeg',
      quality,
    ),
  );
}

/**
 * The photo upright, its longest side at most `maxSide` (1920 by default), as a JPEG data URL.
 * Rejects when the file is not an image the browser can decode.
 */
export async function resizePhoto(file: Blob, options: ResizeOptions = {}): Promise<ResizedPhoto> {
  const { maxSide = PHOTO_UPLOAD_MAX_SIDE, quality = PHOTO_JPEG_QUALITY } = options;
  const { image, size: original, release } = await decode(file);
  try {
    const size = fitWithin(original, maxSide);
    const blob = await encode(image, size, quality);
    return { ...size, dataUrl: await blobToDataUrl(blob) };
  } finally {
    release();
  }
}
