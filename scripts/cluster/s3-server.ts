import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '../../server/lib/storage/s3-store.ts';

/** s3rver's fixed credentials: it checks signatures made with them. */
const KEY = 'S3RVER';

/**
 * A local S3-protocol server (s3rver) on a random port, its data in a temp folder outside the
 * work tree, with one empty bucket: what the S3 store is tested against.
 */
export async function startS3Server(bucket = 'market-images') {
  const directory = mkdtempSync(path.join(os.tmpdir(), 'market-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: KEY,
    S3_SECRET_ACCESS_KEY: KEY,
  };
  const settings: S3Settings = {
    endpoint,
    bucket,
    region: 'us-east-1',
    accessKeyId: KEY,
    secretAccessKey: KEY,
    forcePathStyle: true,
    publicUrl: null,
  };
  return {
    endpoint,
    bucket,
    /** The S3_* settings that point the app at this server. */
    env,
    settings,
    /** Where the bucket's objects are readable without signing (path style). */
    bucketUrl: `${endpoint}/${bucket}`,
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

export type S3Server = Awaited<ReturnType<typeof startS3Server>>;
