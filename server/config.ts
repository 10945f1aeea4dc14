import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { S3Settings } from './lib/storage/s3-store.ts';

/**
 * Reads `.env` (or the given file) into process.env when it exists, as .env.example promises.
 * Variables already set in the environment win over the file. Entry points call it before
 * `loadConfig()`.
 */
export function loadEnvFile(file = '.env'): void {
  if (existsSync(file)) process.loadEnvFile(file);
}

/** Every setting the server reads, validated once at start (see .env.example). */
export interface Config {
  port: number;
  host: string;
  /** Embedded database files, uploads and the generated secret live here. */
  dataDir: string;
  /** Uploads, QR codes and demo pictures when S3 is not set. */
  uploadsDir: string;
  /** The S3-compatible bucket that holds them instead, shared by every instance (S3_*). */
  s3: S3Settings | null;
  /** PostgreSQL when set; the embedded PGlite database otherwise. */
  databaseUrl: string | null;
  /** Redis pub/sub fan-out when set; in-process otherwise. */
  redisUrl: string | null;
  /** Public origin of the site, used for absolute links (sitemaps, link previews). */
  siteUrl: string;
  jwtSecret: string;
  jwtTtlSeconds: number;
  /** Fill an empty database with demo sellers and vehicles on start. */
  seedDemo: boolean;
  /** Password of the first admin account, set when the reference seed creates it. */
  adminPassword: string;
  logLevel: LogLevel;
  /** json: one JSON object a line (production); pretty: a short line a request (a terminal). */
  logFormat: LogFormatSetting;
  /** On SIGTERM or SIGINT, how long in-flight requests may take before the process gives up. */
  shutdownTimeoutSeconds: number;
  /** Seconds a cached catalogue page counts as fresh. */
  pageRevalidateSeconds: number;
  /**
   * Fill the page cache in the background once listening (most visited pages first, up to
   * pageCacheBytes), so most first requests are hits; /api/ready waits for the home pages.
   */
  pageWarmup: boolean;
  /** Memory the cached pages may take (brotli, gzip and plain copies counted). */
  pageCacheBytes: number;
  /** Disk the kept pages may take under DATA_DIR/page-cache when there is no Redis. */
  pageStoreBytes: number;
  /** Server processes (node:cluster workers); more than 1 needs PostgreSQL and Redis. */
  webConcurrency: number;
  /** Largest request body in bytes (base64 images travel in JSON). */
  bodyLimitBytes: number;
  /** smtp(s)://user:pass@host:port to send real email; the outbox folder otherwise. */
  smtpUrl: string | null;
  mailFrom: string;
  outboxDir: string;
  /** An HTTP SMS gateway (POST JSON {to, message}); null: the SMS outbox. */
  smsUrl: string | null;
  smsOutboxDir: string;
  /** Requests per minute per client on sign-in, sign-up and password recovery. */
  authRateLimit: number;
  /** Requests per minute per client on payments to the site and ticket purchases (no token). */
  paymentRateLimit: number;
  /** Per signed-in user (issue §2): password changes per 15 minutes, profile and picture
   * updates per hour, favourite toggles and hub negotiations per minute, vehicle writes (with
   * their images) per 10 minutes. */
  userLimits: {
    passwordChange: number;
    profileUpdate: number;
    favouriteToggle: number;
    hubNegotiate: number;
    vehicleWrite: number;
  };
  /** Browser-test hooks under /api/Test (never in production). */
  testHooks: boolean;
  /**
   * Believe X-Forwarded-For and -Proto (visit ips, rate limits, HSTS): from any peer (true), or
   * only from these addresses or CIDR ranges (the caching tier's), so a client that reaches an
   * instance directly cannot name its own address.
   */
  trustProxy: boolean | string[];
}

/** The first admin's password when ADMIN_PASSWORD is not set; change it after the first sign-in. */
export const DEFAULT_ADMIN_PASSWORD = 'Admin@12345';

export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof logLevels)[number];
/** auto: pretty when standard output is a terminal, JSON otherwise. */
export const logFormats = ['auto', 'json', 'pretty'] as const;
export type LogFormatSetting = (typeof logFormats)[number];

