import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DEFAULT_ADMIN_PASSWORD, loadConfig, loadEnvFile } from '../../server/config.ts';

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
    [{ LOG_LEVEL: 'verbose' }, /LOG_LEVEL/],
  ])('refuses %o with a message naming the setting', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), ...env })).toThrow(name);
  });

  it('names the accepted log levels when LOG_LEVEL is wrong', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), LOG_LEVEL: 'verbose' })).toThrow(
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent, got "verbose"',
    );
  });

  it('accepts every log level, in any case, and defaults to info', () => {
    for (const level of ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']) {
      expect(loadConfig({ DATA_DIR: tmp(), LOG_LEVEL: level.toUpperCase() }).logLevel).toBe(level);
    }
    expect(loadConfig({ DATA_DIR: tmp() }).logLevel).toBe('info');
  });

  it('trusts a proxy everywhere, nowhere, or only at the addresses TRUST_PROXY lists', () => {
    const dataDir = tmp();
    const trust = (value?: string) =>
      loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: value }).trustProxy;
    expect(trust()).toBe(false);
    expect(trust('true')).toBe(true);
    expect(trust('off')).toBe(false);
    expect(trust('127.0.0.1')).toEqual(['127.0.0.1']);
    expect(trust(' 10.0.0.0/8, ::1 ,fd00::/8')).toEqual(['10.0.0.0/8', '::1', 'fd00::/8']);
    for (const wrong of ['maybe', '10.0.0.0/33', '127.0.0.1,', 'nginx.local', '1.2.3.4/8/1']) {
      expect(() => trust(wrong), wrong).toThrow(/TRUST_PROXY must be true, false or the proxies/);
    }
  });

  it('reads the first admin password, with the documented default', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).adminPassword).toBe(DEFAULT_ADMIN_PASSWORD);
    expect(loadConfig({ DATA_DIR: tmp(), ADMIN_PASSWORD: 'Other@Pass1' }).adminPassword).toBe(
      'Other@Pass1',
    );
  });
});

describe('loadEnvFile', () => {
  const names = ['MARKET_TEST_FROM_FILE', 'MARKET_TEST_FROM_ENV', 'MARKET_TEST_EMPTY_ENV'];
  afterEach(() => {
    for (const name of names) delete process.env[name];
  });

  it("adds the file's variables, and the real environment wins over the file", () => {
    const file = path.join(tmp(), '.env');
    writeFileSync(
      file,
      'MARKET_TEST_FROM_FILE=file\nMARKET_TEST_FROM_ENV=file\nMARKET_TEST_EMPTY_ENV=file\n',
    );
    process.env.MARKET_TEST_FROM_ENV = 'env';
    process.env.MARKET_TEST_EMPTY_ENV = '';
    loadEnvFile(file);
    expect(process.env.MARKET_TEST_FROM_FILE).toBe('file');
    expect(process.env.MARKET_TEST_FROM_ENV).toBe('env');
    // An empty variable is set too: it keeps the default rather than the file's value.
    expect(process.env.MARKET_TEST_EMPTY_ENV).toBe('');
  });

  it('does nothing when the file is missing', () => {
    expect(() => loadEnvFile(path.join(tmp(), '.env'))).not.toThrow();
    expect(process.env.MARKET_TEST_FROM_FILE).toBeUndefined();
  });
});
