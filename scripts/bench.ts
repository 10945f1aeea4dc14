// `npm run bench`: builds, fills a large catalogue, starts the marketplace and prints what a
// visitor's browser downloads and how fast the server answers (issue: public catalogue, "Speed").
//   BENCH_VEHICLES (default 10000), BENCH_SECONDS per load run (default 10),
//   DATABASE_URL to measure on PostgreSQL instead of the embedded database,
//   BENCH_SKIP_BUILD=1 to measure the current build, BENCH_ONLY=create-vehicle,
//   BENCH_ONLY=embedded (the demo data on the embedded database), BENCH_ONLY=statistics or
//   BENCH_ONLY=accounts (password hashing, seller side, update to page), BENCH_ONLY=scale (the
//   catalogue at scale, without the demo data's Lighthouse runs)
//   for that part only. The default run prints each figure of the catalogue beside its target
//   and exits with 1 when one misses.
import { spawnSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import {
  measureServing,
  percentile,
  startServer,
  treeProportionalBytes,
  treeResidentBytes,
  mb,
  type ServerProcess,
} from './bench/catalogue.ts';
import { lighthouseRun, serveEmptyPage } from './bench/lighthouse.ts';
import { load } from './bench/load.ts';
import { figure, summary } from './bench/scorecard.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/client.ts';
import { freshDatabase } from '../server/db/fresh-database.ts';
import { seedDemo } from '../server/db/seed/demo.ts';
import { seedReference } from '../server/db/seed/reference.ts';
import { vehicleRepository } from '../server/db/repositories/vehicles.ts';
import { createServer } from '../server/server.ts';
import { UserStatus, UserType } from '../domain/codes.ts';
import type { Db } from '../server/db/client.ts';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app.ts';
import { rebuildVisitRollup } from '../server/db/repositories/statistics.ts';
import { createBus } from '../server/lib/bus.ts';
import { users } from '../server/db/schema.ts';
import { hashPassword } from '../server/lib/password.ts';
import type { TokenService } from '../server/lib/tokens.ts';
import { serverCommand } from './server-entry.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const vehicleCount = Number(process.env.BENCH_VEHICLES ?? 10_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const port = Number(process.env.BENCH_PORT ?? 4455);
const origin = `http://127.0.0.1:${port}`;

const log = (line = '') => process.stdout.write(`${line}\n`);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(1)} ms`;

/**
 * The line each server process logs when its background warm-up ends
 * (server/plugins/page-warmup.ts): pages it rendered, milliseconds.
 */
const WARM_UP_END = /page cache warm: \d+ pages in memory \((\d+) rendered[^"\n]*? in (\d+) ms/g;
/** In a cluster, which share of the warm-up the line's worker had, of how many. */
const WARM_UP_SHARE_OF = /\(share \d+ of (\d+):/;

/**
 * Waits until every process of `server` has ended its warm-up, `limitMs` at most: the highest
 * resident memory meanwhile (a target holds with the warm-up running) and each process's end,
 * or null when the warm-up had not ended.
 */
async function warmUpOf(server: ServerProcess, limitMs: number) {
  // One line per process; the same line may be in the output twice (kept apart from the rest).
  const ends = () => {
    const lines = new Map<string, { rendered: number; ms: number; of: number }>();
    for (const match of server.output().matchAll(WARM_UP_END)) {
      const of = Number(WARM_UP_SHARE_OF.exec(match[0])?.[1] ?? 1);
      lines.set(match[0], { rendered: Number(match[1]), ms: Number(match[2]), of });
    }
    const all = [...lines.values()];
    return all.length > 0 && all.length >= all[0]!.of ? all : null;
  };
  const started = Date.now();
  let highest = treeResidentBytes(server.child.pid!);
  while (!ends() && Date.now() - started < limitMs) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    highest = Math.max(highest, treeResidentBytes(server.child.pid!));
  }
  return { highest, ended: ends() };
}

function build() {
  log('Building the site and the server ...');
  const result = spawnSync('npm', ['run', 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (result.status !== 0) throw new Error('build failed');
}

/** A load run from wrk (scripts/bench/load.ts), sending gzip as browsers do. */
const loadPage = (url: string) =>
  load(url, { connections: 20, seconds, headers: { 'accept-encoding': 'gzip' } });

async function main() {
  if (process.env.BENCH_ONLY === 'statistics') {
    log("The dashboard's counters:");
    return statisticsAtScale();
  }
  if (process.env.BENCH_SKIP_BUILD !== '1') build();
  if (process.env.BENCH_ONLY === 'create-vehicle') {
    log("Seller's side:");
    return createVehicleUnderLoad();
  }
  if (process.env.BENCH_ONLY === 'accounts') return accountsUnderLoad();
  if (process.env.BENCH_ONLY === 'embedded') {
    await embeddedDemo();
    return summary();
  }
  if (process.env.BENCH_ONLY !== 'scale') await embeddedDemo();
  await catalogueAtScale();
  summary();
}

/**
 * `npm start` on a fresh machine: the embedded database, no Redis, the demo data seeded at the
 * first start. Resident memory once the background warm-up has finished, then Lighthouse on the
 * public pages (the issue measures its page targets on the demo data, on a quiet server).
 */
async function embeddedDemo() {
  log('The demo data on the embedded database (no DATABASE_URL, no REDIS_URL):');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'market-bench-demo-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', SEED_DEMO: 'true' };
  try {
    // The first start seeds the demo data; the figures are those of the second, as in use.
    await (await startServer(env, port)).stop();
    const server = await startServer(env, port);
    try {
      figure('start to listening', server.listeningMs, ms(server.listeningMs), { max: 5000 });
      // The target holds with the warm-up running: its highest reading counts too.
      const { highest: duringWarmUp } = await warmUpOf(server, 120_000);
      figure(
        'resident memory during warm-up, highest (MB)',
        duringWarmUp / 2 ** 20,
        mb(duringWarmUp),
        { max: 300 },
      );
      const resident = treeResidentBytes(server.child.pid!);
      figure('resident memory after start and warm-up (MB)', resident / 2 ** 20, mb(resident), {
        max: 300,
      });
      const proportional = treeProportionalBytes(server.child.pid!);
      figure(
        'proportional memory (PSS) after warm-up (MB)',
        proportional / 2 ** 20,
        mb(proportional),
      );
      // The issue measures Lighthouse against the production build with the demo data.
      await lighthouseFigures(server.origin, await publicPages(server.origin));
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  log('');
}

/** A catalogue of `vehicleCount` vehicles in a fresh database; answers its settings. */
async function seededCatalogue() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'market-bench-'));
  const { databaseUrl, drop } = await freshDatabase(process.env.DATABASE_URL, 'bench');
  log(
    `Filling a catalogue of ${vehicleCount} vehicles (${databaseUrl ? 'PostgreSQL' : 'PGlite'}) ...`,
  );
  const started = Date.now();
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await seedReference(database.db, { adminPassword: config.adminPassword });
  await seedDemo(
    database.db,
    { uploadsDir: config.uploadsDir },
    {
      vehicles: vehicleCount,
      sellers: Math.min(5000, Math.max(12, Math.round(vehicleCount / 40))),
    },
  );
  await database.close();
  log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return {
    env: {
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? '',
      REDIS_URL: process.env.REDIS_URL ?? '',
      SEED_DEMO: 'false',
    },
    async remove() {
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The warm-up of a fresh start, before any load: the highest memory while it runs (the target
 * holds with it running) and its rate, which is a pre-render's own (pages rendered inside the
 * server by every worker at once, without HTTP). Under load it gives way to the requests, so it
 * is read here, on a quiet server.
 */
async function warmUpAtScale(server: ServerProcess) {
  const { highest, ended } = await warmUpOf(server, 300_000);
  figure('resident memory during warm-up, highest (MB)', highest / 2 ** 20, mb(highest), {
    max: 400,
  });
  if (!ended) {
    log('  the warm-up had not ended after 300 s');
    return;
  }
  const rendered = ended.reduce((sum, line) => sum + line.rendered, 0);
  const seconds = Math.max(...ended.map((line) => line.ms)) / 1000;
  figure(
    `background warm-up, pages rendered a second (${rendered} in ${seconds.toFixed(1)} s, ${ended.length} processes)`,
    rendered / seconds,
    (rendered / seconds).toFixed(0),
  );
}

/** Issue "performance": every figure beside its target, on a server process of its own. */
async function catalogueAtScale() {
  const catalogue = await seededCatalogue();
  log('\nStarting:');
  let server = await startServer(catalogue.env, port);
  try {
    figure('start to listening', server.listeningMs, ms(server.listeningMs), { max: 5000 });
    const afterStart = treeResidentBytes(server.child.pid!);
    // The targets: < 300 MB for the demo data on the embedded database (embeddedDemo
    // above), < 400 MB for a catalogue at scale, after start as under load.
    figure('resident memory after start (MB)', afterStart / 2 ** 20, mb(afterStart), {
      max: 400,
    });
    await warmUpAtScale(server);

    const sampleAnswer = (await fetch(
      `${server.origin}/api/Vehicle/GetVehiclesRandomly?pageSize=50&seed=7`,
    ).then((response) => response.json())) as {
      data: { vehicles: { data: { slug: string; brandId: number }[] } };
    };
    const cards = sampleAnswer.data.vehicles.data;
    const sellers = (await fetch(`${server.origin}/api/User/GetSellers?page=1`).then((response) =>
      response.json(),
    )) as { data: { users: { data: { slug: string }[] } } };
    const sellerSlug = sellers.data.users.data[0]?.slug;
    const vehiclePath = `/vehicle/${cards[0]!.slug}`;
    const brandIds = [...new Set(cards.map((card) => card.brandId))];

    await pageWeights(server.origin, {
      home: '/',
      'home (en)': '/en/',
      vehicles: '/vehicles',
      vehicle: vehiclePath,
      'vehicle (en)': `/en${vehiclePath}`,
      sellers: '/sellers',
      ...(sellerSlug ? { gallery: `/gallary/${sellerSlug}` } : {}),
    });

    const { peakResident, peakProportional } = await measureServing(
      server,
      { vehiclePath, brandIds },
      { seconds, vehicleCount, port },
    );
    figure('resident memory, peak under load (MB)', peakResident / 2 ** 20, mb(peakResident), {
      max: 400,
    });
    // Beside it, with the pages the processes share (the node binary, libraries) counted once.
    figure(
      'proportional memory (PSS), peak under load (MB)',
      peakProportional / 2 ** 20,
      mb(peakProportional),
    );

    log('\nRestarting:');
    // A page rendered just before the stop (the first of the sample's English vehicle pages that
    // answers a MISS), so still within its freshness window after it: the restarted server must
    // answer it as a HIT from the copy it kept, without a render.
    let recentPath = '';
    for (const card of cards.slice(1)) {
      const answer = await fetch(`${server.origin}/en/vehicle/${card.slug}`);
      await answer.arrayBuffer();
      recentPath = `/en/vehicle/${card.slug}`;
      if (answer.headers.get('x-cache') === 'MISS') break;
    }
    await server.stop();
    server = await startServer(catalogue.env, port);
    figure('start to listening after a restart', server.listeningMs, ms(server.listeningMs), {
      max: 5000,
    });
    const listened = performance.now();
    const first = await fetch(server.origin + recentPath);
    await first.arrayBuffer();
    const firstHitMs = server.listeningMs + (performance.now() - listened);
    const cache = first.headers.get('x-cache');
    figure(
      `start to the first request after the restart (X-Cache: ${cache})`,
      cache === 'HIT' ? firstHitMs : Infinity,
      cache === 'HIT' ? ms(firstHitMs) : 'not a hit',
      { max: 5000 },
    );
  } finally {
    await server.stop();
    await catalogue.remove();
  }
}

/** The public pages Lighthouse measures, in both languages: a vehicle and a seller are the catalogue's. */
async function publicPages(origin: string): Promise<Record<string, string>> {
  const vehicles = (await fetch(`${origin}/api/Vehicle/GetVehiclesRandomly?pageSize=1&seed=7`).then(
    (response) => response.json(),
  )) as { data: { vehicles: { data: { slug: string }[] } } };
  const sellers = (await fetch(`${origin}/api/User/GetSellers?page=1`).then((response) =>
    response.json(),
  )) as { data: { users: { data: { slug: string }[] } } };
  const vehiclePath = `/vehicle/${vehicles.data.vehicles.data[0]!.slug}`;
  const sellerSlug = sellers.data.users.data[0]?.slug;
  return {
    home: '/',
    'home (en)': '/en/',
    list: '/vehicles',
    'list (en)': '/en/vehicles',
    vehicle: vehiclePath,
    'vehicle (en)': `/en${vehiclePath}`,
    sellers: '/sellers',
    'sellers (en)': '/en/sellers',
    ...(sellerSlug
      ? { gallery: `/gallary/${sellerSlug}`, 'gallery (en)': `/en/gallary/${sellerSlug}` }
      : {}),
  };
}

/**
 * Lighthouse 12, mobile emulation with its default throttling, in the installed Chromium; the
 * median of LIGHTHOUSE_RUNS runs (default 3) per page.
 */
async function lighthouseFigures(origin: string, pages: Record<string, string>) {
  const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  log(`\nLighthouse (mobile, median of ${runs}):`);
  const names = Object.keys(pages);
  // An empty page last, in the same browser: the floor this host and browser put under every
  // page (no target; a page cannot go below it).
  const empty = await serveEmptyPage();
  let results;
  try {
    results = await lighthouseRun([...names.map((name) => origin + pages[name]), empty.url], {
      runs,
    });
  } finally {
    empty.close();
  }
  const floor = results.pop()!;
  results.forEach((result, i) => {
    const name = names[i]!;
    figure(`${name}: performance`, result.performance, String(result.performance), { min: 98 });
    figure(`${name}: largest contentful paint`, result.lcp, `${result.lcp.toFixed(0)} ms`, {
      max: 1500,
    });
    figure(`${name}: cumulative layout shift`, result.cls, result.cls.toFixed(3), { max: 0.02 });
    figure(`${name}: total blocking time`, result.tbt, `${result.tbt.toFixed(0)} ms`, { max: 0 });
    const others = Math.min(result.accessibility, result.bestPractices, result.seo);
    figure(
      `${name}: accessibility ${result.accessibility}, best practices ${result.bestPractices}, SEO ${result.seo}`,
      others,
      String(others),
      { min: 100 },
    );
    if (result.lcpElement) log(`    largest paint: ${result.lcpElement.slice(0, 110)}`);
  });
  // Lighthouse's CPU throttling multiplies what it observed on this host: on a host below the
  // range its default is calibrated for, main-thread times (blocking time, render delay) come
  // out longer than on the phone it models. Printed so that figures from two hosts compare.
  const indexes = results.map((result) => result.benchmarkIndex).sort((a, b) => a - b);
  log(
    `  host CPU, Lighthouse's benchmark index: ${indexes[0]!.toFixed(0)}–${indexes.at(-1)!.toFixed(0)} ` +
      `(its default 4× CPU slowdown is calibrated for 1500–2000)`,
  );
  figure('  an empty page on this host: largest contentful paint', floor.lcp, ms(floor.lcp));
  figure('    total blocking time', floor.tbt, ms(floor.tbt));
  figure('    longest main-thread task (simulated)', floor.longestTask, ms(floor.longestTask));
  const longest = Math.max(...results.map((result) => result.longestTask));
  figure('  longest main-thread task of the pages above (simulated)', longest, ms(longest));
}

