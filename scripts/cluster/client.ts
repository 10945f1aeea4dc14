// HTTP calls from a chosen loopback address (127.0.0.0/8 all reaches this machine), so that
// several "clients" behind the caching tier have addresses of their own, as on the Internet.
import http from 'node:http';

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  json<T = { success: boolean; message: string; data: unknown }>(): T;
}

const agents = new Map<string, http.Agent>();

function agentFor(from: string) {
  let agent = agents.get(from);
  if (!agent) {
    agent = new http.Agent({ keepAlive: true, localAddress: from, maxSockets: 4 });
    agents.set(from, agent);
  }
  return agent;
}

export interface CallOptions {
  method?: string;
  /** The loopback address the request leaves from (127.0.0.1 by default). */
  from?: string;
  headers?: Record<string, string>;
  json?: unknown;
  token?: string;
  timeoutMs?: number;
}

export function call(origin: string, pathname: string, options: CallOptions = {}) {
  const payload = options.json === undefined ? null : Buffer.from(JSON.stringify(options.json));
  const headers: Record<string, string> = { 'accept-language': 'en', ...options.headers };
  if (payload) headers['content-type'] = 'application/json';
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(
      origin + pathname,
      {
        method: options.method ?? (payload ? 'POST' : 'GET'),
        headers,
        agent: agentFor(options.from ?? '127.0.0.1'),
        timeout: options.timeoutMs ?? 65_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: response.statusCode!,
            headers: response.headers,
            body,
            json: <T>() => JSON.parse(body.toString('utf8')) as T,
          });
        });
      },
    );
    request.on('timeout', () => request.destroy(new Error('timed out')));
    request.on('error', reject);
    request.end(payload ?? undefined);
  });
}

/** Closes the kept-alive connections (end of a test or a run). */
export function closeClients() {
  for (const agent of agents.values()) agent.destroy();
  agents.clear();
}

/** The body of a buyer's sign-up (POST /api/User/CustomerSignUp) with valid details. */
export function signUpBody(name: string, email: string, password: string) {
  return {
    name,
    email,
    mobile: '0599111222',
    ssn: '123456782',
    addressState: 2,
    addressCity: 13,
    addressInfo: 'شارع عين سارة',
    password,
    confirmPassword: password,
  };
}
