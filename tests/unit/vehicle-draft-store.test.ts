import { describe, expect, it } from 'vitest';
import {
  draftKey,
  VehicleDraftStore,
  type DraftBackend,
  type DraftSnapshot,
  type DraftStoreName,
} from '../../src/lib/vehicle-draft-store.ts';

/** IndexedDB's part the store uses, in memory, counting writes. */
function memoryBackend() {
  const stores: Record<DraftStoreName, Map<string, unknown>> = {
    drafts: new Map(),
    images: new Map(),
  };
  const writes: string[] = [];
  const backend: DraftBackend = {
    get: async (store, key) => structuredClone(stores[store].get(key)),
    put: async (store, key, value) => {
      writes.push(`${store}:${key}`);
      stores[store].set(key, structuredClone(value));
    },
    delete: async (store, key) => {
      stores[store].delete(key);
    },
    keys: async (store, prefix) =>
      [...stores[store].keys()].filter((key) => key.startsWith(prefix)),
  };
  return { backend, stores, writes };
}

interface Fields {
  price: string;
}

const photo = (id: string) => ({ id, src: `data:image/jpeg;base64,${id.repeat(20)}` });

function snapshot(photos: string[], price = '100'): DraftSnapshot<Fields> {
  return {
    savedAt: 1_700_000_000_000,
    fields: { price },
    mainImage: photo('main'),
    photos: photos.map(photo),
  };
}

describe('vehicle draft store', () => {
  it('keys drafts by account, and the edit page by vehicle', () => {
    expect(draftKey(7)).toBe('add:7');
    expect(draftKey(7, 12)).toBe('edit:7:12');
  });

  it('gives back what was saved: fields, main image and photos in order', async () => {
    const { backend } = memoryBackend();
    const store = new VehicleDraftStore<Fields>(backend);
    await store.save('add:1', snapshot(['a', 'b', 'c']));
    const loaded = await new VehicleDraftStore<Fields>(backend).load('add:1');
    expect(loaded).toEqual(snapshot(['a', 'b', 'c']));
    expect(await store.load('add:2')).toBeNull();
  });

  it('writes each image once, however often the fields change', async () => {
    const { backend, writes } = memoryBackend();
    const store = new VehicleDraftStore<Fields>(backend);
    await store.save('add:1', snapshot(['a', 'b'], '1'));
    await store.save('add:1', snapshot(['a', 'b'], '12'));
    await store.save('add:1', snapshot(['b', 'a'], '123'));
    expect(writes.filter((write) => write.startsWith('images:'))).toEqual([
      'images:add:1/main',
      'images:add:1/a',
      'images:add:1/b',
    ]);
    expect((await store.load('add:1'))?.photos.map((item) => item.id)).toEqual(['b', 'a']);
  });

  it('removes the images of photos taken out of the draft', async () => {
    const { backend, stores } = memoryBackend();
    const store = new VehicleDraftStore<Fields>(backend);
    await store.save('add:1', snapshot(['a', 'b', 'c']));
    await store.save('add:1', { ...snapshot(['c']), mainImage: null });
    expect([...stores.images.keys()]).toEqual(['add:1/c']);
  });

  it("keeps the edit page's current photos as their paths, without copying them", async () => {
    const { backend, stores } = memoryBackend();
    const store = new VehicleDraftStore<Fields>(backend);
    const kept = { id: 'current-1', src: '/uploads/vehicles/12/1.webp' };
    await store.save('edit:1:12', {
      savedAt: 1,
      fields: { price: '5' },
      mainImage: { id: 'current-main', src: '/uploads/vehicles/12/main.webp' },
      photos: [kept, photo('new')],
    });
    expect([...stores.images.keys()]).toEqual(['edit:1:12/new']);
    const loaded = await store.load('edit:1:12');
    expect(loaded?.photos).toEqual([kept, photo('new')]);
    expect(loaded?.mainImage?.src).toBe('/uploads/vehicles/12/main.webp');
  });

  it('forgets the draft and its images, and a save queued before a clear never revives it', async () => {
    const { backend, stores } = memoryBackend();
    const store = new VehicleDraftStore<Fields>(backend);
    await store.save('add:1', snapshot(['a']));
    await store.save('add:9', snapshot(['z']));
    void store.save('add:1', snapshot(['a', 'b']));
    await store.clear('add:1');
    expect(await store.load('add:1')).toBeNull();
    expect([...stores.images.keys()].sort()).toEqual(['add:9/main', 'add:9/z']);
  });

  it('leaves out a photo whose bytes are gone, and ignores a record it does not know', async () => {
    const { backend, stores } = memoryBackend();
    const store = new VehicleDraftStore<Fields>(backend);
    await store.save('add:1', snapshot(['a', 'b']));
    stores.images.delete('add:1/a');
    expect((await store.load('add:1'))?.photos.map((item) => item.id)).toEqual(['b']);
    stores.drafts.set('add:2', { version: 99, fields: {} });
    expect(await store.load('add:2')).toBeNull();
  });

  it('reports a failed write to the caller (a full disk), and goes on afterwards', async () => {
    const { backend } = memoryBackend();
    let full = true;
    const failing: DraftBackend = {
      ...backend,
      put: async (store, key, value) => {
        if (full) throw new DOMException('full', 'QuotaExceededError');
        return backend.put(store, key, value);
      },
    };
    const store = new VehicleDraftStore<Fields>(failing);
    await expect(store.save('add:1', snapshot(['a']))).rejects.toThrow('full');
    full = false;
    await store.save('add:1', snapshot(['a']));
    expect((await store.load('add:1'))?.photos).toHaveLength(1);
  });
});