/** Compressed JavaScript and CSS each public page makes a phone download before interaction. */
async function pageWeights(origin: string, pages: Record<string, string>) {
  log('\nWhat a phone downloads before interaction (gzip):');
  const browser = await chromium.launch({
    executablePath: process.env.PLAYWRIGHT_BROWSERS_PATH ? undefined : '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  for (const [name, pagePath] of Object.entries(pages)) {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const files = { script: new Set<string>(), stylesheet: new Set<string>() };
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type === 'script' || type === 'stylesheet') files[type].add(response.url());
    });
    // Islands hydrate after load (idle, visible): wait until the page stops downloading.
    await page.goto(origin + pagePath, { waitUntil: 'networkidle' });
    const gzipOf = async (urls: Set<string>, inline: string) => {
      let total = inline ? gzipSync(Buffer.from(inline)).length : 0;
      for (const url of urls) {
        const body = await fetch(url).then((response) => response.arrayBuffer());
        total += gzipSync(Buffer.from(body)).length;
      }
      return total;
    };
    const inline = (selector: string) =>
      page.$$eval(selector, (nodes) => nodes.map((node) => node.textContent ?? '').join(''));
    const js = await gzipOf(
      files.script,
      await inline('script:not([src]):not([type="application/ld+json"])'),
    );
    const css = await gzipOf(files.stylesheet, await inline('style'));
    const jsTarget = name.startsWith('home') ? 15 : name === 'vehicles' ? 30 : null;
    figure(
      `${name}: JavaScript (${files.script.size} files)`,
      js / 1024,
      kb(js),
      jsTarget ? { max: jsTarget } : null,
    );
    figure(`${name}: CSS (${files.stylesheet.size} files)`, css / 1024, kb(css), { max: 15 });
    await page.close();
  }
  await browser.close();
}

