// `npm run bench:cluster`: the marketplace as 1, 2 and 3 instances behind nginx running
// deploy/nginx.conf (PostgreSQL and Redis shared; DATABASE_URL and REDIS_URL must be set), on
// this machine. For each size it prints requests per second and p99 for a cached page and for a
// search, the errors, the time a change takes to show through the tier, and the GET requests
// lost when an instance is killed under load; then a 60 s mixed load (pages, searches, sign-ups,
// sign-ins, favourite toggles from 50 clients) through one SIGTERM and one SIGKILL. Exits with 1
// when a target is missed (errors or lost requests above 0, a change slower than 2 s).
//   BENCH_SECONDS per wrk run (default 10), BENCH_MIX_SECONDS (default 60),
//   BENCH_SKIP_BUILD=1 to measure the current build.
import { spawnSync } from 'node:child_process';
import { InterfaceGroup } from '../../domain/codes.ts';
import { DEFAULT_ADMIN_PASSWORD } from '../../server/config.ts';
import { ADMIN_EMAIL } from '../../server/db/seed/reference.ts';
import { call, closeClients } from '../cluster/client.ts';
import { nginxMissing, startCluster, type Cluster, type Instance } from '../cluster/cluster.ts';
import { missingWrites, runMix, vehicleIds } from '../cluster/load-mix.ts';
import { REJOIN_SECONDS } from '../cluster/nginx-config.ts';
import { load } from './load.ts';
import { figure, summary } from './scorecard.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const MIX_SECONDS = Number(process.env.BENCH_MIX_SECONDS ?? 60);
const CONNECTIONS = 50;
/** A request slower than this counts as an error (a search queued behind 49 others on one core). */
const TIMEOUT_SECONDS = 10;
const SEARCH =
  '/api/Vehicle/GetVehiclesRandomly?page=1&pageSize=12&seed=7&yearFrom=2005&yearTo=2024';
const log = (line = '') => process.stdout.write(`${line}\n`);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ms = (value: number) => `${value.toFixed(1)} ms`;

/** Milliseconds from an admin's change on the first instance to the page showing it through the tier. */
async function changeTime(cluster: Cluster, token: string, round: number) {
  const origin = cluster.instances[0]!.origin;
  // Cached at the tier before the change.
  for (let i = 0; i < 3; i++) await call(cluster.origin, '/en/aboutus');
  const title = `Opening hours ${Date.now()}`;
  const started = Date.now();
  const created = await call(origin, '/api/Interfaces/CreateInterfaceItem', {
    token,
    json: {
      code: `bench_hours_${round}_${Date.now()}`,
      groupId: InterfaceGroup.aboutUs,
      titleAr: 'ساعات العمل',
      titleEn: title,
      bodyAr: '<p>من التاسعة</p>',
      bodyEn: '<p>From nine</p>',
      sortOrder: 20 + round,
    },
  });
  if (created.status !== 200) throw new Error(`the change failed: ${created.body}`);
  while (Date.now() - started < 10_000) {
    if ((await call(cluster.origin, '/en/aboutus')).body.toString().includes(title)) break;
    await pause(20);
  }
  return Date.now() - started;
}

/** wrk on a search while `victim` is killed a third of the way in; then it is started again. */
async function killUnderLoad(cluster: Cluster, victim: Instance) {
  const running = load(cluster.origin + SEARCH, {
    connections: CONNECTIONS,
    seconds: SECONDS,
    timeoutSeconds: TIMEOUT_SECONDS,
  });
  await pause((SECONDS * 1000) / 3);
  await victim.stop('SIGKILL');
  const result = await running;
  victim.start();
  await victim.ready();
  // Back in nginx's rotation once a probe has found it (deploy/README.md).
  await pause(REJOIN_SECONDS * 1000);
  return result;
}

