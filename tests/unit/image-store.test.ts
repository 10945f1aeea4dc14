import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, srcset, variantUrl } from '../../domain/images.ts';
import {
  decodeBase64Image,
  deleteImage,
  encodeImage,
  ImageRejectedError,
  inspectImage,
  saveImage,
  storeEncodedImage,
  uploadFile,
} from '../../server/images/store.ts';
import { FolderStore } from '../../server/lib/storage/folder-store.ts';

const uploadsDir = mkdtempSync(path.join(tmpdir(), 'image-store-'));
const storage = new FolderStore(uploadsDir);
afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));

const onDisk = (publicPath: string) => uploadFile(uploadsDir, publicPath) ?? 'outside';

function png(width: number, height: number) {
  return sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 30, b: 40 } },
  })
    .png()
    .toBuffer();
}

describe('image store', () => {
  it('re-encodes a real PNG to a JPEG with WebP variants at every width', async () => {
    const saved = await saveImage(storage, await png(1600, 914), { kind: 'vehicle' });
    expect(saved.path).toMatch(/^\/uploads\/vehicle\/\d{4}\/[\w-]+\.jpg$/);
    expect(saved).toMatchObject({ width: 1280, height: 731 });
    expect((await sharp(onDisk(saved.path)).metadata()).format).toBe('jpeg');
    for (const width of IMAGE_WIDTHS) {
      const variant = onDisk(variantUrl(saved.path, width));
      const meta = await sharp(variant).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(width);
    }
    expect(srcset(saved.path)).toContain(`${variantUrl(saved.path, 640)} 640w`);
  });

  it('never enlarges a small image', async () => {
    const saved = await saveImage(storage, await png(200, 200), { kind: 'profile' });
    expect(saved).toMatchObject({ width: 200, height: 200 });
    const meta = await sharp(onDisk(variantUrl(saved.path, 1280))).metadata();
    expect(meta.width).toBe(200);
  });

  it('turns a photo upright by its EXIF orientation and drops the metadata', async () => {
    const rotated = await sharp(await png(400, 200))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const saved = await saveImage(storage, rotated, { kind: 'misc' });
    expect(saved).toMatchObject({ width: 200, height: 400 });
    const meta = await sharp(onDisk(saved.path)).metadata();
    expect(meta.orientation).toBeUndefined();
    expect(meta.exif).toBeUndefined();
  });

  it('keeps a panorama as one large JPEG without variants', async () => {
    const saved = await saveImage(storage, await png(5000, 2500), { kind: 'panorama' });
    expect(saved).toMatchObject({ width: 4096, height: 2048 });
    expect(existsSync(onDisk(variantUrl(saved.path, 320)))).toBe(false);
  });

  it('refuses random bytes', async () => {
    const noise = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256));
    await expect(saveImage(storage, noise, { kind: 'vehicle' })).rejects.toMatchObject({
      name: 'ImageRejectedError',
      reason: 'not_an_image',
    });
  });

  it('refuses a text file named like a JPEG', async () => {
    const text = Buffer.from('<html><script>alert(1)</script></html>\n'.repeat(20));
    await expect(saveImage(storage, text, { kind: 'vehicle' })).rejects.toBeInstanceOf(
      ImageRejectedError,
    );
  });

  it('refuses an SVG and a GIF even though they are images', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    await expect(saveImage(storage, svg, { kind: 'ad' })).rejects.toMatchObject({
      reason: 'unsupported_format',
    });
    const gif = await sharp(await png(10, 10))
      .gif()
      .toBuffer();
    await expect(saveImage(storage, gif, { kind: 'ad' })).rejects.toMatchObject({
      reason: 'unsupported_format',
    });
  });

  it('refuses a truncated JPEG whose header is intact', async () => {
    const jpeg = await sharp(await png(800, 600))
      .jpeg()
      .toBuffer();
    const truncated = jpeg.subarray(0, Math.floor(jpeg.length / 3));
    await expect(saveImage(storage, truncated, { kind: 'vehicle' })).rejects.toMatchObject({
      reason: 'not_an_image',
    });
  });

  it('maps only paths inside the uploads folder to files', () => {
    expect(uploadFile(uploadsDir, '/uploads/vehicle/2025/a.jpg')).toBe(
      path.join(uploadsDir, 'vehicle/2025/a.jpg'),
    );
    expect(uploadFile(uploadsDir, '/uploads/../secret')).toBeNull();
    expect(uploadFile(uploadsDir, '/etc/passwd')).toBeNull();
  });

  it('deletes a stored image with all its variants', async () => {
    const saved = await saveImage(storage, await png(700, 700), { kind: 'profile' });
    const files = [saved.path, ...IMAGE_WIDTHS.map((width) => variantUrl(saved.path, width))];
    expect(files.every((file) => existsSync(onDisk(file)))).toBe(true);
    expect(await deleteImage(storage, saved.path)).toBe(true);
    expect(files.some((file) => existsSync(onDisk(file)))).toBe(false);
  });

  it('never deletes the shared demo pictures, static placeholders or anything outside uploads', async () => {
    const demo = '/uploads/profile/demo/0123456789abcdef0123.jpg';
    mkdirSync(path.dirname(onDisk(demo)), { recursive: true });
    writeFileSync(onDisk(demo), 'demo');
    for (const publicPath of [
      demo,
      '/img/profile-icon.png',
      '/uploads/profile/2025/../../../../etc/passwd',
      '/uploads/profile/2025/abcdefghijkl.png',
      '',
    ]) {
      expect(await deleteImage(storage, publicPath)).toBe(false);
    }
    expect(existsSync(onDisk(demo))).toBe(true);
  });

  it('reads the upright size from the header, and refuses formats a caller does not take', async () => {
    const sideways = await sharp(await png(400, 200))
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect(await inspectImage(sideways)).toEqual({ format: 'jpeg', width: 200, height: 400 });
    const webp = await sharp(await png(40, 20))
      .webp()
      .toBuffer();
    expect(await inspectImage(webp)).toMatchObject({ format: 'webp' });
    await expect(inspectImage(webp, { accept: ['jpeg', 'png'] })).rejects.toMatchObject({
      reason: 'unsupported_format',
    });
    await expect(
      saveImage(storage, webp, { kind: 'vehicle', accept: ['jpeg', 'png'] }),
    ).rejects.toMatchObject({ reason: 'unsupported_format' });
  });

  it('encodes in memory, then stores every file under one new name', async () => {
    const encoded = await encodeImage(await png(700, 400), 'vehicle');
    expect(encoded.files.map((file) => file.suffix)).toEqual([
      '.jpg',
      ...IMAGE_WIDTHS.map((width) => `-${width}.webp`),
    ]);
    const first = await storeEncodedImage(storage, 'vehicle', encoded);
    const second = await storeEncodedImage(storage, 'vehicle', encoded);
    expect(first.path).not.toBe(second.path);
    expect(first).toMatchObject({ width: 700, height: 400 });
    for (const width of IMAGE_WIDTHS) {
      expect(existsSync(onDisk(variantUrl(first.path, width)))).toBe(true);
    }
  });

  it('keeps transparency in the WebP variants and lays the JPEG on white', async () => {
    const halfRed = await sharp({
      create: {
        width: 300,
        height: 200,
        channels: 4,
        background: { r: 255, g: 0, b: 0, alpha: 0.5 },
      },
    })
      .png()
      .toBuffer();
    const encoded = await encodeImage(halfRed, 'vehicle');
    const jpeg = await sharp(encoded.files[0]!.data).stats();
    // Half red over white, give or take the JPEG's rounding.
    [255, 128, 128].forEach((expected, i) => {
      expect(Math.abs(jpeg.channels[i]!.mean - expected)).toBeLessThan(3);
    });
    const webp = await sharp(encoded.files[1]!.data).metadata();
    expect(webp).toMatchObject({ format: 'webp', channels: 4 });
  });

  it('turns greyscale, 16-bit and CMYK pictures into sRGB', async () => {
    const base = () =>
      sharp({ create: { width: 120, height: 80, channels: 3, background: '#a0b0c0' } });
    for (const input of [
      await base().greyscale().png().toBuffer(),
      await base().png().toColourspace('rgb16').toBuffer(),
      await base().toColourspace('cmyk').jpeg().toBuffer(),
    ]) {
      const encoded = await encodeImage(input, 'vehicle');
      for (const file of encoded.files) {
        expect(await sharp(file.data).metadata()).toMatchObject({ space: 'srgb', width: 120 });
      }
    }
  });

  it('decodes base64 and data URLs, and refuses what is not base64', () => {
    expect(decodeBase64Image('data:image/png;base64,aGVs\nbG8=')?.toString()).toBe('hello');
    expect(decodeBase64Image('aGVsbG8=')?.toString()).toBe('hello');
    expect(decodeBase64Image('<svg/>')).toBeNull();
  });
});

