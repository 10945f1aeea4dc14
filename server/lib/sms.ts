import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Sms {
  to: string;
  message: string;
}

export interface SmsSender {
  send(sms: Sms): Promise<void>;
}

/** SMS gateways answer slowly at worst; a message that takes longer failed. */
const GATEWAY_TIMEOUT_MS = 10_000;

/**
 * SMS: an HTTP gateway when SMS_URL is set (POST {to, message} as JSON; any 2xx is sent), the
 * outbox folder otherwise, like email's (DATA_DIR/sms-outbox), where developers and tests read it.
 */
export function createSmsSender(options: { smsUrl: string | null; outboxDir: string }): SmsSender {
  if (options.smsUrl) {
    const url = options.smsUrl;
    return {
      async send(sms) {
        const answer = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(sms),
          signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
        });
        if (!answer.ok) throw new Error(`the SMS gateway answered ${answer.status}`);
      },
    };
  }
  return {
    async send(sms) {
      await mkdir(options.outboxDir, { recursive: true });
      const name = `${Date.now()}-${randomBytes(4).toString('hex')}.json`;
      const entry = { ...sms, sentAt: new Date().toISOString() };
      await writeFile(path.join(options.outboxDir, name), JSON.stringify(entry, null, 2), {
        mode: 0o600,
      });
    },
  };
}

/** The SMS outbox's messages, oldest first (development and tests). */
export async function readSmsOutbox(outboxDir: string): Promise<(Sms & { sentAt: string })[]> {
  let names: string[];
  try {
    names = (await readdir(outboxDir)).filter((name) => name.endsWith('.json')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    names.map(async (name) => JSON.parse(await readFile(path.join(outboxDir, name), 'utf8'))),
  );
}
