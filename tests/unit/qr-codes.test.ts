import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentDetail } from '../../domain/codes.ts';
import { openDatabase, type Database } from '../../server/db/client.ts';
import { constants } from '../../server/db/schema.ts';
import { seedReference } from '../../server/db/seed/reference.ts';
import { uploadFile } from '../../server/images/store.ts';
import { QR_ACCOUNTS, qrPng, regenerateQrCodes } from '../../server/lib/qr-codes.ts';
import { FolderStore } from '../../server/lib/storage/folder-store.ts';

let database: Database;
let uploadsDir: string;
let storage: FolderStore;

/** What a QR image says, read back from its pixels; null when no code is found. */
async function decode(png: Buffer): Promise<string | null> {
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return jsQR(new Uint8ClampedArray(data), info.width, info.height)?.data ?? null;
}

async function valueOf(id: number): Promise<string> {
  const [row] = await database.db.select().from(constants).where(eq(constants.id, id));
  return row!.valueSt;
}

const fileOf = (publicPath: string) => uploadFile(uploadsDir, publicPath)!;

beforeAll(async () => {
  uploadsDir = mkdtempSync(path.join(tmpdir(), 'qr-test-'));
  storage = new FolderStore(uploadsDir);
  database = await openDatabase({ databaseUrl: null, dataDir: null });
  await seedReference(database.db);
});
afterAll(async () => {
  await database?.close();
  rmSync(uploadsDir, { recursive: true, force: true });
});

describe('payment account QR codes', () => {
  it('encodes a value that a QR reader gets back, Arabic included', async () => {
    for (const value of ['PS66PALS000000000400278145301', 'محفظة 0599876543']) {
      expect(await decode(await qrPng(value))).toBe(value);
    }
  });

  it('replaces the seeded placeholders with codes of the account values', async () => {
    expect(await valueOf(PaymentDetail.bankQr)).toBe('/img/qr/bank.png');
    const changed = await regenerateQrCodes(database.db, storage);
    expect(changed.sort()).toEqual(QR_ACCOUNTS.map(([, qr]) => qr).sort());
    for (const [account, qr, name] of QR_ACCOUNTS) {
      const image = await valueOf(qr);
      expect(image).toMatch(new RegExp(`^/uploads/qr/${name}-[0-9a-f]{16}\\.png$`));
      const png = await sharp(fileOf(image)).toBuffer();
      expect(await decode(png)).toBe(await valueOf(account));
    }
    expect(await regenerateQrCodes(database.db, storage)).toEqual([]);
  });

  it('gives a changed account value a new code and removes the former one', async () => {
    const before = await valueOf(PaymentDetail.palPayQr);
    await database.db
      .update(constants)
      .set({ valueSt: '0591112223' })
      .where(eq(constants.id, PaymentDetail.palPayAccount));
    expect(await regenerateQrCodes(database.db, storage)).toEqual([PaymentDetail.palPayQr]);
    const after = await valueOf(PaymentDetail.palPayQr);
    expect(after).not.toBe(before);
    expect(existsSync(fileOf(before))).toBe(false);
    expect(await decode(await sharp(fileOf(after)).toBuffer())).toBe('0591112223');
    // The file is rewritten when it went missing (a fresh uploads volume).
    rmSync(fileOf(after));
    await regenerateQrCodes(database.db, storage);
    expect(existsSync(fileOf(after))).toBe(true);
  });

  it("leaves alone a QR image the admin chose, and a blank account's code", async () => {
    await database.db
      .update(constants)
      .set({ valueSt: '/uploads/misc/2026/adminQrImage1.jpg' })
      .where(eq(constants.id, PaymentDetail.usdtQr));
    await database.db
      .update(constants)
      .set({ valueSt: ' ' })
      .where(eq(constants.id, PaymentDetail.jawwalPayAccount));
    const jawwal = await valueOf(PaymentDetail.jawwalPayQr);
    await database.db
      .update(constants)
      .set({ valueSt: 'TNewWalletAddress000000000000000' })
      .where(eq(constants.id, PaymentDetail.usdtWallet));
    expect(await regenerateQrCodes(database.db, storage)).toEqual([]);
    expect(await valueOf(PaymentDetail.usdtQr)).toBe('/uploads/misc/2026/adminQrImage1.jpg');
    expect(await valueOf(PaymentDetail.jawwalPayQr)).toBe(jawwal);
  });
});
