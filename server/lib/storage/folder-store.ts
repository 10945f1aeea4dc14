import { randomBytes } from 'node:crypto';
import type { Stats } from 'node:fs';
import { mkdir, open, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  checkedKey,
  contentTypeOf,
  isObjectKey,
  type ObjectInfo,
  type ObjectStore,
  type ObjectStream,
} from './object-store.ts';

const missing = (error: unknown) =>
  ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((error as NodeJS.ErrnoException).code ?? '');

function describe(stats: Stats, key: string): ObjectInfo {
  return {
    length: stats.size,
    contentType: contentTypeOf(key),
    // The same weak validator @fastify/static gave: size and modification time.
    etag: `W/"${stats.size.toString(16)}-${stats.mtime.getTime().toString(16)}"`,
    lastModified: stats.mtime,
  };
}

/** Objects as files under one folder (UPLOADS_DIR): the default, for a single machine. */
export class FolderStore implements ObjectStore {
  readonly root: string;
  readonly description: string;

  constructor(root: string) {
    this.root = path.resolve(root);
    this.description = `folder ${this.root}`;
  }

  /** The file behind a key, or null when the key is refused or would leave the folder. */
  fileOf(key: string): string | null {
    if (!isObjectKey(key)) return null;
    const file = path.resolve(this.root, key);
    return file.startsWith(this.root + path.sep) ? file : null;
  }

  private requireFile(key: string): string {
    const file = this.fileOf(checkedKey(key));
    if (!file) throw new Error(`storage key outside ${this.root}: ${key}`);
    return file;
  }

  async verify(): Promise<void> {
    await mkdir(this.root, { recursive: true });
  }

  async put(key: string, bytes: Buffer, _contentType: string): Promise<void> {
    const file = this.requireFile(key);
    await mkdir(path.dirname(file), { recursive: true });
    // Written aside under a hidden name (never served) and renamed into place.
    const partial = path.join(
      path.dirname(file),
      `.${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`,
    );
    try {
      await writeFile(partial, bytes);
      await rename(partial, file);
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
  }

  async head(key: string): Promise<ObjectInfo | null> {
    const file = this.fileOf(key);
    if (!file) return null;
    const stats = await stat(file).catch((error: unknown) => {
      if (missing(error)) return null;
      throw error;
    });
    return stats?.isFile() ? describe(stats, key) : null;
  }

  /** The open file behind a key; null when the key is refused or there is no such file. */
  private async openFile(key: string) {
    const file = this.fileOf(key);
    if (!file) return null;
    return open(file, 'r').catch((error: unknown) => {
      if (missing(error)) return null;
      throw error;
    });
  }

  async stream(key: string): Promise<ObjectStream | null> {
    const handle = await this.openFile(key);
    if (!handle) return null;
    try {
      const stats = await handle.stat();
      if (!stats.isFile()) {
        await handle.close();
        return null;
      }
      // Described from the open file, so a replaced file cannot change the length mid-answer.
      return { ...describe(stats, key), body: handle.createReadStream() };
    } catch (error) {
      await handle.close();
      if (missing(error)) return null;
      throw error;
    }
  }

  async read(key: string, maxBytes?: number): Promise<Buffer | null> {
    const handle = await this.openFile(key);
    if (!handle) return null;
    try {
      if (maxBytes === undefined) return await handle.readFile();
      const buffer = Buffer.alloc(maxBytes);
      const { bytesRead } = await handle.read(buffer, 0, maxBytes, 0);
      return buffer.subarray(0, bytesRead);
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    } finally {
      await handle.close();
    }
  }

  async delete(keys: readonly string[]): Promise<void> {
    await Promise.all(keys.map((key) => rm(this.requireFile(key), { force: true })));
  }

  publicUrl(): string | null {
    return null;
  }

  close(): void {}
}
