import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config.ts';
import { logFormat, prettyLogStream } from '../../server/lib/log-format.ts';

describe('log format', () => {
  it('is short lines on a terminal and JSON otherwise, unless LOG_FORMAT says', () => {
    expect(logFormat('auto', true)).toBe('pretty');
    expect(logFormat('auto', false)).toBe('json');
    expect(logFormat('auto', undefined)).toBe('json');
    expect(logFormat('json', true)).toBe('json');
    expect(logFormat('pretty', false)).toBe('pretty');
  });

  it('reads LOG_FORMAT and refuses an unknown one with a sentence', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/x', JWT_SECRET: 'x'.repeat(32) }).logFormat).toBe('auto');
    expect(
      loadConfig({ DATA_DIR: '/tmp/x', JWT_SECRET: 'x'.repeat(32), LOG_FORMAT: 'json' }).logFormat,
    ).toBe('json');
    expect(() =>
      loadConfig({ DATA_DIR: '/tmp/x', JWT_SECRET: 'x'.repeat(32), LOG_FORMAT: 'xml' }),
    ).toThrow(/LOG_FORMAT/);
  });

  it('prints one line per request with method, URL, status and milliseconds', () => {
    const out: string[] = [];
    const stream = prettyLogStream((text) => out.push(text));
    const time = Date.UTC(2026, 0, 2, 14, 3, 7);
    stream.write(
      `${JSON.stringify({ level: 30, time, reqId: 'req-1', req: { method: 'GET', url: '/vehicles?brand=1' }, msg: 'incoming request' })}\n`,
    );
    expect(out).toEqual([]);
    stream.write(
      `${JSON.stringify({ level: 30, time, reqId: 'req-1', res: { statusCode: 200 }, responseTime: 12.4, msg: 'request completed' })}\n`,
    );
    expect(out).toEqual(['14:03:07 GET /vehicles?brand=1 200 12 ms\n']);
  });

  it('prints other messages with their level, and the stack of errors', () => {
    const out: string[] = [];
    const stream = prettyLogStream((text) => out.push(text));
    const time = Date.UTC(2026, 0, 2, 9, 0, 0);
    stream.write(`${JSON.stringify({ level: 30, time, msg: 'SIGTERM: draining' })}\n`);
    stream.write(
      `${JSON.stringify({ level: 50, time, msg: 'render failed', err: { message: 'boom', stack: 'Error: boom\n    at x' } })}\n`,
    );
    stream.write('not json\n');
    expect(out).toEqual([
      '09:00:00 INFO SIGTERM: draining\n',
      '09:00:00 ERROR render failed: boom\n',
      'Error: boom\n    at x\n',
      'not json\n',
    ]);
  });
});
