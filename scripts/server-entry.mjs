// Where the compiled server is (scripts/build-server.mjs writes it), for everything that starts
// the production server (`npm start`, the browser tests and the benchmark), and how `npm start`
// and the benchmark start it, so that what the benchmark measures is what `npm start` runs.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverEntry = path.join(projectRoot, 'dist', 'app', 'main.mjs');

/**
 * Memory settings for a server on the embedded database (no DATABASE_URL: the demo, a small
 * install), which runs in one process beside the database's own 128 MB: V8's young generation
 * capped at 2 × 8 MB instead of 2 × 16 MB; one malloc arena; and blocks of 64 KB or more (page
 * bodies, compression buffers) taken from the system and given back when freed, instead of kept
 * in the heap after the warm-up's renders free them. Measured on the demo data:
 * - right after the warm-up: 348–363 MB resident with the defaults, 284–298 MB with these;
 * - during 10 s of uncached renders: 431–460 MB with the defaults, 374–390 MB with these, at
 *   25–29 renders a second instead of 28–30; start to listening unchanged (2.7–2.9 s).
 * At 32 KB the process held 258 MB after the warm-up, but V8's compilers allocate in blocks of
 * that size and start to listening doubled (5.3 s), so 64 KB it is. On PostgreSQL the workers
 * keep the defaults: there throughput counts.
 */
const embeddedMemory = {
  args: ['--max-semi-space-size=8'],
  env: { MALLOC_ARENA_MAX: '1', MALLOC_MMAP_THRESHOLD_: '65536', MALLOC_TRIM_THRESHOLD_: '65536' },
};

/**
 * The command line and environment of the production server for the environment `env` (values
 * already in `env` win). Production builds of the libraries (React's development build renders
 * slower and keeps more memory); two malloc arenas, since image processing on many threads
 * otherwise keeps hundreds of MB it freed; and on the embedded database, `embeddedMemory`.
 * @param {Record<string, string | undefined>} env
 */
export function serverCommand(env) {
  const embedded = !env.DATABASE_URL;
  return {
    args: [...(embedded ? embeddedMemory.args : []), serverEntry],
    env: {
      NODE_ENV: 'production',
      MALLOC_ARENA_MAX: '2',
      ...(embedded ? embeddedMemory.env : {}),
      ...env,
    },
  };
}
