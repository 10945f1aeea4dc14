import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, drivers, type TestApp } from './harness.ts';

describe.each(drivers)('health and readiness on %s', (driver) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(driver);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers liveness with the database driver while the database answers', async () => {
    const response = await t.app.inject({ url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(body(response)).toEqual({ success: true, message: '', data: { database: driver } });
  });

  it('answers liveness 503 in the envelope when the database does not answer', async () => {
    const ping = t.database.ping;
    t.database.ping = async () => false;
    try {
      const response = await t.app.inject({
        url: '/api/health',
        headers: { 'accept-language': 'en' },
      });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(body(response)).toEqual({
        success: false,
        message: 'The service is unavailable right now. Please try again shortly.',
        data: null,
      });
    } finally {
      t.database.ping = ping;
    }
  });

  it('answers readiness 200 once started, and 503 while start-up work holds it', async () => {
    expect((await t.app.inject({ url: '/api/ready' })).statusCode).toBe(200);
    const release = t.app.readiness.hold('a test');
    const held = await t.app.inject({ url: '/api/ready' });
    expect(held.statusCode).toBe(503);
    expect(body(held)).toMatchObject({ success: false, data: null });
    release();
    expect(body(await t.app.inject({ url: '/api/ready' }))).toEqual({
      success: true,
      message: '',
      data: { ready: true },
    });
  });
});

describe('the OpenAPI document', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the error envelope as the 4xx answer of every call', async () => {
    const response = await t.app.inject({ url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = JSON.parse(response.body) as {
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const operations = Object.entries(document.paths).flatMap(([url, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ url, method, operation })),
    );
    expect(operations.length).toBeGreaterThan(30);
    for (const { url, method, operation } of operations) {
      for (const status of ['400', '401', '403', '404', '429']) {
        expect(operation.responses[status], `${method} ${url} ${status}`).toMatchObject({
          description: expect.stringMatching(/^Refused: /),
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['success', 'message', 'data'],
                properties: {
                  success: { enum: [false] },
                  message: { type: 'string' },
                  data: { nullable: true, enum: [null] },
                },
              },
            },
          },
        });
      }
    }
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining(['/api/health', '/api/ready']),
    );
  });

  it('sends refusals that fit the documented envelope', async () => {
    const response = await t.app.inject({ url: '/api/Vehicle/GetVehicle?id=abc' });
    expect(response.statusCode).toBe(400);
    expect(Object.keys(body(response)).sort()).toEqual(['data', 'message', 'success']);
    expect(body(response)).toMatchObject({ success: false, data: null });
  });
});
