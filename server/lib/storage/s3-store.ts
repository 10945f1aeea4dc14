import type { Readable } from 'node:stream';
import type { S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { ConfigError } from '../../config.ts';
import {
  checkedKey,
  IMMUTABLE_CACHE,
  isObjectKey,
  type ObjectInfo,
  type ObjectStore,
  type ObjectStream,
} from './object-store.ts';

/** The S3_* settings (server/config.ts checks they are complete). */
export interface S3Settings {
  /** http(s) address of an S3-compatible service (MinIO, R2); null for AWS S3 itself. */
  endpoint: string | null;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (endpoint/bucket/key) rather than in the host name. */
  forcePathStyle: boolean;
  /** Public address of the bucket: /uploads/... then redirects there instead of streaming. */
  publicUrl: string | null;
}

type Sdk = typeof import('@aws-sdk/client-s3');

/** The HTTP status of a failed call, when the service answered at all. */
const statusOf = (error: unknown) => (error as S3ServiceException).$metadata?.httpStatusCode;

const notFound = (error: unknown) =>
  statusOf(error) === 404 || ['NoSuchKey', 'NotFound'].includes((error as Error).name);

// DeleteObjects takes at most this many keys per call.
const DELETE_BATCH = 1000;

/** Objects in an S3-compatible bucket through the AWS SDK: every instance sees the same ones. */
export class S3Store implements ObjectStore {
  readonly description: string;
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly base: string | null;

  /** A store on the bucket; the SDK is loaded here, so a start without S3 never pays for it. */
  static async open(settings: S3Settings): Promise<S3Store> {
    return new S3Store(settings, await import('@aws-sdk/client-s3'));
  }

  private constructor(
    settings: S3Settings,
    private readonly sdk: Sdk,
  ) {
    this.bucket = settings.bucket;
    this.base = settings.publicUrl?.replace(/\/+$/, '') ?? null;
    this.description = `s3 bucket ${settings.bucket}${settings.endpoint ? ` at ${settings.endpoint}` : ''}`;
    this.client = new sdk.S3Client({
      endpoint: settings.endpoint ?? undefined,
      region: settings.region,
      forcePathStyle: settings.forcePathStyle,
      credentials: {
        accessKeyId: settings.accessKeyId,
        secretAccessKey: settings.secretAccessKey,
      },
      // Checksums only where S3 requires them: several S3-compatible services (older MinIO,
      // R2) refuse the checksum headers the SDK would otherwise add to every upload.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  async verify(): Promise<void> {
    try {
      await this.client.send(new this.sdk.HeadBucketCommand({ Bucket: this.bucket }));
    } catch (error) {
      const status = statusOf(error);
      const reason = status ? `HTTP ${status}` : (error as Error).message;
      // A ConfigError: the start prints this sentence rather than a stack trace.
      throw new ConfigError(
        `The image store (${this.description}) cannot be used: ${reason}. Check S3_ENDPOINT, S3_BUCKET, S3_REGION and the keys, and that the bucket exists.`,
        { cause: error },
      );
    }
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(
      new this.sdk.PutObjectCommand({
        Bucket: this.bucket,
        Key: checkedKey(key),
        Body: bytes,
        ContentLength: bytes.length,
        ContentType: contentType,
        // What the bucket answers with when browsers fetch it directly (S3_PUBLIC_URL).
        CacheControl: IMMUTABLE_CACHE,
      }),
    );
  }

  async head(key: string): Promise<ObjectInfo | null> {
    if (!isObjectKey(key)) return null;
    try {
      const answer = await this.client.send(
        new this.sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }),
      );
      return {
        length: answer.ContentLength ?? 0,
        contentType: answer.ContentType ?? 'application/octet-stream',
        etag: answer.ETag ?? null,
        lastModified: answer.LastModified ?? null,
      };
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  private async get(key: string, range?: string) {
    if (!isObjectKey(key)) return null;
    try {
      return await this.client.send(
        new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: key, Range: range }),
      );
    } catch (error) {
      // An empty object asked for a range answers 416: it has no first bytes.
      if (notFound(error)) return null;
      if (range && statusOf(error) === 416) return null;
      throw error;
    }
  }

  async stream(key: string): Promise<ObjectStream | null> {
    const answer = await this.get(key);
    if (!answer?.Body) return null;
    return {
      length: answer.ContentLength ?? 0,
      contentType: answer.ContentType ?? 'application/octet-stream',
      etag: answer.ETag ?? null,
      lastModified: answer.LastModified ?? null,
      // In Node the SDK's body is the HTTP response stream itself.
      body: answer.Body as Readable,
    };
  }

  async read(key: string, maxBytes?: number): Promise<Buffer | null> {
    const range = maxBytes === undefined ? undefined : `bytes=0-${maxBytes - 1}`;
    const answer = await this.get(key, range);
    if (!answer?.Body) return null;
    return Buffer.from(await answer.Body.transformToByteArray());
  }

  async delete(keys: readonly string[]): Promise<void> {
    const checked = keys.map(checkedKey);
    for (let start = 0; start < checked.length; start += DELETE_BATCH) {
      const batch = checked.slice(start, start + DELETE_BATCH);
      const answer = await this.client.send(
        new this.sdk.DeleteObjectsCommand({
          Bucket: this.bucket,
          Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
        }),
      );
      const failed = answer.Errors?.[0];
      if (failed)
        throw new Error(`could not delete ${failed.Key}: ${failed.Code} ${failed.Message}`);
    }
  }

  publicUrl(key: string): string | null {
    return this.base && isObjectKey(key) ? `${this.base}/${key}` : null;
  }

  close(): void {
    this.client.destroy();
  }
}
