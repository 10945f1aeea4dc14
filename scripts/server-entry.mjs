// Where the compiled server is (scripts/build-server.mjs writes it), for everything that starts
// the production server (`npm start`, the browser tests and the benchmark), and how `npm start`
// and the benchmark start it, so that what the benchmark measures is what `npm start` runs.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverEntry = path.join(projectRoot, 'dist', 'app', 'main.mjs');

/**
 * Memory settings of every server process, on either database: the demo's one process beside
 * PGlite and each worker of a cluster alike, since at catalogue scale the memory target holds
 * for the whole cluster, with its warm-up running and under load.
 * - V8's young generation at 2 × 4 MB instead of 2 × 16 MB. The renders in flight outlive most
 *   young collections at this size, and what they promote fills the old generation again about
 *   every tenth of a second: 2 × 8 MB cut an uncached vehicle page's CPU in a two-worker cluster
 *   at 100,000 vehicles by about a fifth (16.5–17.6 ms to 13.1–14.7) and gave the benchmark 111
 *   uncached renders a second where it gave 101, but with the page cache full after the warm-up
 *   the cluster peaked at 395 MB under load against 370 MB here: too close to the 400 MB target.
 * - The old generation may grow by half its live size before the next full collection
 *   (`--heap-growing-percent=50`): by default V8 lets it triple, and a worker that holds 57 MB
 *   of live objects after its warm-up sat on 180 MB, mostly garbage of renders. At 25% the
 *   collections came so often that uncached renders fell to a third.
 * - One malloc arena. Not glibc's fixed thresholds for giving memory back (blocks of 64 KB or
 *   more mapped and unmapped each time): on a virtual machine where each page fault and unmap
 *   is expensive, an uncached page paid for its body, its compressor's tables and its brotli
 *   copy that way, and the two-worker cluster rendered 71 pages a second with them where it
 *   renders 91 without, at the same peak memory (290–300 MB in 15 s of renders). glibc's own
 *   threshold rises to the size of the blocks a process frees, and keeps those in its heap.
 * What they cost uncached renders, one worker at 100,000 vehicles, 4 at a time (CPU per page):
 * 13.3–15.1 ms with these, 8.6–9.2 with V8's own old-generation growth, 5.6–7.2 with V8's and
 * glibc's defaults; in the two-worker cluster V8's growth gave 190–202 renders a second where
 * these give 156–182, and 675 MB where these hold 394. Even unconstrained the cluster stays near
 * 200 renders a second: the pre-render target needs a render that does less, not a setting.
 * Measured (the warm-up's highest reading, then under 10 s of uncached renders):
 * - the demo on the embedded database: 297 and 367 MB with the young generation at 2 × 8 MB and
 *   V8's growth, 259 and 259 MB with these, at the same number of renders a second;
 * - 100,000 vehicles on PostgreSQL and Redis, two workers: 699 and 712 MB with V8's and glibc's
 *   defaults, 427 and 452 MB with these (and sharp no longer loaded by a process that serves
 *   pages only), 362 and 379 MB with PAGE_CACHE_MB at 32 as well. The price is paid by uncached
 *   renders, which the cache makes rare: 34–38 a second where they were 43–47 (the more frequent
 *   full collections). Without glibc's fixed thresholds the cluster held about 20 MB more,
 *   at no clear gain in speed on that machine (see the malloc line above for where it gained);
 *   `npm run bench` at 100,000 vehicles without them: 349 MB during the warm-up, 370 MB under
 *   load.
 */
const memory = {
  args: ['--max-semi-space-size=4', '--heap-growing-percent=50'],
  env: { MALLOC_ARENA_MAX: '1' },
};

/**
 * The command line and environment of the production server for the environment `env` (values
 * already in `env` win): production builds of the libraries (React's development build renders
 * slower and keeps more memory) and the memory settings above.
 * @param {Record<string, string | undefined>} env
 */
export function serverCommand(env) {
  return {
    args: [...memory.args, serverEntry],
    env: { NODE_ENV: 'production', ...memory.env, ...env },
  };
}