type Env = Record<string, string | undefined>;

/** A setting that cannot be used; its message names the setting and what it accepts. */
export class ConfigError extends Error {}

function integer(env: Env, name: string, fallback: number, min = 0): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) {
    throw new ConfigError(`${name} must be a whole number of at least ${min}, got "${raw}"`);
  }
  return value;
}

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true;
  if (['0', 'false', 'no', 'off'].includes(raw)) return false;
  throw new ConfigError(`${name} must be true or false, got "${env[name]}"`);
}

function oneOf<T extends string>(env: Env, name: string, choices: readonly T[], fallback: T): T {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (!(choices as readonly string[]).includes(raw)) {
    throw new ConfigError(`${name} must be one of ${choices.join(', ')}, got "${env[name]}"`);
  }
  return raw as T;
}

function url(env: Env, name: string, protocols: string[]): string | null {
  const raw = env[name];
  if (!raw) return null;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} is not a valid URL`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must start with ${protocols.join(' or ')}`);
  }
  return raw;
}

/** TRUST_PROXY: true, false, or a comma-separated list of addresses and CIDR ranges. */
function trustProxy(env: Env): boolean | string[] {
  const raw = env.TRUST_PROXY?.trim() ?? '';
  if (raw === '' || /^(?:1|0|true|false|yes|no|on|off)$/i.test(raw)) {
    return flag(env, 'TRUST_PROXY', false);
  }
  const addresses = raw.split(',').map((entry) => entry.trim());
  for (const entry of addresses) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = net.isIP(address);
    const bits = family === 4 ? 32 : 128;
    const validPrefix = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= bits);
    if (family === 0 || !validPrefix || rest.length > 0) {
      throw new ConfigError(
        `TRUST_PROXY must be true, false or the proxies' addresses (e.g. 127.0.0.1,10.0.0.0/8), got "${entry}"`,
      );
    }
  }
  return addresses;
}

/**
 * The signing secret: JWT_SECRET when given, otherwise one generated on first start and kept
 * in DATA_DIR so sessions survive a restart on the embedded defaults.
 */
