/*
 * The seller's unsaved vehicle form, kept in the browser (issue 9: the form survives a reload or
 * a failed submit until the vehicle is saved). Photos are large (20 downscaled JPEGs are several
 * megabytes, localStorage holds about 5), so everything lives in IndexedDB: the fields in one
 * small record, written on every change, and each image once, under its own key, when it is
 * added. A draft belongs to one account and to the add page or one vehicle's edit page.
 */

/** An image of the draft: a new one as a data: URL, or (edit page) a current /uploads path. */
export interface DraftImage {
  id: string;
  src: string;
}

export interface DraftSnapshot<F> {
  /** When it was saved (ms since the epoch). */
  savedAt: number;
  fields: F;
  mainImage: DraftImage | null;
  photos: DraftImage[];
}

/** An image as the fields record names it: the path itself, or a key in the images store. */
interface ImageRef {
  id: string;
  path?: string;
}

interface DraftRecord<F> {
  version: typeof RECORD_VERSION;
  savedAt: number;
  fields: F;
  mainImage: ImageRef | null;
  photos: ImageRef[];
}

const RECORD_VERSION = 1;

export type DraftStoreName = 'drafts' | 'images';

/** Where drafts are kept: IndexedDB in the browser, a Map in the unit tests. */
export interface DraftBackend {
  get(store: DraftStoreName, key: string): Promise<unknown>;
  put(store: DraftStoreName, key: string, value: unknown): Promise<void>;
  delete(store: DraftStoreName, key: string): Promise<void>;
  /** The keys that start with `prefix`. */
  keys(store: DraftStoreName, prefix: string): Promise<string[]>;
}

/** The draft of the add page, or of one vehicle's edit page, of one account. */
export function draftKey(userId: number, vehicleId?: number): string {
  return vehicleId ? `edit:${userId}:${vehicleId}` : `add:${userId}`;
}

const imageKey = (key: string, id: string) => `${key}/${id}`;
const isInline = (src: string) => !src.startsWith('data:');

export class VehicleDraftStore<F> {
  private readonly backend: DraftBackend;
  /** Image ids known to be stored, per draft: an image is written once. */
  private readonly stored = new Map<string, Set<string>>();
  /** Writes run one after another, so a late save never follows a clear. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(backend: DraftBackend) {
    this.backend = backend;
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => undefined);
    return run;
  }

  private async storedIds(key: string): Promise<Set<string>> {
    let ids = this.stored.get(key);
    if (!ids) {
      const keys = await this.backend.keys('images', `${key}/`);
      ids = new Set(keys.map((stored) => stored.slice(key.length + 1)));
      this.stored.set(key, ids);
    }
    return ids;
  }

  /** The saved draft, or null when there is none (or it is unreadable or incomplete). */
  load(key: string): Promise<DraftSnapshot<F> | null> {
    return this.serial(async () => {
      const record = (await this.backend.get('drafts', key)) as DraftRecord<F> | undefined;
      if (!record || record.version !== RECORD_VERSION || !record.fields) return null;
      const read = async (ref: ImageRef): Promise<DraftImage | null> => {
        if (ref.path !== undefined) return { id: ref.id, src: ref.path };
        const src = await this.backend.get('images', imageKey(key, ref.id));
        return typeof src === 'string' ? { id: ref.id, src } : null;
      };
      const mainImage = record.mainImage ? await read(record.mainImage) : null;
      const photos = await Promise.all((record.photos ?? []).map(read));
      return {
        savedAt: record.savedAt,
        fields: record.fields,
        mainImage,
        // A photo whose bytes are gone (storage cleared halfway) is left out, not shown broken.
        photos: photos.filter((photo): photo is DraftImage => photo !== null),
      };
    });
  }

  /** Keeps `snapshot` as the draft: new images are written, images no longer used removed. */
  save(key: string, snapshot: DraftSnapshot<F>): Promise<void> {
    return this.serial(async () => {
      const ids = await this.storedIds(key);
      const images = [...(snapshot.mainImage ? [snapshot.mainImage] : []), ...snapshot.photos];
      const wanted = new Set<string>();
      for (const image of images) {
        if (isInline(image.src)) continue;
        wanted.add(image.id);
        if (ids.has(image.id)) continue;
        await this.backend.put('images', imageKey(key, image.id), image.src);
        ids.add(image.id);
      }
      const ref = (image: DraftImage): ImageRef =>
        isInline(image.src) ? { id: image.id, path: image.src } : { id: image.id };
      const record: DraftRecord<F> = {
        version: RECORD_VERSION,
        savedAt: snapshot.savedAt,
        fields: snapshot.fields,
        mainImage: snapshot.mainImage ? ref(snapshot.mainImage) : null,
        photos: snapshot.photos.map(ref),
      };
      await this.backend.put('drafts', key, record);
      for (const id of [...ids]) {
        if (wanted.has(id)) continue;
        await this.backend.delete('images', imageKey(key, id));
        ids.delete(id);
      }
    });
  }

  /** Forgets the draft and its images. */
  clear(key: string): Promise<void> {
    return this.serial(async () => {
      await this.backend.delete('drafts', key);
      for (const stored of await this.backend.keys('images', `${key}/`)) {
        await this.backend.delete('images', stored);
      }
      this.stored.set(key, new Set());
    });
  }
}

// ---------------------------------------------------------------- IndexedDB

const DATABASE = 'vehicle-drafts';
const DATABASE_VERSION = 1;

function requested<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** The browser's IndexedDB as a draft backend (object stores `drafts` and `images`). */
export function indexedDbBackend(factory: IDBFactory = indexedDB): DraftBackend {
  let opened: Promise<IDBDatabase> | undefined;
  const database = () =>
    (opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DATABASE, DATABASE_VERSION);
      request.onupgradeneeded = () => {
        const db = request.result;
        for (const name of ['drafts', 'images']) {
          if (!db.objectStoreNames.contains(name)) db.createObjectStore(name);
        }
      };
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => {
        opened = undefined;
        reject(request.error);
      };
    }));

  const run = async <T>(
    store: DraftStoreName,
    mode: IDBTransactionMode,
    action: (objects: IDBObjectStore) => IDBRequest<T>,
  ): Promise<T> => {
    const db = await database();
    const transaction = db.transaction(store, mode);
    const result = requested(action(transaction.objectStore(store)));
    // The transaction's failure below is the one reported.
    result.catch(() => undefined);
    // A write counts once the transaction has committed (a full disk fails here).
    await new Promise<void>((resolve, reject) => {
      transaction.oncomplete = () => resolve();
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
    return result;
  };

  return {
    get: (store, key) => run(store, 'readonly', (objects) => objects.get(key)),
    put: async (store, key, value) => {
      await run(store, 'readwrite', (objects) => objects.put(value, key));
    },
    delete: async (store, key) => {
      await run(store, 'readwrite', (objects) => objects.delete(key));
    },
    keys: async (store, prefix) => {
      const range = IDBKeyRange.bound(prefix, `${prefix}\uffff`);
      const keys = await run(store, 'readonly', (objects) => objects.getAllKeys(range));
      return keys.map(String);
    },
  };
}
