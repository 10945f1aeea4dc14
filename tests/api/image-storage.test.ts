import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMAGE_WIDTHS, variantUrl } from '../../domain/images.ts';
import { PaymentDetail } from '../../domain/codes.ts';
import { ConfigError } from '../../server/config.ts';
import { constants, vehicleImages } from '../../server/db/schema.ts';
import { regenerateQrCodes } from '../../server/lib/qr-codes.ts';
import { saveImage, uploadedImageSize } from '../../server/images/store.ts';
import { FolderStore } from '../../server/lib/storage/folder-store.ts';
import {
  keyOfPath,
  ObjectKeyError,
  type ObjectStore,
} from '../../server/lib/storage/object-store.ts';
import { S3Store } from '../../server/lib/storage/s3-store.ts';
import { createTestApp, type TestApp } from './harness.ts';
import { startS3Server, type S3Server } from '../../scripts/cluster/s3-server.ts';

/*
 * Where images are kept: the same suite against the uploads folder and an S3-compatible bucket
 * (s3rver on a random port), then what only a bucket gives: several instances serving one set
 * of images, the redirect to its public address, and the demo pictures written into it.
 */

type Backend = 'folder' | 's3';

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
});

async function png(width: number, height: number, background = '#3a7'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .png()
    .toBuffer();
}

/** The app listening on a random port: images travel over real HTTP. */
async function listening(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
}

/** A GET whose path goes out byte for byte, dot segments and all. */
function rawGet(base: string, rawPath: string) {
  return new Promise<{ status: number; type: string | undefined; text: string }>(
    (resolve, reject) => {
      const { hostname, port } = new URL(base);
      http
        .get({ hostname, port, path: rawPath }, (response) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () =>
            resolve({
              status: response.statusCode!,
              type: response.headers['content-type'],
              text: Buffer.concat(chunks).toString(),
            }),
          );
        })
        .on('error', reject);
    },
  );
}

let signUps = 0;
/** Signs a customer up and sets their profile picture over HTTP; answers its public path. */
async function uploadProfilePicture(base: string, colour = '#3a7'): Promise<string> {
  signUps++;
  const signUp = await fetch(`${base}/api/User/CustomerSignUp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'سامي العلي',
      email: `storage${Date.now().toString(36)}${signUps}@example.ps`,
      mobile: '0599111222',
      ssn: '123456782',
      addressState: 2,
      addressCity: 13,
      addressInfo: 'شارع الإرسال',
      password: 'Secret@123',
      confirmPassword: 'Secret@123',
    }),
  });
  expect(signUp.status).toBe(200);
  const session = ((await signUp.json()) as { data: { id: number; token: string } }).data;
  const picture = await png(400, 400, colour);
  const update = await fetch(`${base}/api/User/UpdateCustomerImage`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${session.token}` },
    body: JSON.stringify({
      id: session.id,
      image: `data:image/png;base64,${picture.toString('base64')}`,
    }),
  });
  expect(update.status, await update.clone().text()).toBe(200);
  return ((await update.json()) as { data: { image: string } }).data.image;
}

const filesUnder = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true })
        .filter((e) => e.isFile())
        .map((e) => e.name)
    : [];

