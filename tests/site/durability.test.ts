import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/client.ts';
import { savedSearches, users } from '../../server/db/schema.ts';
import { spawnServer, stopServer, until, type ServerProcess } from './processes.ts';

const ROUNDS = 20;
const SIGN_UP_WRITERS = 2;

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

function saveSearch(origin: string, token: string, name: string) {
  return fetch(`${origin}/api/User/CreateSavedSearch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name, query: 'yearFrom=2001&yearTo=2005' }),
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
    const searches: string[] = [];
    let previousRound: string[] = [];
    let previousSearches: { token: string; names: string[] } | null = null;
    let next = 0;
    for (let round = 0; round < ROUNDS; round++) {
      server = await spawnServer(env);
      const { origin } = server;
      // The last round's acknowledged sign-ups are there: the same email is now taken.
      for (const email of previousRound) {
        const again = await signUp(origin, email);
        expect(again.status, `${email} after restart ${round}`).toBe(409);
      }
      // And its saved searches, read back by their owner (the session outlives the restart).
      if (previousSearches) {
        const list = await fetch(`${origin}/api/User/GetSavedSearches`, {
          headers: { authorization: `Bearer ${previousSearches.token}` },
        });
        const names = ((await list.json()) as { data: { name: string }[] }).data.map(
          (search) => search.name,
        );
        expect(names).toEqual(expect.arrayContaining(previousSearches.names));
      }

      // Sign-ups (a password hash, then an insert) and saved searches (reads and an insert, no
      // hash) at once, so the kill lands with writes of both kinds in flight.
      const thisRound: string[] = [];
      const searchesNow: string[] = [];
      let token: string | null = null;
      let killed = false;
      const kill = () => {
        killed = true;
        server!.child.kill('SIGKILL');
      };
      const ignoreAfterKill = (error: unknown) => {
        if (!killed) throw error;
      };
      const signUpWriter = async () => {
        while (!killed) {
          const email = `durable-${next++}@example.ps`;
          try {
            const response = await signUp(origin, email);
            if (response.status !== 200) throw new Error(`sign-up answered ${response.status}`);
            token ??= ((await response.json()) as { data: { token: string } }).data.token;
            thisRound.push(email);
          } catch (error) {
            ignoreAfterKill(error);
          }
        }
      };
      // Vary the moment of the kill from round to round (a user keeps at most 20 searches):
      // the searches start once the round's sign-ups are in, and the kill comes after a few.
      const signUpTarget = 2 + (round % 4);
      const searchTarget = 3 + ((round * 7) % 15);
      const searchWriter = async () => {
        await until(() => thisRound.length >= signUpTarget || killed, 60_000, 'sign-ups');
        while (!killed) {
          const name = `search ${round}-${searchesNow.length}`;
          try {
            const response = await saveSearch(origin, token!, name);
            if (response.status !== 200) throw new Error(`saving answered ${response.status}`);
            searchesNow.push(name);
            if (searchesNow.length === searchTarget) kill();
          } catch (error) {
            ignoreAfterKill(error);
          }
        }
      };
      // A writer that fails before the kill fails the test.
      await Promise.all([...Array.from({ length: SIGN_UP_WRITERS }, signUpWriter), searchWriter()]);
      expect((await server.exited).signal).toBe('SIGKILL');
      acknowledged.push(...thisRound);
      searches.push(...searchesNow);
      previousRound = thisRound;
      previousSearches = { token: token!, names: searchesNow };
    }

    // Every acknowledged write of every round, read from the files the last process left.
    const database = await openDatabase({ databaseUrl: null, dataDir });
    try {
      const found = await database.db
        .select({ email: users.email })
        .from(users)
        .where(inArray(users.email, acknowledged));
      expect(found.map((row) => row.email).sort()).toEqual([...acknowledged].sort());
      const saved = await database.db
        .select({ name: savedSearches.name })
        .from(savedSearches)
        .where(inArray(savedSearches.name, searches));
      expect(saved.map((row) => row.name).sort()).toEqual([...searches].sort());
    } finally {
      await database.close();
    }
    expect(acknowledged.length).toBeGreaterThanOrEqual(ROUNDS * 2);
    expect(searches.length).toBeGreaterThanOrEqual(ROUNDS * 3);
  }, 600_000);
});
