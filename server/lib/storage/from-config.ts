import type { Config } from '../../config.ts';
import { FolderStore } from './folder-store.ts';
import type { ObjectStore } from './object-store.ts';
import { S3Store } from './s3-store.ts';

/** The store the settings name: the S3 bucket when S3_* are set, UPLOADS_DIR otherwise. */
export function openObjectStore(config: Pick<Config, 's3' | 'uploadsDir'>): ObjectStore {
  return config.s3 ? new S3Store(config.s3) : new FolderStore(config.uploadsDir);
}
