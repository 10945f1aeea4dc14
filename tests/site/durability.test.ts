import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { users } from '../../server/db/schema.ts';
import { spawnServer, stopServer, until, type ServerProcess } from './processes.ts';

const ROUNDS = 20;
const WRITERS = 3;

function signUp(origin: string, email: string) {
  return fetch(`${origin}/api/User/CustomerSignUp`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-language': 'en' },
    body: JSON.stringify({
      name: 'Durable Buyer',
      email,
      mobile: '0599123123',
      ssn: '123456782',
      addressState: 2,
      addressCity: 13,
      addressInfo: 'Ramallah',
      password: 'Keep@1234',
      confirmPassword: 'Keep@1234',
    }),
  });
}

// The embedded default keeps its files under DATA_DIR: a write the API acknowledged must
// survive the process being killed at any moment (acknowledged means durable).
describe('the embedded database killed mid-stream', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'market-durable-'));
  let server: ServerProcess | undefined;
  afterAll(async () => {
    await stopServer(server);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it(`keeps every acknowledged write through ${ROUNDS} SIGKILLs and stays usable`, async () => {
    const env = { DATA_DIR: dataDir, AUTH_RATE_LIMIT: '1000000' };
    const acknowledged: string[] = [];
    let previousRound: string[] = [];
    let next = 0;
    for (let round = 0; round < ROUNDS; round++) {
      server = await spawnServer(env);
      const { origin } = server;
      // The last round's acknowledged sign-ups are there: the same email is now taken.
      for (const email of previousRound) {
        const again = await signUp(origin, email);
        expect(again.status, `${email} after restart ${round}`).toBe(409);
      }

      // Several writers at once, so the kill lands with writes in flight.
      const thisRound: string[] = [];
      let killed = false;
      const writer = async () => {
        while (!killed) {
          const email = `durable-${next++}@example.ps`;
          try {
            const response = await signUp(origin, email);
            if (response.status === 200) thisRound.push(email);
            else if (!killed) throw new Error(`sign-up answered ${response.status}`);
          } catch (error) {
            if (!killed) throw error;
          }
        }
      };
      const writers = Array.from({ length: WRITERS }, writer);
      // Vary the moment of the kill from round to round.
      const target = 2 + (round % 5);
      await until(() => thisRound.length >= target, 60_000, `${target} acknowledged sign-ups`);
      killed = true;
      server.child.kill('SIGKILL');
      expect((await server.exited).signal).toBe('SIGKILL');
      await Promise.all(writers);
      acknowledged.push(...thisRound);
      previousRound = thisRound;
    }

    // Every acknowledged write of every round, read from the files the last process left.
    const database = await openDatabase({ databaseUrl: null, dataDir });
    try {
      const found = await database.db
        .select({ email: users.email })
        .from(users)
        .where(inArray(users.email, acknowledged));
      expect(found.map((row) => row.email).sort()).toEqual([...acknowledged].sort());
    } finally {
      await database.close();
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(ROUNDS * 2);
  }, 600_000);
});
