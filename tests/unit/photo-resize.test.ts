import { afterEach, describe, expect, it, vi } from 'vitest';
import { fitWithin, isPhotoType, resizePhoto } from '../../src/lib/photo-resize.ts';

describe('fitWithin', () => {
  it('makes the longest side 1920 and keeps the shape', () => {
    expect(fitWithin({ width: 4000, height: 3000 }, 1920)).toEqual({ width: 1920, height: 1440 });
    expect(fitWithin({ width: 3000, height: 4000 }, 1920)).toEqual({ width: 1440, height: 1920 });
    expect(fitWithin({ width: 4032, height: 1816 }, 1920)).toEqual({ width: 1920, height: 865 });
  });

  it('never makes a photo larger', () => {
    expect(fitWithin({ width: 1200, height: 800 }, 1920)).toEqual({ width: 1200, height: 800 });
  });
});

describe('isPhotoType', () => {
  it('takes JPEG and PNG only', () => {
    expect(isPhotoType('image/jpeg')).toBe(true);
    expect(isPhotoType('image/png')).toBe(true);
    expect(isPhotoType('image/heic')).toBe(false);
    expect(isPhotoType('text/plain')).toBe(false);
  });
});

/** The browser's image pieces, recorded: createImageBitmap, OffscreenCanvas, FileReader. */
function browser(width: number, height: number) {
  const calls: Record<string, unknown[]> = { bitmap: [], canvas: [], draw: [], encode: [] };
  const bitmap = { width, height, close: vi.fn() };
  vi.stubGlobal(
    'createImageBitmap',
    vi.fn(async (...args: unknown[]) => {
      calls.bitmap!.push(args);
      return bitmap;
    }),
  );
  vi.stubGlobal(
    'OffscreenCanvas',
    class {
      constructor(w: number, h: number) {
        calls.canvas!.push([w, h]);
      }
      getContext() {
        return {
          fillRect: vi.fn(),
          drawImage: (...args: unknown[]) => calls.draw!.push(args),
        };
      }
      async convertToBlob(options: unknown) {
        calls.encode!.push(options);
        return new Blob(['jpeg-bytes'], { type: 'image/jpeg' });
      }
    },
  );
  vi.stubGlobal(
    'FileReader',
    class {
      result: string | null = null;
      onload?: () => void;
      readAsDataURL(blob: Blob) {
        void blob.arrayBuffer().then((buffer) => {
          this.result = `data:${blob.type};base64,${Buffer.from(buffer).toString('base64')}`;
          this.onload?.();
        });
      }
    },
  );
  return { calls, bitmap };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('resizePhoto', () => {
  it('decodes upright by the EXIF orientation, draws at most 1920 px and encodes a JPEG', async () => {
    const { calls, bitmap } = browser(4000, 3000);
    const file = new Blob(['camera'], { type: 'image/jpeg' });
    const photo = await resizePhoto(file);
    expect(calls.bitmap).toEqual([[file, { imageOrientation: 'from-image' }]]);
    expect(calls.canvas).toEqual([[1920, 1440]]);
    expect(calls.draw).toEqual([[bitmap, 0, 0, 1920, 1440]]);
    expect(calls.encode).toEqual([{ type: 'image/jpeg', quality: 0.85 }]);
    expect(photo).toEqual({
      width: 1920,
      height: 1440,
      dataUrl: `data:image/jpeg;base64,${Buffer.from('jpeg-bytes').toString('base64')}`,
    });
    // The decoded bitmap is let go at once (a phone holds one camera photo at a time).
    expect(bitmap.close).toHaveBeenCalledOnce();
  });

  it('keeps a small photo at its size and takes another quality when asked', async () => {
    const { calls } = browser(800, 600);
    await resizePhoto(new Blob(['x'], { type: 'image/png' }), { quality: 0.92 });
    expect(calls.canvas).toEqual([[800, 600]]);
    expect(calls.encode).toEqual([{ type: 'image/jpeg', quality: 0.92 }]);
  });

  it('rejects a file the browser cannot decode', async () => {
    browser(1, 1);
    vi.stubGlobal(
      'createImageBitmap',
      vi.fn(async () => {
        throw new DOMException('The source image could not be decoded.', 'InvalidStateError');
      }),
    );
    await expect(resizePhoto(new Blob(['not an image']))).rejects.toThrow('could not be decoded');
  });
});
