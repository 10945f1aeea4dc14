import type { Config } from '../../config.ts';
import { FolderStore } from './folder-store.ts';
import type { ObjectStore } from './object-store.ts';

/** The store the settings name: the S3 bucket when S3_* are set, UPLOADS_DIR otherwise. */
export async function openObjectStore(
  config: Pick<Config, 's3' | 'uploadsDir'>,
): Promise<ObjectStore> {
  if (!config.s3) return new FolderStore(config.uploadsDir);
  // Loaded only for a bucket: the AWS SDK takes about 0.4 s and 24 MB to load.
  const { S3Store } = await import('./s3-store.ts');
  return S3Store.open(config.s3);
}