/** Earlier issues' figures: password hashing and the seller's side under load, update to page. */
async function accountsUnderLoad() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'market-bench-'));
  const { databaseUrl, drop } = await freshDatabase(process.env.DATABASE_URL, 'bench');
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    PORT: String(port),
    SITE_URL: origin,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await seedReference(database.db, { adminPassword: config.adminPassword });
  await seedDemo(database.db, { uploadsDir: config.uploadsDir }, { vehicles: 200, sellers: 20 });
  const { app, bus, services } = await createServer(config, { database, seedDemo: false });
  await app.listen({ port, host: '127.0.0.1' });
  const [sample] = await services.vehicles.publicSlugs({ offset: 100, limit: 1 });
  const vehiclePath = `/vehicle/${sample!.slug}`;

  // From a vehicle update to its page showing the change.
  const vehicles = vehicleRepository(database.db, bus);
  const timings: number[] = [];
  for (let i = 0; i < 5; i++) {
    const price = 123_000 + i;
    const marker = price.toLocaleString('en-US');
    const before = Date.now();
    await vehicles.update(sample!.id, { price });
    for (;;) {
      const text = await fetch(origin + vehiclePath).then((response) => response.text());
      if (text.includes(marker)) break;
      if (Date.now() - before > 10_000) throw new Error('the update never showed');
    }
    timings.push(Date.now() - before);
  }
  log(
    `\nUpdate to page: median ${ms(percentile(timings, 50))}, max ${ms(Math.max(...timings))} (5 updates)`,
  );

  await passwordHashingUnderLoad(database.db, app.tokens, vehiclePath);
  await sellerSide(database.db, app.tokens);

  await app.close();
  await database.close();
  await drop();
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * 5. Password hashing must not starve the server (issue §2): waves of 50 parallel wrong
 * ChangePassword guesses, each from another account so the per-user limit is not what saves
 * it, while wrk measures a cached page. scrypt runs on libuv's pool, so the page's p99
 * should stay near its quiet value (the aim: under 50 ms).
 */
