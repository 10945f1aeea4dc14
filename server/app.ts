import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { type FastifyServerOptions } from 'fastify';
import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import type { Bus } from './lib/bus.ts';
import { openObjectStore } from './lib/storage/from-config.ts';
import type { ObjectStore } from './lib/storage/object-store.ts';
import { ApiError } from './lib/api-error.ts';
import { rateLimitStore } from './lib/rate-limit-store.ts';
import { finiteValidators, lazySerializers } from './lib/validator.ts';
import hub from './hub/index.ts';
import audit from './plugins/audit.ts';
import auth from './plugins/auth.ts';
import dbPlugin from './plugins/db.ts';
import errors from './plugins/errors.ts';
import inputSchemas from './plugins/input-schemas.ts';
import mailer from './plugins/mailer.ts';
import readiness from './plugins/readiness.ts';
import securityHeaders from './plugins/security-headers.ts';
import docs from './plugins/swagger.ts';
import uploads from './plugins/uploads.ts';
import userLimits from './plugins/user-limits.ts';
import category from './routes/category/index.ts';
import catalogueCodes from './routes/category/admin-codes.ts';
import catalogueMakes from './routes/category/admin-makes.ts';
import constantRoutes from './routes/category/constants.ts';
import health from './routes/health/index.ts';
import interfaces from './routes/interfaces/index.ts';
import interfacesAdmin from './routes/interfaces/admin.ts';
import notification from './routes/notification/index.ts';
import adminMessages from './routes/notification/admin-messages.ts';
import orderSchedule from './plugins/order-schedule.ts';
import order from './routes/order/index.ts';
import payment from './routes/payment/index.ts';
import paymentAdmin from './routes/payment/admin.ts';
import role from './routes/role/index.ts';
import auditRoutes from './routes/audit/index.ts';
import statistics from './routes/statistics/index.ts';
import account from './routes/user/account.ts';
import adminSession from './routes/user/admin-session.ts';
import adminUsers from './routes/user/admin-users.ts';
import savedSearches from './routes/user/saved-searches.ts';
import testHooks from './routes/test-hooks/index.ts';
import tickets from './routes/tickets/index.ts';
import eventsAdmin from './routes/tickets/events-admin.ts';
import user from './routes/user/index.ts';
import vehicle from './routes/vehicle/index.ts';
import visit from './routes/visit/index.ts';

export interface AppOptions {
  config: Config;
  database: Database;
  bus: Bus;
  /** Where images are kept; by default the one the config names, closed with the app. */
  storage?: ObjectStore;
  logger?: FastifyServerOptions['logger'];
}

/** Builds the API: external plugins, then the app's own, then one route group per spec §7 group. */
export async function buildApp({
  config,
  database,
  bus,
  storage: given,
  logger = false,
}: AppOptions) {
  const app = Fastify({
    logger,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    schemaController: {
      compilersFactory: { buildValidator: finiteValidators(), buildSerializer: lazySerializers() },
    },
    ajv: {
      // Query strings need their numbers and booleans coerced from text; a list is never read as
      // one value (coerceTypes: 'array' took {"userId":[1]} as 1).
      customOptions: { coerceTypes: true, removeAdditional: true, allErrors: false },
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  const storage = given ?? (await openObjectStore(config));
  if (!given) app.addHook('onClose', async () => storage.close());

  await app.register(errors);
  await app.register(inputSchemas);
  await app.register(helmet, {
    // The pages' policy comes with each rendered page (server/plugins/security-headers.ts).
    contentSecurityPolicy: false,
    crossOriginEmbedderPolicy: false,
    crossOriginResourcePolicy: { policy: 'same-site' },
    // Matches the pages' frame-ancestors 'none'.
    frameguard: { action: 'deny' },
    // Sent only over HTTPS, by security-headers.
    strictTransportSecurity: false,
  });
  await app.register(securityHeaders);
  // Counted in Redis when there is one, so the limits hold across instances.
  await app.register(rateLimit, { global: false, ...(await rateLimitStore(app, config)) });
  await app.register(mailer, {
    smtpUrl: config.smtpUrl,
    from: config.mailFrom,
    outboxDir: config.outboxDir,
  });
  await app.register(dbPlugin, { database, bus });
  await app.register(readiness);
  await app.register(orderSchedule);
  await app.register(auth, { secret: config.jwtSecret, ttlSeconds: config.jwtTtlSeconds });
  await app.register(audit);
  await app.register(userLimits, config.userLimits);
  await app.register(docs);
  await app.register(hub, { secret: config.jwtSecret });
  await app.register(uploads, { prefix: '/uploads', storage });

  await app.register(
    async (api) => {
      await api.register(health);
      await api.register(category, { prefix: '/Category' });
      await api.register(constantRoutes, { prefix: '/Category', storage });
      await api.register(catalogueMakes, { prefix: '/Category', storage });
      await api.register(catalogueCodes, { prefix: '/Category' });
      await api.register(interfaces, { prefix: '/Interfaces' });
      await api.register(interfacesAdmin, { prefix: '/Interfaces' });
      await api.register(notification, { prefix: '/NotificationMessage' });
      await api.register(adminMessages, {
        prefix: '/NotificationMessage',
        smsUrl: config.smsUrl,
        smsOutboxDir: config.smsOutboxDir,
      });
      await api.register(order, { prefix: '/Order', storage });
      const paying = { storage, rateLimit: config.paymentRateLimit };
      await api.register(payment, { prefix: '/Payment', ...paying });
      await api.register(paymentAdmin, { prefix: '/Payment' });
      await api.register(tickets, { prefix: '/Tickets', ...paying });
      await api.register(eventsAdmin, { prefix: '/Tickets', storage });
      await api.register(role, { prefix: '/Role' });
      await api.register(auditRoutes, { prefix: '/Audit' });
      await api.register(statistics, { prefix: '/Statistics' });
      await api.register(user, { prefix: '/User' });
      await api.register(adminSession, { prefix: '/User' });
      await api.register(adminUsers, { prefix: '/User' });
      await api.register(savedSearches, { prefix: '/User' });
      await api.register(account, {
        prefix: '/User',
        storage,
        siteUrl: config.siteUrl,
        rateLimit: config.authRateLimit,
      });
      await api.register(vehicle, {
        prefix: '/Vehicle',
        storage,
        siteUrl: config.siteUrl,
      });
      await api.register(visit, { prefix: '/Visit' });
      if (config.testHooks) {
        await api.register(testHooks, { prefix: '/Test', outboxDir: config.outboxDir });
      }
      // Every method: the site's page route also matches GET and HEAD under /api.
      const noSuchCall = () => {
        throw new ApiError(404, 'route_not_found');
      };
      for (const url of ['/', '/*']) api.all(url, { schema: { hide: true } }, noSuchCall);
      api.setNotFoundHandler(noSuchCall);
    },
    { prefix: '/api' },
  );

  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
