import { describe, expect, it } from 'vitest';
import { connectionTokens } from '../../server/hub/connection-tokens.ts';
import {
  encode,
  encodeHandshake,
  MessageReader,
  MessageTooLargeError,
  parseClientMessage,
  parseHandshake,
} from '../../server/hub/protocol.ts';

const RS = '\x1e';

describe('hub framing', () => {
  it('splits several messages in one frame and joins one cut across frames', () => {
    const reader = new MessageReader(100);
    expect(reader.push(`{"type":6}${RS}{"type":6}${RS}{"ty`)).toEqual(['{"type":6}', '{"type":6}']);
    expect(reader.push(`pe":7}${RS}`)).toEqual(['{"type":7}']);
    expect(reader.push(`${RS}${RS}`)).toEqual([]);
  });

  it('refuses an unterminated message over the limit', () => {
    const reader = new MessageReader(10);
    expect(() => reader.push('x'.repeat(11))).toThrow(MessageTooLargeError);
    expect(reader.push(`ok${RS}`)).toEqual(['ok']);
  });

  it('writes exactly the protocol fields', () => {
    expect(encode({ type: 6 })).toBe(`{"type":6}${RS}`);
    expect(encode({ type: 7, allowReconnect: true })).toBe(`{"type":7,"allowReconnect":true}${RS}`);
    expect(encode({ type: 3, invocationId: '1', error: 'no' })).toBe(
      `{"type":3,"invocationId":"1","error":"no"}${RS}`,
    );
    expect(encodeHandshake()).toBe(`{}${RS}`);
    expect(encodeHandshake('bad')).toBe(`{"error":"bad"}${RS}`);
  });
});

describe('hub handshake and messages', () => {
  it('accepts json version 1 only', () => {
    expect(parseHandshake('{"protocol":"json","version":1}')).toEqual({ ok: true });
    expect(parseHandshake('{"protocol":"messagepack","version":1}')).toMatchObject({ ok: false });
    expect(parseHandshake('{"protocol":"json","version":2}')).toMatchObject({ ok: false });
    expect(parseHandshake('nonsense')).toMatchObject({ ok: false });
    expect(parseHandshake('null')).toMatchObject({ ok: false });
  });

  it('reads invocations, sends, closes, and ignores the rest', () => {
    expect(parseClientMessage('{"type":1,"invocationId":"4","target":"X","arguments":[]}')).toEqual(
      { type: 1, target: 'X', invocationId: '4' },
    );
    expect(parseClientMessage('{"type":1,"target":"X","arguments":[]}')).toEqual({
      type: 1,
      target: 'X',
      invocationId: null,
    });
    expect(parseClientMessage('{"type":7}')).toEqual({ type: 7 });
    expect(parseClientMessage('{"type":6}')).toEqual({ type: 'other' });
    for (const garbage of [
      '',
      'x',
      '[]',
      'null',
      '{"type":"1"}',
      '{"type":1}',
      '{"type":1,"target":""}',
      '{"type":1,"target":"X","invocationId":5}',
      '{"type":42}',
    ]) {
      expect(parseClientMessage(garbage)).toBeNull();
    }
  });
});

describe('hub connection tokens', () => {
  it('are accepted once, before they expire, for their own user', () => {
    const tokens = connectionTokens({ secret: 's'.repeat(32), ttlMs: 1000 });
    const now = Date.now();
    const { connectionId, connectionToken } = tokens.issue(7, now);
    expect(tokens.redeem(connectionToken, 8, now)).toEqual({ ok: false, reason: 'wrong_user' });
    expect(tokens.redeem(connectionToken, 7, now)).toEqual({
      ok: true,
      ticket: { connectionId, userId: 7 },
    });
    expect(tokens.redeem(connectionToken, 7, now)).toEqual({ ok: false, reason: 'used' });

    const late = tokens.issue(7, now);
    expect(tokens.redeem(late.connectionToken, 7, now + 1000)).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('reject forgeries and work across instances that share the secret', () => {
    const a = connectionTokens({ secret: 's'.repeat(32), ttlMs: 1000 });
    const b = connectionTokens({ secret: 's'.repeat(32), ttlMs: 1000 });
    const stranger = connectionTokens({ ttlMs: 1000 });
    const { connectionToken } = a.issue(7);
    expect(stranger.redeem(connectionToken, 7)).toEqual({ ok: false, reason: 'invalid' });
    const [data, signature] = connectionToken.split('.');
    const body = JSON.parse(Buffer.from(data!, 'base64url').toString());
    const forged = Buffer.from(JSON.stringify({ ...body, u: 8 })).toString('base64url');
    expect(b.redeem(`${forged}.${signature}`, 8)).toEqual({ ok: false, reason: 'invalid' });
    for (const junk of ['', '.', 'a.b', 'a.b.c', connectionToken + 'x']) {
      expect(b.redeem(junk, 7)).toMatchObject({ ok: false });
    }
    expect(b.redeem(connectionToken, 7)).toMatchObject({ ok: true });
  });
});