async function passwordHashingUnderLoad(db: Db, tokens: TokenService, pagePath: string) {
  const perWave = 50;
  const waves = 40;
  const passwordHash = await hashPassword('Bench@Password1');
  const stamp = Date.now().toString(36);
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: perWave * waves }, (_, i) => ({
        userType: UserType.normal,
        name: `Bench ${i}`,
        email: `bench-${stamp}-${i}@example.ps`,
        passwordHash,
        slug: `${i}-bench`,
        statusId: UserStatus.active,
      })),
    )
    .returning({ id: users.id });
  const sessions = await Promise.all(
    rows.map((row) => tokens.sign({ id: row.id, userType: UserType.normal, name: 'Bench' })),
  );
  const guess = (token: string) =>
    fetch(`${origin}/api/User/ChangePassword`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ oldPassword: 'not-the-password', newPassword: 'Next@Password2' }),
    }).then((response) => response.status);

  log(`
Password hashing under load (${seconds} s each, 20 connections on the cached page):`);
  const quiet = await loadPage(origin + pagePath);
  let loadDone = false;
  const measuring = loadPage(origin + pagePath).finally(() => (loadDone = true));
  const waveTimes: number[] = [];
  const statuses = new Map<number, number>();
  for (let wave = 0; wave < waves && !loadDone; wave++) {
    const started = performance.now();
    const answers = await Promise.all(
      sessions.slice(wave * perWave, (wave + 1) * perWave).map(guess),
    );
    waveTimes.push(performance.now() - started);
    for (const status of answers) statuses.set(status, (statuses.get(status) ?? 0) + 1);
  }
  const busy = await measuring;
  const answered = [...statuses].map(([status, count]) => `${count} x ${status}`).join(', ');
  log(`  cached page, quiet                p99 ${quiet.p99} ms   p50 ${quiet.p50} ms`);
  log(
    `  cached page, 50 parallel guesses  p99 ${busy.p99} ms   p50 ${busy.p50} ms   errors ${busy.errors}`,
  );
  log(
    `  ${waveTimes.length} waves of ${perWave} guesses (${answered}); a wave took ${ms(percentile(waveTimes, 50))} (median)`,
  );
}

