// Where the compiled server is (scripts/build-server.mjs writes it), for everything that starts
// the production server: `npm start`, the browser tests and the benchmark.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverEntry = path.join(projectRoot, 'dist', 'app', 'main.mjs');