function jwtSecret(env: Env, dataDir: string): string {
  const given = env.JWT_SECRET;
  if (given) {
    if (given.length < 32) throw new ConfigError('JWT_SECRET must be at least 32 characters');
    return given;
  }
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * Worker processes: one per core by default on PostgreSQL with Redis. The embedded database
 * lets one process open its files, and without Redis the processes could not tell each other
 * of purges, notifications and ended sessions, so both keep one process.
 */
function webConcurrency(env: Env, databaseUrl: string | null, redisUrl: string | null): number {
  const shareable = databaseUrl !== null && redisUrl !== null;
  const requested = integer(env, 'WEB_CONCURRENCY', shareable ? os.availableParallelism() : 1, 1);
  if (requested > 1 && !shareable) {
    throw new ConfigError(
      'WEB_CONCURRENCY above 1 needs DATABASE_URL (PostgreSQL; the embedded database opens in one process only) and REDIS_URL (to share purges and notifications between processes)',
    );
  }
  return requested;
}

const S3_NAMES = [
  'S3_ENDPOINT',
  'S3_BUCKET',
  'S3_REGION',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
  'S3_PUBLIC_URL',
] as const;
const S3_REQUIRED = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/**
 * The bucket when any S3_* setting is given (the folder otherwise). A partial set is refused
 * rather than falling back to the folder: instances would silently keep images apart.
 */
function s3Settings(env: Env): S3Settings | null {
  const given = S3_NAMES.filter((name) => env[name]?.trim());
  if (given.length === 0) return null;
  const absent = S3_REQUIRED.filter((name) => !env[name]?.trim());
  if (absent.length > 0) {
    throw new ConfigError(
      `Images go to S3 storage because ${given.join(', ')} ${given.length === 1 ? 'is' : 'are'} set, but ${absent.join(', ')} ${absent.length === 1 ? 'is' : 'are'} missing: set ${absent.length === 1 ? 'it' : 'them'} too, or remove every S3_ setting to keep images in UPLOADS_DIR`,
    );
  }
  const endpoint = url(env, 'S3_ENDPOINT', ['http:', 'https:']);
  const publicUrl = url(env, 'S3_PUBLIC_URL', ['http:', 'https:']);
  return {
    endpoint: endpoint?.replace(/\/+$/, '') ?? null,
    bucket: env.S3_BUCKET!.trim(),
    region: env.S3_REGION!.trim(),
    accessKeyId: env.S3_ACCESS_KEY_ID!.trim(),
    secretAccessKey: env.S3_SECRET_ACCESS_KEY!.trim(),
    // MinIO and most self-hosted services have no per-bucket host names.
    forcePathStyle: flag(env, 'S3_FORCE_PATH_STYLE', endpoint !== null),
    publicUrl: publicUrl?.replace(/\/+$/, '') ?? null,
  };
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR || './data');
  const port = integer(env, 'PORT', 4321, 0);
  const databaseUrl = url(env, 'DATABASE_URL', ['postgres:', 'postgresql:']);
  const redisUrl = url(env, 'REDIS_URL', ['redis:', 'rediss:']);
  const siteUrl = (url(env, 'SITE_URL', ['http:', 'https:']) ?? `http://localhost:${port}`).replace(
    /\/+$/,
    '',
  );
  return {
    port,
    host: env.HOST || '0.0.0.0',
    dataDir,
    uploadsDir: path.resolve(env.UPLOADS_DIR || path.join(dataDir, 'uploads')),
    s3: s3Settings(env),
    databaseUrl,
    redisUrl,
    siteUrl,
    jwtSecret: jwtSecret(env, dataDir),
    jwtTtlSeconds: integer(env, 'JWT_TTL_SECONDS', 7 * 24 * 3600, 60),
    seedDemo: flag(env, 'SEED_DEMO', true),
    adminPassword: env.ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD,
    logLevel: oneOf(env, 'LOG_LEVEL', logLevels, 'info'),
    logFormat: oneOf(env, 'LOG_FORMAT', logFormats, 'auto'),
    shutdownTimeoutSeconds: integer(env, 'SHUTDOWN_TIMEOUT_SECONDS', 25, 1),
    pageRevalidateSeconds: integer(env, 'PAGE_REVALIDATE_SECONDS', 60, 1),
    pageWarmup: flag(env, 'PAGE_WARMUP', true),
    pageCacheBytes: integer(env, 'PAGE_CACHE_MB', 32, 1) * 1024 * 1024,
    pageStoreBytes: integer(env, 'PAGE_STORE_MB', 1024, 1) * 1024 * 1024,
    webConcurrency: webConcurrency(env, databaseUrl, redisUrl),
    bodyLimitBytes: integer(env, 'BODY_LIMIT_BYTES', 25 * 1024 * 1024, 1024),
    trustProxy: trustProxy(env),
    testHooks: flag(env, 'E2E_TEST_HOOKS', false),
    smtpUrl: url(env, 'SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: env.MAIL_FROM || 'سوق المركبات <no-reply@example.ps>',
    outboxDir: path.join(dataDir, 'outbox'),
    smsUrl: url(env, 'SMS_URL', ['http:', 'https:']),
    smsOutboxDir: path.join(dataDir, 'sms-outbox'),
    authRateLimit: integer(env, 'AUTH_RATE_LIMIT', 10, 1),
    paymentRateLimit: integer(env, 'PAYMENT_RATE_LIMIT', 10, 1),
    userLimits: {
      passwordChange: integer(env, 'PASSWORD_CHANGE_LIMIT', 10, 1),
      profileUpdate: integer(env, 'PROFILE_UPDATE_LIMIT', 30, 1),
      favouriteToggle: integer(env, 'FAVOURITE_TOGGLE_LIMIT', 120, 1),
      hubNegotiate: integer(env, 'HUB_NEGOTIATE_LIMIT', 30, 1),
      vehicleWrite: integer(env, 'VEHICLE_WRITE_LIMIT', 30, 1),
    },
  };
}
