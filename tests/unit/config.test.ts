import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'market-config-'));

describe('loadConfig', () => {
  it('runs on the embedded defaults', () => {
    const dataDir = tmp();
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 4321,
      dataDir,
      uploadsDir: path.join(dataDir, 'uploads'),
      databaseUrl: null,
      redisUrl: null,
      siteUrl: 'http://localhost:4321',
      seedDemo: true,
    });
  });

  it('keeps the generated signing secret across starts', () => {
    const dataDir = tmp();
    const first = loadConfig({ DATA_DIR: dataDir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(loadConfig({ DATA_DIR: dataDir }).jwtSecret).toBe(first);
    expect(readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8')).toBe(first);
  });

  it('reads the overrides', () => {
    const config = loadConfig({
      DATA_DIR: tmp(),
      PORT: '8080',
      DATABASE_URL: 'postgres://u@db:5432/market',
      REDIS_URL: 'redis://cache:6379',
      SITE_URL: 'https://cars.example.ps/',
      SEED_DEMO: 'false',
      PAGE_REVALIDATE_SECONDS: '30',
    });
    expect(config).toMatchObject({
      port: 8080,
      databaseUrl: 'postgres://u@db:5432/market',
      redisUrl: 'redis://cache:6379',
      siteUrl: 'https://cars.example.ps',
      seedDemo: false,
      pageRevalidateSeconds: 30,
    });
  });

  it.each([
    [{ PORT: 'abc' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ SEED_DEMO: 'maybe' }, /SEED_DEMO/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET/],
    [{ SITE_URL: 'not a url' }, /SITE_URL/],
  ])('refuses %o with a message naming the setting', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(name);
  });
});
