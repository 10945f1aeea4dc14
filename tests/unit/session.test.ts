import { setPersistentEngine } from '@nanostores/persistent';
import { beforeEach, describe, expect, it } from 'vitest';
import * as session from '../../src/lib/session.ts';
import type { Session } from '../../server/routes/user/schemas.ts';
import { memoryStorage } from './storage.ts';

/** A sign-in answer as the server gives it (server/routes/user/schemas.ts). */
const answer = (fields: Partial<Session>): Session => ({
  id: 7,
  token: '',
  name: '',
  userType: 71,
  fullName: '',
  isAdmin: false,
  ...fields,
});

const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (exp: number) => `${part({ alg: 'HS256' })}.${part({ sub: '7', exp })}.sig`;
const inAnHour = () => Math.floor(Date.now() / 1000) + 3600;

let local: Storage & Record<string, string>;

beforeEach(() => {
  local = memoryStorage();
  (globalThis as { localStorage?: Storage }).localStorage = local;
  setPersistentEngine(local, { addEventListener() {}, removeEventListener() {} });
  session.signOut();
});

describe('signIn (spec §3)', () => {
  it('stores token, userName, userType, id and isAdmin under those keys', () => {
    const token = jwt(inAnHour());
    expect(session.signIn(answer({ id: 7, token, name: 'محمد', userType: 71 }))).toBe(true);
    expect(local.getItem('token')).toBe(token);
    expect(local.getItem('userName')).toBe('محمد');
    expect(local.getItem('userType')).toBe('71');
    expect(local.getItem('id')).toBe('7');
    expect(local.getItem('isAdmin')).toBeNull();
    expect(session.$session.get()).toEqual({
      token,
      userName: 'محمد',
      userType: 71,
      id: 7,
      isAdmin: false,
    });
    expect(session.$isSignedIn.get()).toBe(true);
  });

  it('marks admins and uses the full name they come with', () => {
    session.signIn(answer({ id: 1, token: jwt(inAnHour()), userType: 70, fullName: 'Site Admin' }));
    expect(session.$isAdmin.get()).toBe(true);
    expect(local.getItem('isAdmin')).toBe('true');
    expect(session.$userName.get()).toBe('Site Admin');
  });

  it('stores nothing unless the id is above 0', () => {
    expect(session.signIn(answer({ id: 0, token: jwt(inAnHour()), name: 'x', userType: 71 }))).toBe(
      false,
    );
    expect(
      session.signIn(answer({ id: -1, token: jwt(inAnHour()), name: 'x', userType: 71 })),
    ).toBe(false);
    expect(local.getItem('token')).toBeNull();
    expect(session.$isSignedIn.get()).toBe(false);
  });
});

describe('token validity', () => {
  it('is not signed in with an expired token', () => {
    session.signIn(answer({ id: 7, token: jwt(Math.floor(Date.now() / 1000) - 5), userType: 71 }));
    expect(session.$isSignedIn.get()).toBe(false);
    expect(session.currentTokenStatus()).toBe('expired');
  });

  it('reports a missing token after sign-out', () => {
    expect(session.currentTokenStatus()).toBe('missing');
  });
});

describe('signOut (spec §4)', () => {
  it('clears local storage but keeps the language choice', () => {
    session.signIn(answer({ id: 7, token: jwt(inAnHour()), name: 'محمد', userType: 72 }));
    local.setItem('lang', 'en');
    local.setItem('favorites', '[1,2]');
    session.signOut();
    expect(Object.keys(local)).toEqual(['lang']);
    expect(local.getItem('lang')).toBe('en');
    expect(session.$session.get()).toEqual({
      token: undefined,
      userName: undefined,
      userType: undefined,
      id: undefined,
      isAdmin: false,
    });
    expect(session.$isSignedIn.get()).toBe(false);
  });
});