/** Sellers written straight to the database, each with a session (the per-user limits stay out of it). */
async function benchSellers(db: Db, tokens: TokenService, count: number) {
  const stamp = Date.now().toString(36);
  const rows = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, i) => ({
        userType: UserType.company,
        name: `Bench Seller ${i}`,
        email: `bench-seller-${stamp}-${i}@example.ps`,
        mobile: '0599000000',
        passwordHash: 'not-a-real-hash',
        addressStateId: 2,
        addressCityId: 15,
        addressInfo: 'Bench street',
        slug: `${i}-bench-seller`,
        statusId: UserStatus.active,
      })),
    )
    .returning({ id: users.id, name: users.name });
  return Promise.all(
    rows.map(async (row) => ({
      id: row.id,
      name: row.name,
      token: await tokens.sign({ id: row.id, userType: UserType.company, name: row.name }),
    })),
  );
}

/**
 * A camera-like JPEG: smooth detail from upscaled noise, so it weighs what a phone's 12 MP photo
 * weighs (a few MB) rather than a flat colour's few KB.
 */
async function cameraPhoto(width: number, height: number, seed: number) {
  const sharp = (await import('sharp')).default;
  const noise = await sharp({
    create: {
      width: Math.round(width / 6),
      height: Math.round(height / 6),
      channels: 3,
      background: { r: 40 * (seed % 6), g: 120, b: 200 },
      noise: { type: 'gaussian', mean: 120 + seed, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
  return sharp(noise).resize(width, height, { kernel: 'cubic' }).jpeg({ quality: 92 }).toBuffer();
}

/**
 * 6. The seller's side (issue "seller vehicles"): the JavaScript the add-vehicle page loads
 * before interaction (quill and the cropper wait until used), and CreateVehicle with six
 * 4000x3000 camera photos: the server's time (sequential requests) and the process's peak
 * memory while 4 such requests run at once.
 */
async function sellerSide(db: Db, tokens: TokenService) {
  const [reader] = await benchSellers(db, tokens, 1);
  const browser = await chromium.launch({
    executablePath: process.env.PLAYWRIGHT_BROWSERS_PATH ? undefined : '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update'],
  });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  await context.addInitScript(
    (session) => {
      localStorage.setItem('token', session.token);
      localStorage.setItem('userName', session.name);
      localStorage.setItem('userType', String(session.userType));
      localStorage.setItem('id', String(session.id));
    },
    { ...reader!, userType: UserType.company },
  );
  const page = await context.newPage();
  const scripts = new Set<string>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.add(response.url());
  });
  await page.goto(`${origin}/profile/add_vehicle`, { waitUntil: 'networkidle' });
  let total = 0;
  for (const url of scripts) {
    const body = await fetch(url).then((response) => response.arrayBuffer());
    total += gzipSync(Buffer.from(body)).length;
  }
  await browser.close();
  log(`
Seller's side:
  /profile/add_vehicle JavaScript before interaction ${kb(total)} gzip (${scripts.size} files)`);

  await createVehicleUnderLoad();
}

/** The resident memory of a process, from /proc (Linux). */
function residentBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) * 1024;
}

