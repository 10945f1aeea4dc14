import { randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * Real email through SMTP when SMTP_URL is set; otherwise each message is written to
 * DATA_DIR/outbox as JSON, where a developer (and the tests) can read it.
 */
export async function createMailer(options: {
  smtpUrl: string | null;
  from: string;
  outboxDir: string;
}): Promise<Mailer> {
  if (options.smtpUrl) {
    const { createTransport } = await import('nodemailer');
    const transport = createTransport(options.smtpUrl);
    return {
      async send(mail) {
        await transport.sendMail({ from: options.from, ...mail });
      },
    };
  }
  return {
    async send(mail) {
      await mkdir(options.outboxDir, { recursive: true });
      const name = `${Date.now()}-${randomBytes(4).toString('hex')}.json`;
      const entry = { from: options.from, ...mail, sentAt: new Date().toISOString() };
      await writeFile(path.join(options.outboxDir, name), JSON.stringify(entry, null, 2), {
        mode: 0o600,
      });
    },
  };
}

/** The outbox's messages, oldest first (development and tests). */
export async function readOutbox(outboxDir: string): Promise<(Mail & { sentAt: string })[]> {
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
