import { fitWidth, PANORAMA_UPLOAD_MAX_WIDTH } from '../../lib/my-vehicles.ts';

/*
 * Readies a chosen 360 picture for UpdateVehicleImage360: the server keeps panoramas at most
 * 4096 px wide, so a wider one (phone panoramas reach 12000 px and 20 MB) is scaled down here
 * to a JPEG of that width before it crosses a mobile network. A narrower one is sent as chosen,
 * unless it is heavy enough (a PNG photo) to be worth re-encoding as JPEG.
 */

export const PANORAMA_TYPES = ['image/jpeg', 'image/png'] as const;
const JPEG_QUALITY = 0.88;
/** A picture heavier than this is re-encoded as JPEG even when narrow enough (a PNG photo). */
const REENCODE_ABOVE_BYTES = 8 * 1024 * 1024;

export class UnreadableImage extends Error {
  constructor() {
    super('unreadable image');
    this.name = 'UnreadableImage';
  }
}

function readAsDataUrl(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new UnreadableImage());
    reader.readAsDataURL(blob);
  });
}

/** The picture's size, read by the browser's decoder (which also proves it is an image). */
function imageSize(file: Blob): Promise<{ width: number; height: number }> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve({ width: image.naturalWidth, height: image.naturalHeight });
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new UnreadableImage());
    };
    image.src = url;
  });
}

async function scaled(file: Blob, width: number, height: number): Promise<Blob> {
  // Decoding straight to the smaller size spares the memory of a full-size bitmap.
  const bitmap = await createImageBitmap(file, {
    resizeWidth: width,
    resizeHeight: height,
    resizeQuality: 'high',
  }).catch(() => {
    throw new UnreadableImage();
  });
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new UnreadableImage();
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) =>
    canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY),
  );
  if (!blob) throw new UnreadableImage();
  return blob;
}

export interface PreparedPanorama {
  dataUrl: string;
  width: number;
  height: number;
}

/** The data URL to send for `file`; rejects with UnreadableImage when it is no JPEG or PNG. */
export async function preparePanorama(file: File): Promise<PreparedPanorama> {
  if (!(PANORAMA_TYPES as readonly string[]).includes(file.type)) throw new UnreadableImage();
  const size = await imageSize(file);
  const target = fitWidth(size.width, size.height, PANORAMA_UPLOAD_MAX_WIDTH);
  const reencode = target.scaled || file.size > REENCODE_ABOVE_BYTES;
  const blob = reencode ? await scaled(file, target.width, target.height) : file;
  return { dataUrl: await readAsDataUrl(blob), width: target.width, height: target.height };
}
