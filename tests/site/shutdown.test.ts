import { Agent, request as httpRequest, type ClientRequest } from 'node:http';
import { HubConnectionBuilder, HubConnectionState, LogLevel } from '@microsoft/signalr';
import { describe, expect, it } from 'vitest';
import { freshDatabase } from '../../server/db/fresh-database.ts';
import { serverPerTest, until, type ServerProcess } from './processes.ts';

const admin = { email: 'admin@example.ps', password: 'Admin@12345' };

/**
 * A sign-in whose body is still arriving: a request in flight for as long as the test wants,
 * from a client that keeps its connections open afterwards, as a proxy's upstream pool does.
 */
function slowSignIn(origin: string) {
  const agent = new Agent({ keepAlive: true });
  let request!: ClientRequest;
  const answer = new Promise<{ status: number; body: string; connection?: string }>(
    (resolve, reject) => {
      request = httpRequest(
        `${origin}/api/User/UserLogin`,
        {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'accept-language': 'en' },
        },
        (response) => {
          let body = '';
          response.setEncoding('utf8').on('data', (text: string) => (body += text));
          response.on('end', () =>
            resolve({
              status: response.statusCode!,
              body,
              connection: response.headers.connection,
            }),
          );
        },
      );
      request.on('error', reject);
    },
  );
  const text = JSON.stringify({ email: admin.email, password: 'not the password' });
  request.write(text.slice(0, 10));
  request.flushHeaders();
  return { answer, finish: () => request.end(text.slice(10)), close: () => agent.destroy() };
}

/** What a new client sees: 200, 503, or null when the port refuses the connection. */
async function readyStatus(origin: string): Promise<number | null> {
  try {
    const response = await fetch(`${origin}/api/ready`);
    await response.arrayBuffer();
    return response.status;
  } catch {
    return null;
  }
}

/** Signs in and opens a hub connection that reconnects by itself, as the browser's does. */
async function hubClient(origin: string) {
  const signIn = await fetch(`${origin}/api/User/UserLogin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(admin),
  });
  expect(signIn.status).toBe(200);
  const { token } = ((await signIn.json()) as { data: { token: string } }).data;
  const connection = new HubConnectionBuilder()
    .withUrl(`${origin}/hubs/notifications`, { accessTokenFactory: () => token })
    .withAutomaticReconnect([0, 60_000])
    .configureLogging(LogLevel.None)
    .build();
  const events = { reconnecting: 0, closed: 0 };
  connection.onreconnecting(() => events.reconnecting++);
  connection.onclose(() => events.closed++);
  await connection.start();
  return { connection, events };
}

/**
 * SIGTERM to `server`: the hub client is invited to reconnect, new clients stop getting 200
 * from /api/ready (503 or a refused connection, so a tier tries elsewhere), the request in flight
 * still gets its real answer, and the process then exits 0.
 */
async function drainsOnSigterm(server: ServerProcess) {
  const hub = await hubClient(server.origin);
  const signIns = () => server.stdout().split('"url":"/api/User/UserLogin"').length - 1;
  const before = signIns();
  const inFlight = slowSignIn(server.origin);
  // The request has reached the server (it logs its start) before the signal.
  await until(() => signIns() > before, 15_000, 'the request to reach the server');
  server.child.kill('SIGTERM');

  await until(() => hub.events.reconnecting === 1, 15_000, 'the hub client to start reconnecting');
  expect(hub.events.closed).toBe(0);
  await until(async () => (await readyStatus(server.origin)) !== 200, 15_000, 'readiness to end');
  expect([503, null]).toContain(await readyStatus(server.origin));
  // Draining: the process waits for the request still arriving.
  expect(server.child.exitCode).toBeNull();

  inFlight.finish();
  const answer = await inFlight.answer.catch((error) => {
    // What the server said helps to see why the request was cut.
    console.error(server.stdout(), server.stderr());
    throw error;
  });
  expect(answer.status).toBe(401);
  expect(answer.body).toContain('"success":false');
  // The answer ends its connection, so the client's pool does not hold the process.
  expect(answer.connection).toBe('close');
  const exit = await server.exited;
  // What the server said helps to see why it failed.
  if (exit.code !== 0) console.error(server.stdout(), server.stderr());
  expect(exit).toEqual({ code: 0, signal: null });
  inFlight.close();
  expect(hub.connection.state).toBe(HubConnectionState.Reconnecting);
  await hub.connection.stop();
}

describe('stopping with SIGTERM', () => {
  const run = serverPerTest('market-stop-');

  it('drains one process on the embedded database and logs JSON lines when not on a terminal', async () => {
    const server = await run.spawn({ LOG_LEVEL: 'info' });
    await drainsOnSigterm(server);

    const lines = server
      .stdout()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(entries.length).toBeGreaterThan(3);
    expect(entries.some((entry) => entry.msg === 'SIGTERM: draining')).toBe(true);
    const completed = entries.find(
      (entry) =>
        entry.msg === 'request completed' &&
        (entry.res as { statusCode: number }).statusCode === 401,
    );
    expect(completed?.responseTime).toEqual(expect.any(Number));
  }, 180_000);

  it.runIf(process.env.DATABASE_URL && process.env.REDIS_URL)(
    'drains every worker of a cluster when the primary gets it',
    async () => {
      const fresh = await freshDatabase(process.env.DATABASE_URL!, 'stop');
      try {
        const server = await run.spawn({
          DATABASE_URL: fresh.databaseUrl!,
          REDIS_URL: process.env.REDIS_URL!,
          WEB_CONCURRENCY: '2',
          LOG_LEVEL: 'info',
        });
        await drainsOnSigterm(server);
      } finally {
        await run.stop();
        await fresh.drop();
      }
    },
    180_000,
  );
});
