import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot, serverCommand, serverEntry } from '../../scripts/server-entry.mjs';

describe('how the production server is started', () => {
  it('starts a server for memory on either database', () => {
    for (const DATABASE_URL of ['', 'postgres://127.0.0.1/market']) {
      const { args, env } = serverCommand({ DATABASE_URL, PORT: '4321' });
      expect(args).toEqual(['--max-semi-space-size=4', '--heap-growing-percent=50', serverEntry]);
      expect(env).toMatchObject({
        NODE_ENV: 'production',
        MALLOC_ARENA_MAX: '1',
        PORT: '4321',
        DATABASE_URL,
      });
    }
  });

  it('lets the environment it is given override its settings', () => {
    const { env } = serverCommand({ NODE_ENV: 'development', MALLOC_ARENA_MAX: '4' });
    expect(env.NODE_ENV).toBe('development');
    expect(env.MALLOC_ARENA_MAX).toBe('4');
  });
});

describe('the deployment unit (deploy/marketplace@.service)', () => {
  it('starts the server as npm start does', () => {
    const unit = readFileSync(path.join(projectRoot, 'deploy', 'marketplace@.service'), 'utf8');
    const lines = unit.split('\n');
    const execStart = lines.find((line) => line.startsWith('ExecStart='))!;
    const [node, ...args] = execStart.slice('ExecStart='.length).split(/\s+/);
    expect(node).toBe('/usr/bin/node');
    const { args: expected, env } = serverCommand({});
    const entry = path.relative(projectRoot, serverEntry);
    expect(args).toEqual(expected.map((arg) => (arg === serverEntry ? entry : arg)));
    const environment = lines
      .filter((line) => line.startsWith('Environment='))
      .flatMap((line) => line.slice('Environment='.length).split(/\s+/));
    for (const [name, value] of Object.entries(env)) {
      expect(environment).toContain(`${name}=${value}`);
    }
  });
});
