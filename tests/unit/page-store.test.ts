import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { DiskPageStore, type StoredPage } from '../../server/plugins/page-store.ts';

// The kept pages on disk (no Redis): bounded by PAGE_STORE_MB, oldest renders out first.
describe('DiskPageStore within its disk budget', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  const page = (tag: string): StoredPage => ({
    status: 200,
    headers: { 'content-type': 'text/html; charset=utf-8' },
    tags: [tag, 'frame'],
    renderedAt: Date.now(),
    // Random bytes: the copy takes its full size on disk.
    br: randomBytes(2000),
  });
  const onDisk = (dir: string) =>
    readdirSync(dir)
      .filter((name) => /\.(json|br|gz)$/.test(name))
      .reduce((sum, name) => sum + statSync(path.join(dir, name)).size, 0);

  it('removes the pages rendered longest ago once the folder passes its budget', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'market-store-'));
    dirs.push(dir);
    const budget = 12_000;
    const store = new DiskPageStore(dir, budget);
    for (let i = 0; i < 5; i++) await store.save(`/vehicle/${i}`, page(`vehicle:${i}`));
    expect(onDisk(dir)).toBeLessThan(budget);
    for (let i = 0; i < 5; i++) expect(await store.load(`/vehicle/${i}`)).not.toBeNull();

    // Page 0 was written first, page 4 last (set apart by minutes, as renders are).
    const descriptions = readdirSync(dir).filter((name) => name.endsWith('.json'));
    for (const name of descriptions) {
      const key = JSON.parse(readFileSync(path.join(dir, name), 'utf8')).key as string;
      const age = (10 - Number(key.split('/').pop())) * 60;
      const when = new Date(Date.now() - age * 1000);
      utimesSync(path.join(dir, name), when, when);
    }

    await store.save('/vehicle/5', page('vehicle:5'));
    expect(onDisk(dir)).toBeLessThanOrEqual(budget * 0.8);
    expect(await store.load('/vehicle/0')).toBeNull();
    expect(await store.load('/vehicle/1')).toBeNull();
    for (const i of [2, 3, 4, 5]) expect(await store.load(`/vehicle/${i}`)).not.toBeNull();

    // A purge still finds the pages that stayed.
    await store.purge(['frame']);
    expect(readdirSync(dir).filter((name) => name.endsWith('.json'))).toEqual([]);
  });

  it('keeps every page without a budget', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'market-store-'));
    dirs.push(dir);
    const store = new DiskPageStore(dir);
    for (let i = 0; i < 8; i++) await store.save(`/vehicle/${i}`, page(`vehicle:${i}`));
    for (let i = 0; i < 8; i++) expect(await store.load(`/vehicle/${i}`)).not.toBeNull();
  });
});
