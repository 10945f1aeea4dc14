import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserType } from '../../domain/codes.ts';
import { users } from '../../server/db/schema.ts';
import { ADMIN_EMAIL } from '../../server/db/seed/reference.ts';
import { createSeller } from './fixtures.ts';
import { createTestApp, drivers, type TestApp } from './harness.ts';

/**
 * Issue "Bad input must never be a 500": every operation of the served OpenAPI document (so a
 * route added later is fuzzed without touching this file) gets each hostile value in each query
 * parameter, path parameter and top-level body property in turn, anonymously and signed in.
 */

interface Hostile {
  label: string;
  /** As the query string carries it; a list is the parameter repeated. */
  query: string | string[];
  /** JSON texts for a body property. */
  json: string[];
}

const numbers = ['2147483648', '9223372036854775808', '1e300', '-1e300', '-1', '1.5'];
const long = 'x'.repeat(10_000);
const hostileValues: Hostile[] = [
  // Numbers both as JSON numbers and as the text a form or a query would send.
  ...numbers.map((n) => ({ label: n, query: n, json: [n, JSON.stringify(n)] })),
  ...['Infinity', '-Infinity', 'NaN'].map((n) => ({
    label: n,
    query: n,
    json: [JSON.stringify(n)],
  })),
  { label: '"\\u0000"', query: '\u0000', json: [JSON.stringify('\u0000')] },
  { label: '"a\\u0000b"', query: 'a\u0000b', json: [JSON.stringify('a\u0000b')] },
  { label: '[1]', query: ['1', '1'], json: ['[1]'] },
  { label: '{}', query: '{}', json: ['{}'] },
  { label: 'true', query: 'true', json: ['true'] },
  { label: '10,000 characters', query: long, json: [JSON.stringify(long)] },
];

interface Operation {
  method: string;
  path: string;
  query: string[];
  pathParams: string[];
  /** Top-level body properties and their JSON types; null when the operation takes no body. */
  body: Record<string, string> | null;
  secured: boolean;
}

interface OpenApi {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { name: string; in: string }[];
        requestBody?: {
          content?: Record<string, { schema?: { properties?: Record<string, { type?: string }> } }>;
        };
        security?: unknown[];
      }
    >
  >;
}

function operationsOf(doc: OpenApi): Operation[] {
  const methods = ['get', 'post', 'put', 'patch', 'delete'];
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => methods.includes(method))
      .map(([method, op]) => {
        const parameters = op.parameters ?? [];
        const json = op.requestBody?.content?.['application/json']?.schema;
        const properties = Object.entries(json?.properties ?? {});
        return {
          method: method.toUpperCase(),
          path,
          query: parameters.filter((p) => p.in === 'query').map((p) => p.name),
          pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
          body: json
            ? Object.fromEntries(properties.map(([name, schema]) => [name, schema.type ?? '']))
            : null,
          secured: (op.security ?? []).length > 0,
        };
      }),
  );
}

