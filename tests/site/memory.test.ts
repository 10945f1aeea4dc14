import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { seedDemo } from '../../server/db/seed/demo.ts';
import { seedReference } from '../../server/db/seed/reference.ts';
import { vips } from '../../server/images/vips.ts';
import { spawnServer, stopServer, type ServerProcess } from './processes.ts';

/** Whether the process `pid` has libvips (sharp's image library) in its memory. */
const hasLibvips = (pid: number | 'self') =>
  /libvips/.test(readFileSync(`/proc/${pid}/maps`, 'utf8'));

// sharp's libvips takes about 20 MB in every process that loads it; a process that only serves
// pages (a cluster's worker, a restarted demo) has no image to encode and must not pay for it.
describe.runIf(process.platform === 'linux')('a process that only serves pages', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'market-pages-only-'));
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('serves every kind of public page without loading libvips', async () => {
    const database = await openDatabase({ databaseUrl: null, dataDir });
    try {
      await seedReference(database.db, { adminPassword: 'Admin@12345' });
      await seedDemo(database.db, { uploadsDir: path.join(dataDir, 'uploads') }, { vehicles: 4 });
    } finally {
      await database.close();
    }
    // Loaded here, in the test's process: what the check looks for is there to be found.
    await vips();
    expect(hasLibvips('self')).toBe(true);

    server = await spawnServer({ DATA_DIR: dataDir });
    const { origin } = server;
    const answer = (await fetch(`${origin}/api/Vehicle/GetVehiclesRandomly?pageSize=1`).then(
      (response) => response.json(),
    )) as { data: { vehicles: { data: { slug: string; ownerSlug: string }[] } } };
    const [vehicle] = answer.data.vehicles.data;
    expect(vehicle).toBeDefined();
    const galleryPath = `/gallary/${vehicle!.ownerSlug}`;
    const pages = new Map<string, string>();
    for (const page of [
      '/',
      '/en/vehicles',
      `/vehicle/${vehicle!.slug}`,
      galleryPath,
      '/sellers',
    ]) {
      const response = await fetch(origin + page);
      expect(response.status, page).toBe(200);
      pages.set(page, await response.text());
    }
    // A gallery states its preview picture's size, read from the stored file's header.
    expect(pages.get(galleryPath)).toMatch(/<meta property="og:image:width" content="\d+"/);
    expect(hasLibvips(server.child.pid!)).toBe(false);
  });
});
