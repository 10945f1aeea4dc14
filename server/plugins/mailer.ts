import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createMailer, type Mail, type Mailer } from '../lib/mailer.ts';

export interface AppMailer extends Mailer {
  /**
   * Sends without making the caller wait; a failure is logged. For answers that must not
   * depend on whether (or how slowly) a mail went out, such as forgot-password.
   */
  sendInBackground(mail: Mail): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    mailer: AppMailer;
  }
}

/** Email: SMTP when SMTP_URL is set, the outbox folder otherwise (server/lib/mailer.ts). */
export default fp(
  async function mailer(
    app: FastifyInstance,
    options: { smtpUrl: string | null; from: string; outboxDir: string },
  ) {
    const transport = await createMailer(options);
    const pending = new Set<Promise<void>>();
    app.decorate('mailer', {
      send: (mail: Mail) => transport.send(mail),
      sendInBackground(mail: Mail) {
        const sending = transport
          .send(mail)
          .catch((error: unknown) => app.log.error({ err: error }, 'email failed'))
          .finally(() => pending.delete(sending));
        pending.add(sending);
      },
    } satisfies AppMailer);
    // Mails on their way when the server stops still go out.
    app.addHook('onClose', async () => {
      await Promise.allSettled([...pending]);
    });
  },
  { name: 'mailer' },
);