async function main() {
  const missing = nginxMissing();
  if (missing) throw new Error(`the cluster benchmark needs nginx: ${missing}`);
  if (process.env.BENCH_SKIP_BUILD !== '1') {
    log('building…');
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'ignore' });
    if (build.status !== 0) throw new Error('npm run build failed');
  }
  log('starting 3 instances (demo catalogue) and nginx…');
  const cluster = await startCluster({
    instances: 3,
    basePort: 4470,
    demo: true,
    nginxWorkers: 2,
    // Pages render on their first request rather than in a background warm-up that would compete
    // with the first measurements for the two cores.
    env: { AUTH_RATE_LIMIT: '100000', FAVOURITE_TOGGLE_LIMIT: '100000', PAGE_WARMUP: 'false' },
  });
  try {
    const signIn = await call(cluster.instances[0]!.origin, '/api/User/AdminLogin', {
      json: { email: ADMIN_EMAIL, password: process.env.ADMIN_PASSWORD ?? DEFAULT_ADMIN_PASSWORD },
    });
    const { token } = signIn.json<{ data: { token: string } }>().data;
    for (const size of [1, 2, 3]) {
      const instances = cluster.instances.slice(0, size);
      await cluster.tier.stop();
      await cluster.tier.start(instances);
      log(
        `\n${size} instance${size > 1 ? 's' : ''} behind nginx (${CONNECTIONS} connections, ${SECONDS} s per run)`,
      );
      await load(cluster.origin + '/', { connections: 8, seconds: 2 });
      const page = await load(cluster.origin + '/', {
        connections: CONNECTIONS,
        seconds: SECONDS,
        headers: { 'accept-encoding': 'br' },
        timeoutSeconds: TIMEOUT_SECONDS,
      });
      figure(`cached page /: requests/s`, page.rps, page.rps.toFixed(0));
      figure(`cached page /: p99`, page.p99, ms(page.p99));
      figure(`cached page /: errors`, page.errors, String(page.errors), { max: 0 });
      const search = await load(cluster.origin + SEARCH, {
        connections: CONNECTIONS,
        seconds: SECONDS,
      });
      figure(`search: requests/s`, search.rps, search.rps.toFixed(0));
      figure(`search: p99`, search.p99, ms(search.p99));
      figure(`search: errors`, search.errors, String(search.errors), { max: 0 });
      const change = await changeTime(cluster, token, size);
      figure(`a change through the tier`, change, `${change} ms`, { max: 2000 });
      if (size > 1) {
        const killed = await killUnderLoad(cluster, instances[size - 1]!);
        figure(`search while one is killed: GET lost`, killed.errors, String(killed.errors), {
          max: 0,
        });
      }
    }

    log(`\n2 instances, ${MIX_SECONDS} s mixed load (50 clients), one SIGTERM and one SIGKILL`);
    await cluster.tier.stop();
    await cluster.tier.start(cluster.instances.slice(0, 2));
    const [a, b] = cluster.instances;
    let finish!: () => void;
    const done = new Promise<void>((resolve) => (finish = resolve));
    const ids = await vehicleIds(cluster.databaseUrl);
    let steady!: () => void;
    const signedUp = new Promise<void>((resolve) => (steady = resolve));
    const mix = runMix({
      origin: cluster.origin,
      clients: 50,
      vehicleIds: ids,
      until: done,
      onSteady: steady,
    });
    const started = Date.now();
    const at = (fraction: number) =>
      pause(Math.max(0, started + MIX_SECONDS * 1000 * fraction - Date.now()));
    // The 50 sign-ups (password hashing) first, then the failures under the steady mix.
    await Promise.all([signedUp, at(0.2)]);
    await a!.stop('SIGTERM');
    a!.start();
    await a!.ready();
    await pause(REJOIN_SECONDS * 1000);
    await at(0.6);
    await b!.stop('SIGKILL');
    await at(1);
    finish();
    const result = await mix;
    b!.start();
    const seconds = (Date.now() - started) / 1000;
    figure(
      'mixed load: requests/s',
      (result.gets + result.posts) / seconds,
      ((result.gets + result.posts) / seconds).toFixed(0),
    );
    figure('mixed load: GET lost', result.getsLost, `${result.getsLost} of ${result.gets}`, {
      max: 0,
    });
    figure(
      'mixed load: POST failed (not retried by nginx)',
      result.postsFailed,
      `${result.postsFailed} of ${result.posts}`,
    );
    const lostWrites = await missingWrites(cluster.databaseUrl, result);
    figure(
      'mixed load: acknowledged writes missing',
      lostWrites.length,
      String(lostWrites.length),
      { max: 0 },
    );
    for (const failure of result.failures.slice(0, 5)) log(`    ${failure}`);
    await b!.ready();
  } finally {
    closeClients();
    await cluster.close();
  }
  summary();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