describe.each(drivers)('hostile input on %s', (driver) => {
  let t: TestApp;
  let operations: Operation[];
  const tokens: Record<'customer' | 'company' | 'admin', string> = {
    customer: '',
    company: '',
    admin: '',
  };
  let customerId = 0;
  let customerEmail = '';
  let client = 0;

  // Valid values for the operations whose deeper checks need them; the rest send only the
  // fuzzed field. The sign-up and profile forms name a city of another state, so every field
  // reaches the database (the city check) without paying for a password hash each time.
  const form = () => ({
    name: 'أحمد الخليلي',
    email: 'fuzz@example.ps',
    mobile: '0599111222',
    ssn: '123456782',
    licenseNumber: 'L-55443',
    addressState: 2,
    addressCity: 1,
    addressInfo: 'شارع عين سارة',
    moreInfo: 'سطر\nسطر',
    password: 'Secret@123',
    confirmPassword: 'Secret@123',
  });
  const baselines = (): Record<string, { query?: Record<string, string>; body?: object }> => ({
    'POST /api/User/CustomerSignUp': { body: form() },
    'POST /api/User/ComponySignUp': { body: form() },
    'PUT /api/User/CustomerProfileUpdate': { body: form() },
    'PUT /api/User/CompanyProfileUpdate': { body: form() },
    // An account without a usable hash: a wrong password is refused without hashing.
    'POST /api/User/UserLogin': { body: { email: customerEmail, password: 'Secret@123' } },
    // The confirmation differs, so no case pays for checking the old password.
    'PUT /api/User/ChangePassword': {
      body: { oldPassword: 'Wrong@123', newPassword: 'Secret@456', confirmPassword: 'Other@456' },
    },
    'PUT /api/User/SendUserNewPassword': { body: { userId: 2_000_000_000, sendWay: 0 } },
    'GET /api/User/GetNewPassword': { query: { email: 'nobody@example.ps' } },
    'GET /api/Vehicle/GetUserVehicles': { query: { userId: String(customerId) } },
    'POST /api/Visit/RecordVisit': { body: { route: '/vehicle/1-toyota' } },
  });

  beforeAll(async () => {
    t = await createTestApp(driver, { env: { AUTH_RATE_LIMIT: '1000000' } });
    const customer = await createSeller(t.database.db, {
      name: 'Fuzz Customer',
      userType: UserType.normal,
    });
    const company = await createSeller(t.database.db, { name: 'Fuzz Company' });
    const [admin] = await t.database.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    customerId = customer.id;
    customerEmail = customer.email;
    const sign = (user: { id: number; userType: number; name: string }) =>
      t.app.tokens.sign({ id: user.id, userType: user.userType, name: user.name });
    tokens.customer = await sign(customer);
    tokens.company = await sign(company);
    tokens.admin = await sign(admin!);
    const docs = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    operations = operationsOf(docs.json());
  });
  afterAll(async () => {
    await t?.close();
  });

  interface Case {
    method: string;
    url: string;
    payload?: string;
    where: string;
    value: string;
  }
  const send = (request: { method: string; url: string; payload?: string }, token: string) =>
    t.app.inject({
      method: request.method as 'GET',
      url: request.url,
      payload: request.payload,
      // A new client each time: the per-client rate limits must not hide an answer.
      remoteAddress: `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client++ & 255}`,
      headers: {
        ...(request.payload !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });

  /** Each hostile value in each parameter and body property in turn, the others valid. */
  function casesOf(op: Operation): Case[] {
    const base = baselines()[`${op.method} ${op.path}`] ?? {};
    const url = (pathValue?: [string, string], queryValue?: [string, string | string[]]) => {
      let path = op.path;
      for (const name of op.pathParams) {
        const value = pathValue?.[0] === name ? pathValue[1] : '1';
        path = path.replace(`{${name}}`, encodeURIComponent(value));
      }
      const search = new URLSearchParams(base.query);
      if (queryValue) {
        search.delete(queryValue[0]);
        for (const v of ([] as string[]).concat(queryValue[1])) search.append(queryValue[0], v);
      }
      const text = search.toString();
      return text ? `${path}?${text}` : path;
    };
    const basePayload = op.body ? JSON.stringify(base.body ?? {}) : undefined;
    const cases: Case[] = [];
    const add = (where: string, value: string, target: string, payload = basePayload) =>
      cases.push({ method: op.method, url: target, payload, where, value });
    for (const value of hostileValues) {
      for (const name of op.query)
        add(`query ${name}`, value.label, url(undefined, [name, value.query]));
      for (const name of op.pathParams) {
        add(
          `path ${name}`,
          value.label,
          url([name, ([] as string[]).concat(value.query).join(',')]),
        );
      }
      for (const [name, type] of Object.entries(op.body ?? {})) {
        // A text property reads a number and its quoted form alike: one of them is enough.
        const texts = type === 'string' ? value.json.slice(0, 1) : value.json;
        for (const json of texts) {
          const body = JSON.stringify({ ...base.body, [name]: '\u0001FUZZ\u0001' });
          const payload = body.replace('"\\u0001FUZZ\\u0001"', json);
          add(`body ${name}`, json.length > 40 ? value.label : json, url(), payload);
        }
      }
    }
    add('body', 'empty', url(), '');
    add('body', 'a JSON array', url(), '[1]');
    return cases;
  }

  it('reads every operation from the served OpenAPI document', () => {
    expect(operations.length).toBeGreaterThan(30);
    expect(operations).toContainEqual(
      expect.objectContaining({ method: 'GET', path: '/api/Vehicle/GetVehicle', query: ['id'] }),
    );
  });

  it('answers no hostile value in any parameter of any operation with a 5xx', async () => {
    const failures: string[] = [];
    let sent = 0;
    for (const op of operations) {
      // The signed-in caller is whichever kind of account the operation is for.
      let user = tokens.customer;
      if (op.secured) {
        for (const token of [tokens.customer, tokens.company]) {
          const probe = await send({ method: op.method, url: op.path, payload: '{}' }, token);
          if (probe.statusCode !== 403) {
            user = token;
            break;
          }
        }
      }
      const callers = [
        ['anonymous', ''],
        ['user', user],
        ['admin', tokens.admin],
      ] as const;
      // An operation that declares a session gets every case from every caller. No code on a
      // public one reads the caller, so its cases take turns instead (signing in costs a
      // password hash per case on the sign-in call).
      const runs = casesOf(op).flatMap((c, i) =>
        op.secured ? callers.map((caller) => ({ c, caller })) : [{ c, caller: callers[i % 3]! }],
      );
      // A few at a time: password checks wait on the thread pool, not on the database.
      for (let i = 0; i < runs.length; i += 8) {
        const batch = runs.slice(i, i + 8);
        const answers = await Promise.all(batch.map(({ c, caller }) => send(c, caller[1])));
        sent += batch.length;
        answers.forEach((answer, j) => {
          if (answer.statusCode < 500) return;
          const { c, caller } = batch[j]!;
          failures.push(
            `${answer.statusCode} ${op.method} ${op.path} (${caller[0]}) ${c.where} = ${c.value}: ${answer.body.slice(0, 200)}`,
          );
        });
      }
    }
    expect(sent).toBeGreaterThan(1000);
    expect(failures, failures.join('\n')).toEqual([]);
  }, 120_000);
});