/**
 * CreateVehicle against a server process of its own (no demo data; PostgreSQL when DATABASE_URL
 * is set, else the embedded database), so
 * the memory measured is the server's alone: six 4000x3000 camera photos per request, first one
 * request at a time (the server's time), then four at once (the process's peak resident memory).
 */
async function createVehicleUnderLoad() {
  const sellerPort = port + 1;
  const sellerOrigin = `http://127.0.0.1:${sellerPort}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'market-bench-seller-'));
  const database = await freshDatabase(process.env.DATABASE_URL, 'bench');
  // As `npm start` runs it.
  const command = serverCommand({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: database.databaseUrl ?? '',
    REDIS_URL: '',
    PORT: String(sellerPort),
    SITE_URL: sellerOrigin,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '1000',
  });
  const child = spawn(process.execPath, command.args, {
    cwd: root,
    env: command.env,
    stdio: 'ignore',
  });
  try {
    for (let tries = 0; ; tries++) {
      const ready = await fetch(`${sellerOrigin}/api/ready`).catch(() => null);
      if (ready?.ok) break;
      if (tries > 600) throw new Error('the seller-side server did not start');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    const pick = async (call: string) =>
      (
        (await fetch(`${sellerOrigin}/api/Category/${call}`).then((r) => r.json())) as {
          data: { id: number }[];
        }
      ).data;
    const first = async (call: string) => (await pick(call))[0]!.id;
    const idle = residentBytes(child.pid!);
    const [state] = await pick('GetStates');
    const [city] = await pick(`GetStateCities?StateId=${state!.id}`);
    const tokens: string[] = [];
    for (let i = 0; i < 12; i++) {
      const answer = (await fetch(`${sellerOrigin}/api/User/ComponySignUp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: `Bench Motors ${i}`,
          email: `bench-motors-${i}@example.ps`,
          mobile: '0599000000',
          licenseNumber: `L${i}`,
          addressState: state!.id,
          addressCity: city!.id,
          addressInfo: 'Bench street',
          password: 'Bench@12345',
          confirmPassword: 'Bench@12345',
        }),
      }).then((r) => r.json())) as { data: { token: string }; message: string };
      if (!answer.data?.token) throw new Error(`sign-up failed: ${answer.message}`);
      tokens.push(answer.data.token);
    }

    const sharp = (await import('sharp')).default;
    const photos = await Promise.all(
      Array.from({ length: 6 }, (_, i) => cameraPhoto(4000, 3000, i)),
    );
    const main = await sharp(photos[0]).resize(1750, 1000).jpeg({ quality: 88 }).toBuffer();
    const [brand] = await pick('GetBrands');
    const [model] = await pick(`GetBrandModels?brandId=${brand!.id}`);
    const draft = {
      brandIdFk: brand!.id,
      modelIdFk: model!.id,
      year: 2019,
      numOfMeals: 85_000,
      bodyTypeIdCfk: await first('GetBodyType'),
      colorIdCFK: await first('GetColor'),
      paintedTypeIdCfk: await first('GetPaintedType'),
      paintedStatusIdCfk: await first('GetPaintedStatus'),
      specificationIdCfk: await first('GetSpecification'),
      gearTypeIdCfk: await first('GetGearType'),
      oilTypeIdCfk: await first('GetOilType'),
      price: 55_000,
      currency: 86,
      image: main.toString('base64'),
      images: photos.map((photo) => photo.toString('base64')),
      bestThreeCategories: ['Sunroof', 'Reverse camera', 'Leather seats'],
      moreInfo: '<p>Bench vehicle</p>',
      extinsionCategory: [{ extensionName: 'Owners', extentionValue: '1' }],
    };
    const body = JSON.stringify(draft);
    const photoBytes = photos.reduce((sum, photo) => sum + photo.length, 0);
    const create = async (token: string) => {
      const started = performance.now();
      const response = await fetch(`${sellerOrigin}/api/Vehicle/CreateVehicle`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body,
      });
      const answer = (await response.json()) as { message: string };
      if (!response.ok) {
        throw new Error(`CreateVehicle answered ${response.status}: ${answer.message}`);
      }
      return performance.now() - started;
    };
    const times: number[] = [];
    for (const token of tokens.slice(0, 8)) times.push(await create(token));
    log(
      `  CreateVehicle, 6 photos of 4000x3000 (${kb(photoBytes)} JPEG, body ${kb(body.length)}): p50 ${ms(percentile(times, 50))}, max ${ms(Math.max(...times))} (${times.length} one at a time)`,
    );

    const baseline = residentBytes(child.pid!);
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentBytes(child.pid!));
    }, 10);
    const started = performance.now();
    await Promise.all(tokens.slice(8, 12).map(create));
    clearInterval(sampler);
    const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MB`;
    log(
      `  4 at once: ${ms(performance.now() - started)} in all; server process resident memory ${mb(idle)} when started, ${mb(baseline)} before, peak ${mb(peak)} (+${mb(peak - baseline)})`,
    );
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

/**
 * The dashboard's counters at scale (issue: the admin dashboard): 100,000 vehicles and
 * 2,000,000 visit rows written with SQL, then GetDashboardStatistics over HTTP.
 */
async function statisticsAtScale() {
  const vehicles = Number(process.env.BENCH_STAT_VEHICLES ?? 100_000);
  const visitRows = Number(process.env.BENCH_STAT_VISITS ?? 2_000_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'market-bench-stats-'));
  const { databaseUrl, drop } = await freshDatabase(process.env.DATABASE_URL, 'bench');
  const config = loadConfig({
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    REDIS_URL: '',
    LOG_LEVEL: 'silent',
  });
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const db = database.db;
    await seedReference(db, { adminPassword: config.adminPassword });
    let started = Date.now();
    await db.execute(sql`
      insert into users (user_type, name, email, mobile, password_hash, slug, status_id)
      select ${UserType.company}, 'Bench seller ' || n, 'stat-seller-' || n || '@example.ps',
             '0599000000', 'x', n || '-bench', ${UserStatus.active}
      from generate_series(1, 200) as n`);
    await db.execute(sql`
      insert into vehicles (owner_id, brand_id, model_id, year, meals, price, currency_id, image,
                            status_id, slug, created_at)
      select (select min(id) from users where email like 'stat-seller-%') + (n % 200),
             m.brand_id, m.id, 2000 + n % 25, n * 7 % 300000, 10000 + n % 90000, 86,
             '/img/placeholder.jpg', (array[95, 96, 96, 96, 97, 99])[1 + n % 6], n || '-bench',
             now() - (n % 400) * interval '1 day'
      from generate_series(1, ${vehicles}) as n,
           lateral (select id, brand_id from brand_models order by id limit 1) as m`);
    await db.execute(sql`
      insert into visits (ip, user_agent, route, created_at)
      select '10.' || (n % 200) || '.' || (n / 200 % 250) || '.' || (n % 7),
             'bench', '/', now() - (n % 365) * interval '1 day' - (n % 86400) * interval '1 second'
      from generate_series(1, ${visitRows}) as n`);
    await rebuildVisitRollup(db);
    await db.execute(sql`analyze`);
    log(
      `  ${vehicles} vehicles and ${visitRows} visits (${databaseUrl ? 'PostgreSQL' : 'PGlite'}) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );

    const bus = await createBus('');
    const app = await buildApp({ config, database, bus });
    await app.listen({ port, host: '127.0.0.1' });
    try {
      const login = (await fetch(`${origin}/api/User/AdminLogin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@example.ps', password: config.adminPassword }),
      }).then((answer) => answer.json())) as { data: { token: string } };
      const read = async () => {
        const begin = performance.now();
        const answer = await fetch(`${origin}/api/Statistics/GetDashboardStatistics`, {
          headers: { authorization: `Bearer ${login.data.token}` },
        });
        const body = (await answer.json()) as { data: Record<string, unknown> };
        if (!answer.ok) throw new Error(`GetDashboardStatistics answered ${answer.status}`);
        return { time: performance.now() - begin, body: body.data };
      };
      for (let i = 0; i < 5; i++) await read();
      const timings: number[] = [];
      let last: Record<string, unknown> = {};
      started = Date.now();
      for (let i = 0; i < 50; i++) {
        const { time, body } = await read();
        timings.push(time);
        last = body;
      }
      log(
        `  GetDashboardStatistics over HTTP: median ${ms(percentile(timings, 50))}, p95 ${ms(percentile(timings, 95))}, max ${ms(Math.max(...timings))} (50 calls; target < 100 ms)`,
      );
      log(
        `  e.g. vehiclesSold ${String(last.vehiclesSold)}, vehiclesUnderReview ${String(last.vehiclesUnderReview)}, visitorsThisMonth ${String(last.visitorsThisMonth)}`,
      );
    } finally {
      await app.close();
      await bus.close();
    }
  } finally {
    await database.close();
    await drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
