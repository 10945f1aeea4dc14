import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../server/config.ts';
import { openDatabase } from '../../server/db/client.ts';
import { freshDatabase } from '../../server/db/fresh-database.ts';
import { createServer } from '../../server/server.ts';

export type Driver = 'pglite' | 'postgres';
export const drivers: Driver[] = process.env.DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/**
 * A TCP relay between the server and PostgreSQL that a test can cut and restore: the
 * database "stops" for the server without touching the machine's PostgreSQL.
 */
export async function databaseRelay(target: URL) {
  const sockets = new Set<net.Socket>();
  let up = true;
  const server = net.createServer((client) => {
    if (!up) return client.destroy();
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    port,
    stop() {
      up = false;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
    },
    start() {
      up = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface SiteOptions {
  revalidateSeconds?: number;
  /** Route PostgreSQL through a relay the test can cut. */
  relay?: boolean;
  env?: Record<string, string>;
  /** Join an existing PostgreSQL database (a second server instance) instead of a new one. */
  databaseUrl?: string;
  /** Fill the database with the demo catalogue (sellers, vehicles, ads, events) before listening. */
  demo?: boolean;
}

/**
 * The whole marketplace (API, SEO files, built site behind the page cache) listening on a
 * random port, on a fresh database with the reference data and, unless `demo` asks for it, no
 * demo catalogue.
 */
export async function startSite(driver: Driver, options: SiteOptions = {}) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'market-site-'));
  let databaseUrl: string | null = null;
  let relay: Awaited<ReturnType<typeof databaseRelay>> | null = null;
  let drop = async () => {};
  if (options.databaseUrl) {
    databaseUrl = options.databaseUrl;
  } else if (driver === 'postgres') {
    const base = new URL(process.env.DATABASE_URL!);
    const fresh = await freshDatabase(base.toString(), 'site');
    drop = fresh.drop;
    const url = new URL(fresh.databaseUrl!);
    if (options.relay) {
      relay = await databaseRelay(base);
      url.hostname = '127.0.0.1';
      url.port = String(relay.port);
    }
    databaseUrl = url.toString();
  }
  const config = loadConfig({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    SITE_URL: 'https://cars.example.ps',
    PAGE_REVALIDATE_SECONDS: String(options.revalidateSeconds ?? 60),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  const database = await openDatabase({ databaseUrl, dataDir: null });
  const server = await createServer(config, { database, seedDemo: options.demo ?? false });
  await server.app.listen({ port: 0, host: '127.0.0.1' });
  const address = server.app.server.address() as net.AddressInfo;
  const origin = `http://127.0.0.1:${address.port}`;
  return {
    ...server,
    config,
    origin,
    relay,
    databaseUrl,
    fetch: (pathname: string, init?: RequestInit) => fetch(origin + pathname, init),
    async close() {
      await server.app.close();
      await database.close().catch(() => {});
      await relay?.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export type Site = Awaited<ReturnType<typeof startSite>>;
