import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  ConfigError,
  DEFAULT_ADMIN_PASSWORD,
  loadConfig,
  loadEnvFile,
} from '../../server/config.ts';

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

  it('keeps images in the uploads folder without S3 settings', () => {
    expect(loadConfig({ DATA_DIR: tmp() }).s3).toBeNull();
  });

  it('reads the S3 settings: path style with an endpoint, virtual hosts on AWS itself', () => {
    const keys = {
      S3_BUCKET: 'market-images',
      S3_REGION: 'auto',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    };
    expect(
      loadConfig({
        DATA_DIR: tmp(),
        ...keys,
        S3_ENDPOINT: 'http://127.0.0.1:9000/',
        S3_PUBLIC_URL: 'https://images.example.ps/',
      }).s3,
    ).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'market-images',
      region: 'auto',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      publicUrl: 'https://images.example.ps',
    });
    expect(loadConfig({ DATA_DIR: tmp(), ...keys }).s3).toMatchObject({
      endpoint: null,
      forcePathStyle: false,
      publicUrl: null,
    });
    const r2 = { ...keys, S3_ENDPOINT: 'https://account.r2.example', S3_FORCE_PATH_STYLE: 'no' };
    expect(loadConfig({ DATA_DIR: tmp(), ...r2 }).s3?.forcePathStyle).toBe(false);
  });

  it('refuses incomplete S3 settings, naming what is missing', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), S3_BUCKET: 'market-images' })).toThrow(
      new ConfigError(
        'Images go to S3 storage because S3_BUCKET is set, but S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY are missing: set them too, or remove every S3_ setting to keep images in UPLOADS_DIR',
      ),
    );
    expect(() =>
      loadConfig({
        DATA_DIR: tmp(),
        S3_ENDPOINT: 'ftp://files.example',
        S3_BUCKET: 'b',
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'k',
        S3_SECRET_ACCESS_KEY: 's',
      }),
    ).toThrow('S3_ENDPOINT must start with http: or https:');
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
