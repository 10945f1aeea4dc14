import { afterEach, describe, expect, it, vi } from 'vitest';
import { loginError } from '../../domain/validation.ts';
import { runSubmission, type SubmitEnv } from '../../src/islands/forms/submit.ts';
import { ApiError } from '../../src/lib/api.ts';
import type { Lang } from '../../src/lib/i18n.ts';

/** A stand-in for the page: records busy changes, overlay use and warnings. */
function page(lang: Lang = 'ar') {
  const log: string[] = [];
  let busy = false;
  const env: SubmitEnv = {
    lang,
    isBusy: () => busy,
    setBusy: (value) => {
      busy = value;
      log.push(value ? 'busy' : 'idle');
    },
    overlay: async (task) => {
      log.push('overlay on');
      try {
        return await task();
      } finally {
        log.push('overlay off');
      }
    },
    warn: (message) => log.push(`warn: ${message}`),
  };
  return { env, log };
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('runSubmission', () => {
  it('shows the first failing rule in Arabic and makes no call', async () => {
    const { env, log } = page('ar');
    const call = vi.fn(async () => 'sent');
    const result = await runSubmission(
      { check: () => loginError({ email: '', password: '' }), call },
      env,
    );
    expect(result).toEqual({ ok: false, reason: 'invalid', message: 'أدخل الإيميل' });
    expect(call).not.toHaveBeenCalled();
    expect(log).toEqual(['warn: أدخل الإيميل']);
  });

  it('shows the rule in English on English pages', async () => {
    const { env, log } = page('en');
    await runSubmission(
      { check: () => loginError({ email: 'a@b.ps', password: ' ' }), call: async () => null },
      env,
    );
    expect(log).toEqual(['warn: Enter the password']);
  });

  it('makes the call behind the overlay while busy, and returns its data', async () => {
    const { env, log } = page();
    const result = await runSubmission(
      {
        check: () => null,
        call: async () => {
          log.push('call');
          return { id: 7 };
        },
      },
      env,
    );
    expect(result).toEqual({ ok: true, data: { id: 7 } });
    expect(log).toEqual(['busy', 'overlay on', 'call', 'overlay off', 'idle']);
  });

  it("toasts a failed call's server message and ends busy", async () => {
    const { env, log } = page();
    const result = await runSubmission(
      {
        call: async () => {
          throw new ApiError('x', 409, 'هذا البريد الإلكتروني مسجل مسبقاً');
        },
      },
      env,
    );
    expect(result).toEqual({
      ok: false,
      reason: 'failed',
      message: 'هذا البريد الإلكتروني مسجل مسبقاً',
      status: 409,
    });
    expect(log).toEqual([
      'busy',
      'overlay on',
      'overlay off',
      'warn: هذا البريد الإلكتروني مسجل مسبقاً',
      'idle',
    ]);
  });

  it("passes the form's fallback and serverFirst to the error text", async () => {
    const { env } = page('en');
    const silent = await runSubmission(
      {
        call: async () => {
          throw new ApiError('x', 500, null);
        },
        fallback: 'Signup failed',
      },
      env,
    );
    expect(silent).toMatchObject({ message: 'Signup failed' });
    const unauthorised = async (serverFirst: boolean) =>
      runSubmission(
        {
          call: async () => {
            throw new ApiError('x', 401, 'The email or password is not correct.');
          },
          serverFirst,
        },
        env,
      );
    expect(await unauthorised(true)).toMatchObject({
      message: 'The email or password is not correct.',
    });
    expect(await unauthorised(false)).toMatchObject({ message: 'User not allowed' });
  });

  it('logs a failure that is not an API error and shows the general text', async () => {
    const { env, log } = page('ar');
    const console = vi.spyOn(globalThis.console, 'error').mockImplementation(() => {});
    const bug = new TypeError("Cannot read properties of undefined (reading 'id')");
    const result = await runSubmission(
      {
        call: async () => {
          throw bug;
        },
      },
      env,
    );
    expect(result).toMatchObject({ reason: 'failed', message: 'حدث خطأ' });
    expect(console).toHaveBeenCalledWith(bug);
    expect(log.at(-1)).toBe('idle');
  });

  it('ignores a second submit while the first call runs', async () => {
    const { env } = page();
    let finish: (value: string) => void = () => {};
    const call = vi.fn(() => new Promise<string>((resolve) => (finish = resolve)));
    const first = runSubmission({ call }, env);
    const second = await runSubmission({ call }, env);
    expect(second).toEqual({ ok: false, reason: 'busy' });
    finish('done');
    expect(await first).toEqual({ ok: true, data: 'done' });
    expect(call).toHaveBeenCalledTimes(1);
    expect(env.isBusy()).toBe(false);
  });
});
