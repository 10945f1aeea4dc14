import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Who may import whom (README, Layout): domain/ imports nothing of ours; server/ never imports
 * src/; src/ takes only types from server/, and only its server-side loaders read the database.
 */
const root = path.resolve(import.meta.dirname, '../..');

function sources(folder: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(path.join(root, folder), { withFileTypes: true })) {
    const relative = path.join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'paraglide') out.push(...sources(relative));
    } else if (/\.(ts|tsx|astro|mjs)$/.test(entry.name)) out.push(relative);
  }
  return out;
}

interface Import {
  file: string;
  target: string;
  typeOnly: boolean;
}

function importsOf(file: string): Import[] {
  const text = readFileSync(path.join(root, file), 'utf8');
  const found: Import[] = [];
  const pattern =
    /(import\s+type\s[^;]*?from\s*|import\s[^;]*?from\s*|import\(\s*)['"](\.[^'"]+)['"]/g;
  for (const match of text.matchAll(pattern)) {
    const target = path.relative(
      root,
      path.resolve(path.dirname(path.join(root, file)), match[2]!),
    );
    found.push({ file, target, typeOnly: /^import\s+type\s/.test(match[1]!) });
  }
  return found;
}

const under = (folder: string) => (target: string) => target.startsWith(`${folder}/`);

describe('module layout', () => {
  it('domain/ imports nothing of the site or the server', () => {
    const bad = sources('domain')
      .flatMap(importsOf)
      .filter((i) => !under('domain')(i.target));
    expect(bad).toEqual([]);
  });

  it('server/ never imports the site', () => {
    const bad = sources('server')
      .flatMap(importsOf)
      .filter((i) => under('src')(i.target));
    expect(bad).toEqual([]);
  });

  it('the site takes only types from the server', () => {
    const bad = sources('src')
      .flatMap(importsOf)
      .filter((i) => under('server')(i.target) && !i.typeOnly)
      // `import('…').Type` in a declaration file is a type position too.
      .filter((i) => !i.file.endsWith('.d.ts'));
    expect(bad).toEqual([]);
  });

  it("pages' components and browser code take server types only from the API schemas", () => {
    // The vehicle page and its JSON-LD read the vehicle's detail row as the loader gives it: its
    // schema's coded fields are loose (see server/routes/vehicle/schemas.ts, VehicleDetail).
    const vehicleDetailReaders = new Set([
      'src/lib/structured-data.ts',
      'src/components/vehicle/VehiclePage.astro',
      'src/components/vehicle/VehicleSummary.astro',
      'src/components/vehicle/VehicleSpecs.astro',
    ]);
    const bad = [...sources('src/lib'), ...sources('src/islands'), ...sources('src/components')]
      .filter((file) => !file.startsWith('src/lib/server/') && !vehicleDetailReaders.has(file))
      .flatMap(importsOf)
      .filter((i) => under('server')(i.target))
      .filter((i) => !/^server\/routes\/(?:[^/]+\/schemas|paging-schemas)\.ts$/.test(i.target));
    expect(bad).toEqual([]);
  });

  it('only the server-side loaders read Astro.locals.services', () => {
    const bad = sources('src').filter(
      (file) =>
        !file.startsWith('src/lib/server/') &&
        !file.startsWith('src/pages/') &&
        !file.endsWith('.d.ts') &&
        readFileSync(path.join(root, file), 'utf8').includes('locals.services'),
    );
    expect(bad).toEqual([]);
  });
});
