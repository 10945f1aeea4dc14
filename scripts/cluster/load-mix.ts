// A bounded mixed load through the caching tier: each client (its own loopback address) signs
// up, then loops over cached pages, searches, favourite toggles and the odd sign-in until told
// to stop. It records every answer, so the caller can check that no request nginx could retry
// (GET, HEAD) was lost and that every acknowledged write is in the database.
import pg from 'pg';
import { call, signUpBody } from './client.ts';

export const PAGES = ['/', '/en/', '/vehicles', '/sellers', '/aboutus', '/en/aboutus'];
const SEARCHES = [
  '/api/Vehicle/GetVehiclesRandomly?page=1&pageSize=12',
  '/api/Vehicle/GetVehiclesRandomly?page=2&pageSize=12&seed=42',
  '/api/Vehicle/GetVehiclesRandomly?page=1&pageSize=12&yearFrom=2010&yearTo=2020',
  '/api/Vehicle/GetVehiclesRandomly?page=1&pageSize=12&sort=price-asc',
];
const PASSWORD = 'Secret@123';

export interface MixResult {
  /** GET requests and how many failed (a network error or an answer other than 2xx/3xx). */
  gets: number;
  getsLost: number;
  /** POST requests (sign-ups, sign-ins): nginx does not retry them once sent. */
  posts: number;
  postsFailed: number;
  /** The failures, for a report: "GET /path: 502". */
  failures: string[];
  /** Emails of the sign-ups that were answered 2xx. */
  signedUp: string[];
  /** userId:vehicleId → the state the last acknowledged toggle announced. */
  favourites: Map<string, boolean>;
}

export interface MixOptions {
  origin: string;
  clients: number;
  vehicleIds: number[];
  /** Resolves when the load should end. */
  until: Promise<unknown>;
  /** Sign-ins per client at most (AUTH_RATE_LIMIT counts sign-ups and sign-ins per address). */
  signIns?: number;
  /** Called once every client has signed up (or given up): the steady mix has begun. */
  onSteady?: () => void;
}

export async function runMix(options: MixOptions): Promise<MixResult> {
  const result: MixResult = {
    gets: 0,
    getsLost: 0,
    posts: 0,
    postsFailed: 0,
    failures: [],
    signedUp: [],
    favourites: new Map(),
  };
  let stopped = false;
  void options.until.then(() => (stopped = true));
  const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

  const request = async (pathname: string, from: string, init: Parameters<typeof call>[2] = {}) => {
    const method = init.json === undefined ? 'GET' : 'POST';
    if (method === 'GET') result.gets++;
    else result.posts++;
    try {
      const answer = await call(options.origin, pathname, { ...init, from });
      if (answer.status < 400) return answer;
      throw new Error(String(answer.status));
    } catch (error) {
      if (method === 'GET') result.getsLost++;
      else result.postsFailed++;
      result.failures.push(`${method} ${pathname}: ${(error as Error).message}`);
      return null;
    }
  };

  let signingUp = options.clients;
  const client = async (index: number) => {
    const from = `127.0.1.${index + 1}`;
    let session: { id: number; token: string } | null = null;
    let email = '';
    for (let attempt = 0; attempt < 2 && !session && !stopped; attempt++) {
      email = `load${run}c${index}a${attempt}@example.ps`;
      const answer = await request('/api/User/CustomerSignUp', from, {
        json: signUpBody(`زبون ${index}`, email, PASSWORD),
      });
      if (answer) {
        session = answer.json<{ data: { id: number; token: string } }>().data;
        result.signedUp.push(email);
      }
    }
    if (--signingUp === 0) options.onSteady?.();
    let signIns = options.signIns ?? 1;
    for (let step = index; !stopped; step++) {
      const kind = step % 4;
      const round = Math.floor(step / 4);
      if (kind === 0) {
        await request(PAGES[round % PAGES.length]!, from, { headers: { 'accept-encoding': 'br' } });
      } else if (kind === 1) {
        await request(SEARCHES[round % SEARCHES.length]!, from);
      } else if (kind === 2 && session) {
        const vehicleId = options.vehicleIds[(index + round) % options.vehicleIds.length]!;
        const answer = await request(
          `/api/Vehicle/ToggleVehicleFavorite?vehicleId=${vehicleId}`,
          from,
          { token: session.token },
        );
        const isFavorite = answer?.json<{ data: { isFavorite: boolean } }>().data.isFavorite;
        if (isFavorite !== undefined) {
          result.favourites.set(`${session.id}:${vehicleId}`, isFavorite);
        }
      } else if (kind === 3 && session && signIns > 0 && step % 12 === 3) {
        signIns--;
        await request('/api/User/UserLogin', from, { json: { email, password: PASSWORD } });
      } else {
        await request(PAGES[step % PAGES.length]!, from, {
          headers: { 'accept-encoding': 'gzip' },
        });
      }
    }
  };

  await Promise.all(Array.from({ length: options.clients }, (_, index) => client(index)));
  return result;
}

/** What the database lacks of the acknowledged writes: "sign-up x", "favourite 3:7 (true)". */
export async function missingWrites(databaseUrl: string, result: MixResult): Promise<string[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const missing: string[] = [];
    const emails = await db.query<{ email: string }>(
      'select lower(email) as email from users where lower(email) = any($1)',
      [result.signedUp.map((email) => email.toLowerCase())],
    );
    const found = new Set(emails.rows.map((row) => row.email));
    for (const email of result.signedUp) {
      if (!found.has(email.toLowerCase())) missing.push(`sign-up ${email}`);
    }
    const rows = await db.query<{ pair: string }>(
      "select user_id || ':' || vehicle_id as pair from favourites",
    );
    const stored = new Set(rows.rows.map((row) => row.pair));
    for (const [pair, isFavorite] of result.favourites) {
      if (stored.has(pair) !== isFavorite) missing.push(`favourite ${pair} (${isFavorite})`);
    }
    return missing;
  } finally {
    await db.end();
  }
}

/** Accepted vehicles' ids, to toggle as favourites. */
export async function vehicleIds(databaseUrl: string, limit = 40): Promise<number[]> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const rows = await db.query<{ id: number }>(
      'select id from vehicles where status_id = 96 order by id limit $1',
      [limit],
    );
    return rows.rows.map((row) => row.id);
  } finally {
    await db.end();
  }
}
