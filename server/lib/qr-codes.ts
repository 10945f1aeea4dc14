import { createHash } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { PaymentDetail } from '../../domain/codes.ts';
import type { Db } from '../db/client.ts';
import { constants } from '../db/schema.ts';
import { keyOfPath, type ObjectStore } from './storage/object-store.ts';

/**
 * The QR codes of the site's payment accounts (spec §2 "Payment of an order": account numbers
 * and QR images come from the constants 107 to 114). Each QR constant holds the path of a PNG
 * that encodes its account's value, generated here, so a changed account number never leaves
 * a stale code on the payment page.
 */

/** The account constant, the QR constant that shows it, and the file name's prefix. */
export const QR_ACCOUNTS: readonly (readonly [account: number, qr: number, name: string])[] = [
  [PaymentDetail.bankAccount, PaymentDetail.bankQr, 'bank'],
  [PaymentDetail.palPayAccount, PaymentDetail.palPayQr, 'palpay'],
  [PaymentDetail.jawwalPayAccount, PaymentDetail.jawwalPayQr, 'jawwalpay'],
  [PaymentDetail.usdtWallet, PaymentDetail.usdtQr, 'usdt'],
];

/** Where generated codes live among the stored objects. */
const QR_FOLDER = 'qr';
/**
 * QR values this module may replace: its own files, and the placeholders the reference seed
 * starts with. An image the admin chose for a QR constant (any other path) is left alone.
 */
const REPLACEABLE = /^\/(?:uploads\/qr|img\/qr)\//;

/**
 * The PNG of a QR code for `value`: error correction M, a quiet zone of 4 modules. The library is
 * loaded with the first code drawn, not by every process that serves pages.
 */
export async function qrPng(value: string): Promise<Buffer> {
  const { default: QRCode } = await import('qrcode');
  return QRCode.toBuffer(value, {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 4,
    width: 360,
    color: { dark: '#000000', light: '#ffffff' },
  });
}

/** The public path of an account value's code: a new value always gets a new name. */
export function qrPath(name: string, value: string): string {
  const digest = createHash('sha256').update(value).digest('hex').slice(0, 16);
  return `/uploads/${QR_FOLDER}/${name}-${digest}.png`;
}

/**
 * Brings every QR constant in line with its account's value: writes the code's PNG when it is
 * missing and points the constant at it, removing the code of a former value. Run at start
 * (after the seed) and after an admin changes an account constant. Answers the QR constant ids
 * it changed.
 */
export async function regenerateQrCodes(db: Db, storage: ObjectStore): Promise<number[]> {
  const ids = QR_ACCOUNTS.flatMap(([account, qr]) => [account, qr]);
  const rows = await db
    .select({ id: constants.id, valueSt: constants.valueSt })
    .from(constants)
    .where(inArray(constants.id, ids));
  const valueOf = new Map(rows.map((row) => [row.id, row.valueSt ?? '']));
  const changed: number[] = [];
  for (const [account, qr, name] of QR_ACCOUNTS) {
    const value = (valueOf.get(account) ?? '').trim();
    const current = valueOf.get(qr);
    if (!value || current === undefined || !REPLACEABLE.test(current)) continue;
    const wanted = qrPath(name, value);
    const key = keyOfPath(wanted)!;
    // Every instance sharing a bucket checks at start; the first writes, the others find it.
    if (!(await storage.head(key))) await storage.put(key, await qrPng(value), 'image/png');
    if (current === wanted) continue;
    await db.update(constants).set({ valueSt: wanted }).where(eq(constants.id, qr));
    changed.push(qr);
    const former = current.startsWith(`/uploads/${QR_FOLDER}/`) ? keyOfPath(current) : null;
    if (former) await storage.delete([former]);
  }
  return changed;
}
