import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './harness.ts';

/*
 * Issue §3: HSTS only when the browser's request came over HTTPS. Behind a proxy that is what
 * X-Forwarded-Proto says, and only when TRUST_PROXY lets the server believe it.
 */
describe('Strict-Transport-Security', () => {
  let trusting: TestApp;
  let direct: TestApp;
  beforeAll(async () => {
    [trusting, direct] = await Promise.all([
      createTestApp('pglite', { env: { TRUST_PROXY: 'true' } }),
      createTestApp('pglite'),
    ]);
  });
  afterAll(async () => {
    await Promise.all([trusting?.close(), direct?.close()]);
  });

  const hsts = async (app: TestApp, headers: Record<string, string> = {}) =>
    (await app.app.inject({ method: 'GET', url: '/api/Category/GetStates', headers })).headers[
      'strict-transport-security'
    ];

  it('is not sent over plain HTTP', async () => {
    expect(await hsts(trusting)).toBeUndefined();
    expect(await hsts(direct)).toBeUndefined();
    expect(await hsts(trusting, { 'x-forwarded-proto': 'http' })).toBeUndefined();
  });

  it('is sent when a trusted proxy says the request came over HTTPS', async () => {
    expect(await hsts(trusting, { 'x-forwarded-proto': 'https' })).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it('ignores X-Forwarded-Proto without TRUST_PROXY, since any client can send it', async () => {
    expect(await hsts(direct, { 'x-forwarded-proto': 'https' })).toBeUndefined();
  });
});