describe('demo pictures', () => {
  it('draws a cached picture again when the store keeps a width its cached files lack', async () => {
    const { DemoImages, SHARED_CACHE, carPhotoSvg } =
      await import('../../server/db/seed/demo-images.ts');
    const key = `cache-test-${process.pid}-${Date.now()}`;
    const draw = () => carPhotoSvg({ shape: 'sedan', colour: '#3366aa', angle: 1 });
    const first = await new DemoImages(storage).get(key, 'vehicle', draw);
    // The cache as a picture drawn before the 960 px width existed left it.
    const name = path.basename(first.path, '.jpg');
    const cached = path.join(SHARED_CACHE, 'vehicle', 'demo', name);
    const size = JSON.parse(readFileSync(`${cached}.json`, 'utf8')) as { suffixes: string[] };
    const older = size.suffixes.filter((suffix) => suffix !== '-960.webp');
    writeFileSync(`${cached}.json`, JSON.stringify({ ...size, suffixes: older }));
    rmSync(`${cached}-960.webp`);

    const otherDir = mkdtempSync(path.join(tmpdir(), 'image-store-demo-'));
    try {
      const again = await new DemoImages(new FolderStore(otherDir)).get(key, 'vehicle', draw);
      expect(again.path).toBe(first.path);
      for (const width of IMAGE_WIDTHS) {
        const variant = uploadFile(otherDir, variantUrl(again.path, width))!;
        expect(existsSync(variant), variant).toBe(true);
      }
    } finally {
      rmSync(otherDir, { recursive: true, force: true });
    }
  });
});