describe.each<Backend>(['folder', 's3'])('the %s image store', (backend) => {
  let storage: ObjectStore;
  let folder: string;

  beforeAll(async () => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'market-store-'));
    storage =
      backend === 'folder'
        ? new FolderStore(path.join(folder, 'uploads'))
        : await S3Store.open(s3.settings);
    await storage.verify();
  });
  afterAll(() => {
    storage?.close();
    rmSync(folder, { recursive: true, force: true });
  });

  it('puts, reads, streams, describes and deletes an object', async () => {
    const key = `misc/2026/${backend}-object.png`;
    const bytes = await png(30, 20);
    await storage.put(key, bytes, 'image/png');

    expect(await storage.read(key)).toEqual(bytes);
    expect(await storage.read(key, 8)).toEqual(bytes.subarray(0, 8));
    const info = await storage.head(key);
    expect(info).toMatchObject({ length: bytes.length, contentType: 'image/png' });
    expect(info!.etag).toBeTruthy();
    const object = await storage.stream(key);
    expect(object).toMatchObject({ length: bytes.length, contentType: 'image/png' });
    const chunks: Buffer[] = [];
    for await (const chunk of object!.body) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks)).toEqual(bytes);

    await storage.delete([key, 'misc/2026/never-written.png']);
    expect(await storage.head(key)).toBeNull();
    expect(await storage.read(key)).toBeNull();
  });

  it('answers null for a missing key, and for a folder', async () => {
    expect(await storage.stream('vehicle/2026/missing.jpg')).toBeNull();
    expect(await storage.head('vehicle/2026/missing.jpg')).toBeNull();
    expect(await storage.read('vehicle/2026/missing.jpg')).toBeNull();
    await storage.put('vehicle/2026/inside/a.jpg', Buffer.from('x'), 'image/jpeg');
    expect(await storage.stream('vehicle/2026/inside')).toBeNull();
  });

  it('refuses keys that leave its root or name hidden files', async () => {
    for (const key of [
      '../escape.jpg',
      'a/../../escape.jpg',
      '/etc/passwd',
      'a\\..\\b',
      '.hidden',
      'a//b',
      '',
    ]) {
      await expect(storage.put(key, Buffer.from('x'), 'image/jpeg')).rejects.toBeInstanceOf(
        ObjectKeyError,
      );
      expect(await storage.stream(key)).toBeNull();
      expect(await storage.read(key)).toBeNull();
      await expect(storage.delete([key])).rejects.toBeInstanceOf(ObjectKeyError);
    }
    expect(existsSync(path.join(folder, 'escape.jpg'))).toBe(false);
  });

  it('stores an image with its variants and reads its size back from the store', async () => {
    const saved = await saveImage(storage, await png(900, 514), { kind: 'vehicle' });
    for (const publicPath of [saved.path, ...IMAGE_WIDTHS.map((w) => variantUrl(saved.path, w))]) {
      expect(await storage.head(keyOfPath(publicPath)!), publicPath).not.toBeNull();
    }
    expect(await uploadedImageSize(storage, saved.path)).toEqual({ width: 900, height: 514 });
    expect(await uploadedImageSize(storage, '/uploads/vehicle/2026/missing.jpg')).toBeNull();
  });

  it("reads a large image's size from its first bytes, not the whole object", async () => {
    const noise = await sharp({
      create: {
        width: 1200,
        height: 686,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    const saved = await saveImage(storage, noise, { kind: 'vehicle' });
    expect((await storage.head(keyOfPath(saved.path)!))!.length).toBeGreaterThan(256 * 1024);
    const asked: (number | undefined)[] = [];
    const counting: ObjectStore = Object.create(storage);
    counting.read = (key, maxBytes) => {
      asked.push(maxBytes);
      return storage.read(key, maxBytes);
    };
    expect(await uploadedImageSize(counting, saved.path)).toEqual({ width: 1200, height: 686 });
    expect(asked).toEqual([64 * 1024]);
  });

  describe('over HTTP', () => {
    let t: TestApp;
    let base: string;
    beforeAll(async () => {
      t = await createTestApp('pglite', { env: backend === 's3' ? s3.env : {} });
      base = await listening(t);
    });
    afterAll(async () => {
      await t?.close();
    });

    it('serves an uploaded profile picture under /uploads with a year of immutable cache', async () => {
      const image = await uploadProfilePicture(base);
      const answer = await fetch(base + image);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('content-type')).toBe('image/jpeg');
      expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      const bytes = Buffer.from(await answer.arrayBuffer());
      expect(Number(answer.headers.get('content-length'))).toBe(bytes.length);
      expect((await sharp(bytes).metadata()).format).toBe('jpeg');
      expect(bytes).toEqual(await t.storage.read(keyOfPath(image)!));
      // Kept where the settings say: in the bucket, the uploads folder stays empty.
      expect(filesUnder(t.config.uploadsDir).length > 0).toBe(backend === 'folder');

      const head = await fetch(base + image, { method: 'HEAD' });
      expect(head.status).toBe(200);
      expect(head.headers.get('content-length')).toBe(String(bytes.length));
      expect(await head.text()).toBe('');

      const etag = answer.headers.get('etag')!;
      expect(etag).toBeTruthy();
      const again = await fetch(base + image, { headers: { 'if-none-match': etag } });
      expect(again.status).toBe(304);
      expect(await again.text()).toBe('');
      const stale = await fetch(base + image, { headers: { 'if-none-match': '"another"' } });
      expect(stale.status).toBe(200);
      expect(Buffer.from(await stale.arrayBuffer())).toEqual(bytes);

      const webp = await fetch(base + variantUrl(image, IMAGE_WIDTHS[0]!));
      expect(webp.status).toBe(200);
      expect(webp.headers.get('content-type')).toBe('image/webp');
    });

    it('makes an added width for an image stored before it, on its first request, once', async () => {
      const saved = await saveImage(t.storage, await png(1200, 686), { kind: 'vehicle' });
      const added = variantUrl(saved.path, 960);
      // Stored as an image was before the width existed: its other variants only.
      await t.storage.delete([keyOfPath(added)!]);
      expect(await t.storage.head(keyOfPath(added)!)).toBeNull();
      const answers = await Promise.all([fetch(base + added), fetch(base + added)]);
      for (const answer of answers) {
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toBe('image/webp');
        expect(answer.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        const bytes = Buffer.from(await answer.arrayBuffer());
        expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 960 });
      }
      // Kept beside the others, so the next request (or another instance) finds it stored.
      const stored = await t.storage.read(keyOfPath(added)!);
      expect(stored).not.toBeNull();
      expect(Buffer.from(await (await fetch(base + added)).arrayBuffer())).toEqual(stored);

      // Never enlarged, like every variant: a narrower image's added width is its own.
      const narrow = await saveImage(t.storage, await png(800, 457), { kind: 'vehicle' });
      await t.storage.delete([keyOfPath(variantUrl(narrow.path, 960))!]);
      const small = await fetch(base + variantUrl(narrow.path, 960));
      expect(small.status).toBe(200);
      const bytes = Buffer.from(await small.arrayBuffer());
      expect((await sharp(bytes).metadata()).width).toBe(800);

      // Nothing is made for an image that is not there.
      const missing = '/uploads/vehicle/2026/missing-960.webp';
      expect((await fetch(base + missing)).status).toBe(404);
      expect(await t.storage.head(keyOfPath(missing)!)).toBeNull();
    });

    it('answers a plain-text 404 for a missing image, a folder, another method or a way out', async () => {
      // A file beside the uploads that must never be reachable through them.
      writeFileSync(path.join(t.config.dataDir, 'secret.txt'), 'secret');
      for (const url of [
        '/uploads/vehicle/2026/missing.jpg',
        '/uploads/vehicle/',
        '/uploads/..%2Fsecret.txt',
        '/uploads/%2e%2e/secret.txt',
        '/uploads/vehicle/..%2F..%2F..%2Fsecret.txt',
        '/uploads/.hidden',
      ]) {
        // Sent as written: fetch would resolve the dot segments before sending.
        const answer = await rawGet(base, url);
        expect(answer.status, url).toBe(404);
        expect(answer.type, url).toBe('text/plain; charset=utf-8');
        expect(answer.text, url).toBe('Not found');
      }
      const post = await fetch(`${base}/uploads/vehicle/2026/missing.jpg`, { method: 'POST' });
      expect(post.status).toBe(404);
      expect(await post.text()).toBe('Not found');
    });
  });
});

