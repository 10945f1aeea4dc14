import type { Readable } from 'node:stream';

/**
 * Where everything the product stores lives (uploads of every kind, QR codes, demo pictures):
 * a folder on this machine by default, or an S3-compatible bucket (AWS S3, MinIO, R2) that
 * every instance shares. A key is the path after `/uploads/`, so the public URLs kept in the
 * database are the same whichever store holds the bytes.
 */

/** What a store knows of an object without reading it. */
export interface ObjectInfo {
  length: number;
  contentType: string;
  /** A validator for conditional requests, when the store has one. */
  etag: string | null;
  lastModified: Date | null;
}

/** An object being read: its description and a stream of its bytes. */
export interface ObjectStream extends ObjectInfo {
  body: Readable;
}

export interface ObjectStore {
  /** 'folder' or 's3', and where: for logs and the start line. */
  readonly description: string;
  /** Checks the store can be used (the folder exists, the bucket answers); throws otherwise. */
  verify(): Promise<void>;
  /** Writes an object whole: a reader never sees half of it. */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The object as a stream; null when there is none (or the key is not one this store takes). */
  stream(key: string): Promise<ObjectStream | null>;
  /** The object's description without its bytes; null when there is none. */
  head(key: string): Promise<ObjectInfo | null>;
  /** The object's bytes, or its first `maxBytes` only; null when there is none. */
  read(key: string, maxBytes?: number): Promise<Buffer | null>;
  /** Deletes objects; a key with no object is not an error. */
  delete(keys: readonly string[]): Promise<void>;
  /** The address browsers are sent to instead of streaming (a bucket's public URL), or null. */
  publicUrl(key: string): string | null;
  /** Lets go of connections; the store is not used after. */
  close(): void;
}

/** A key this store refuses: empty, absolute, or leaving its root (`..`, `\`, hidden names). */
export class ObjectKeyError extends Error {
  constructor(readonly key: string) {
    super(`not a storage key: ${JSON.stringify(key)}`);
    this.name = 'ObjectKeyError';
  }
}

// Names the product writes: kind/year/random.jpg, kind/demo/hash.jpg, qr/bank-hash.png. A
// segment may not start with a dot, which refuses `.`, `..` and hidden files in one rule.
const SEGMENT = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;
const MAX_KEY_LENGTH = 512;

/** Whether `key` is a relative path of plain names that stays under the store's root. */
export function isObjectKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split('/').every((segment) => SEGMENT.test(segment));
}

/** The key, checked; throws ObjectKeyError for one that is refused. */
export function checkedKey(key: string): string {
  if (!isObjectKey(key)) throw new ObjectKeyError(key);
  return key;
}

const UPLOADS = '/uploads/';

/** The key behind a public `/uploads/...` path; null for any other path or a refused key. */
export function keyOfPath(publicPath: string): string | null {
  if (!publicPath.startsWith(UPLOADS)) return null;
  const key = publicPath.slice(UPLOADS.length);
  return isObjectKey(key) ? key : null;
}

/** The public path of a key: what the database keeps and pages link to. */
export const pathOfKey = (key: string) => UPLOADS + checkedKey(key);

const TYPES: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** The content type of a stored name by its extension (names are the store's own). */
export function contentTypeOf(key: string): string {
  const extension = key.slice(key.lastIndexOf('.') + 1).toLowerCase();
  return TYPES[extension] ?? 'application/octet-stream';
}

/** Uploaded names change on every new image, so a copy never goes stale. */
export const IMMUTABLE_CACHE = 'public, max-age=31536000, immutable';
