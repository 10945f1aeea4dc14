import { and, eq, isNotNull } from 'drizzle-orm';
import { existsSync, readdirSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentDetail, UserStatus, UserType } from '../../domain/codes.ts';
import { constants, users } from '../../server/db/schema.ts';
import { S3Store } from '../../server/lib/storage/s3-store.ts';
import { keyOfPath } from '../../server/lib/storage/object-store.ts';
import { startS3Server, type S3Server } from '../../scripts/cluster/s3-server.ts';
import { startSite, type Site } from './harness.ts';

/*
 * The whole server started on an S3 bucket (s3rver): the start checks the bucket, seeds the
 * demo pictures and writes the QR codes into it, and the pages' link previews read picture
 * sizes from it. Run after `npm run build`.
 */

const meta = (html: string, key: string) =>
  new RegExp(`<meta property="${key}" content="([^"]*)"`).exec(html)?.[1] ?? null;

describe('a server whose images are in an S3 bucket', () => {
  let s3: S3Server;
  let site: Site;
  let bucket: S3Store;

  beforeAll(async () => {
    s3 = await startS3Server();
    site = await startSite('pglite', { env: s3.env, demo: true });
    bucket = await S3Store.open(s3.settings);
  });
  afterAll(async () => {
    bucket?.close();
    await site?.close();
    await s3?.close();
  });

  it('keeps the demo pictures and the QR codes in the bucket, none in the uploads folder', async () => {
    const [qr] = await site.database.db
      .select()
      .from(constants)
      .where(eq(constants.id, PaymentDetail.bankQr));
    expect(qr!.valueSt).toMatch(/^\/uploads\/qr\/bank-[0-9a-f]{16}\.png$/);
    expect(await bucket.head(keyOfPath(qr!.valueSt)!)).toMatchObject({ contentType: 'image/png' });
    const folder = site.config.uploadsDir;
    expect(existsSync(folder) ? readdirSync(folder, { recursive: true }) : []).toEqual([]);
  });

  it("states a seller's picture size in the gallery's link preview, read from the bucket", async () => {
    const [seller] = await site.database.db
      .select()
      .from(users)
      .where(
        and(
          eq(users.userType, UserType.company),
          eq(users.statusId, UserStatus.active),
          isNotNull(users.image),
        ),
      )
      .limit(1);
    expect(seller?.image).toMatch(/^\/uploads\/profile\/demo\//);
    const page = await site.fetch(`/gallary/${seller!.slug}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(meta(html, 'og:image')).toBe(`https://cars.example.ps${seller!.image}`);

    const picture = await site.fetch(seller!.image!);
    expect(picture.status).toBe(200);
    const { width, height } = await sharp(Buffer.from(await picture.arrayBuffer())).metadata();
    expect(meta(html, 'og:image:width')).toBe(String(width));
    expect(meta(html, 'og:image:height')).toBe(String(height));
  });
});