describe('images in a shared bucket', () => {
  it('serves an image uploaded through one instance from another on the same bucket', async () => {
    const first = await createTestApp('pglite', { env: s3.env });
    const second = await createTestApp('pglite', { env: s3.env });
    try {
      const image = await uploadProfilePicture(await listening(first), '#a37');
      const fromFirst = await fetch((await listening(second)) + image);
      expect(fromFirst.status).toBe(200);
      const bytes = Buffer.from(await fromFirst.arrayBuffer());
      expect(bytes).toEqual(await first.storage.read(keyOfPath(image)!));
      expect(filesUnder(first.config.uploadsDir)).toEqual([]);
      expect(filesUnder(second.config.uploadsDir)).toEqual([]);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it("redirects /uploads to the bucket's public address when S3_PUBLIC_URL is set", async () => {
    const t = await createTestApp('pglite', {
      env: { ...s3.env, S3_PUBLIC_URL: `${s3.bucketUrl}/` },
    });
    try {
      const base = await listening(t);
      const image = await uploadProfilePicture(base, '#37a');
      const answer = await fetch(base + image, { redirect: 'manual' });
      expect(answer.status).toBe(302);
      const location = answer.headers.get('location')!;
      expect(location).toBe(`${s3.bucketUrl}/${keyOfPath(image)}`);
      // The bucket answers the browser itself, with the cache the store put on the object.
      const direct = await fetch(location);
      expect(direct.status).toBe(200);
      expect(direct.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(Buffer.from(await direct.arrayBuffer())).toEqual(
        await t.storage.read(keyOfPath(image)!),
      );
      // An added width of an image stored before it is made before the bucket is named.
      const saved = await saveImage(t.storage, await png(1200, 686), { kind: 'vehicle' });
      const added = keyOfPath(variantUrl(saved.path, 960))!;
      await t.storage.delete([added]);
      const made = await fetch(base + variantUrl(saved.path, 960), { redirect: 'manual' });
      expect(made.status).toBe(302);
      const fromBucket = await fetch(made.headers.get('location')!);
      expect(fromBucket.status).toBe(200);
      expect(fromBucket.headers.get('content-type')).toBe('image/webp');
      expect(Buffer.from(await fromBucket.arrayBuffer())).toEqual(await t.storage.read(added));
      // A refused key is not sent anywhere.
      expect((await fetch(`${base}/uploads/..%2Fx.jpg`, { redirect: 'manual' })).status).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('seeds the demo pictures and writes the QR codes into the bucket; every instance serves them', async () => {
    const seeded = await createTestApp('pglite', { env: s3.env, demo: true });
    const other = await createTestApp('pglite', { env: s3.env });
    try {
      const [photo] = await seeded.database.db.select().from(vehicleImages).limit(1);
      expect(photo!.path).toMatch(/^\/uploads\/vehicle\/demo\//);
      expect(await other.storage.head(keyOfPath(photo!.path)!)).toMatchObject({
        contentType: 'image/jpeg',
      });
      expect(filesUnder(seeded.config.uploadsDir)).toEqual([]);
      const base = await listening(other);
      const answer = await fetch(base + photo!.path);
      expect(answer.status).toBe(200);
      expect((await sharp(Buffer.from(await answer.arrayBuffer())).metadata()).format).toBe('jpeg');

      // What a start does after the seed: the payment accounts' QR codes, into the store.
      await regenerateQrCodes(seeded.database.db, seeded.storage);
      const [qr] = await seeded.database.db
        .select()
        .from(constants)
        .where(eq(constants.id, PaymentDetail.bankQr));
      expect(qr!.valueSt).toMatch(/^\/uploads\/qr\//);
      const code = await fetch(base + qr!.valueSt);
      expect(code.status).toBe(200);
      expect(code.headers.get('content-type')).toBe('image/png');
      expect(filesUnder(seeded.config.uploadsDir)).toEqual([]);
    } finally {
      await seeded.close();
      await other.close();
    }
  });
});

describe('a bucket out of reach', () => {
  /** A local port with nothing listening on it. */
  async function closedPort(): Promise<number> {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    await new Promise((resolve) => server.close(resolve));
    return port;
  }

  it('stops a start with a sentence naming the settings to check', async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    const storage = await S3Store.open({ ...s3.settings, endpoint });
    try {
      await expect(storage.verify()).rejects.toThrow(
        `The image store (s3 bucket market-images at ${endpoint}) cannot be used`,
      );
      // A setting to fix: the start prints the sentence, not a stack trace.
      await expect(storage.verify()).rejects.toBeInstanceOf(ConfigError);
      const missing = await S3Store.open({ ...s3.settings, bucket: 'no-such-bucket' });
      await expect(missing.verify()).rejects.toThrow(/HTTP 404\. Check S3_ENDPOINT, S3_BUCKET/);
      missing.close();
    } finally {
      storage.close();
    }
  });

  it('answers a plain-text 503 for an image while the bucket cannot be reached', async () => {
    const t = await createTestApp('pglite', {
      env: { ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${await closedPort()}` },
    });
    try {
      const answer = await fetch(`${await listening(t)}/uploads/vehicle/2026/any.jpg`);
      expect(answer.status).toBe(503);
      expect(answer.headers.get('content-type')).toBe('text/plain; charset=utf-8');
      expect(await answer.text()).toBe('Image storage unavailable');
    } finally {
      await t.close();
    }
  });
});
