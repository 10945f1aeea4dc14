import type { ObjectStore } from '../../lib/storage/object-store.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { asc, eq } from 'drizzle-orm';
import { PageTag } from '../../../domain/page-tags.ts';
import { AdminPermission } from '../../../domain/permissions.ts';
import { SlotConstant } from '../../../domain/orders.ts';
import { VEHICLE_CURRENCIES } from '../../../domain/vehicle-draft.ts';
import { constants } from '../../db/schema.ts';
import { SiteConstant } from '../../db/seed/reference.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { t } from '../../lib/messages.ts';
import { QR_ACCOUNTS, regenerateQrCodes } from '../../lib/qr-codes.ts';
import { Id, Text } from '../../lib/schema-types.ts';
import { Constant } from './schemas.ts';

const tags = ['Category'];

/** Constants that are amounts or counts: a number of at most two decimals, 0 or more. */
const NUMERIC: readonly number[] = [
  SiteConstant.starDailyPrice,
  SiteConstant.maxOrderDays,
  SiteConstant.nisPerUsd,
  SiteConstant.nisPerJod,
  ...Object.values(SlotConstant),
];
/** The account values whose QR code the site draws. */
const QR_SOURCES: readonly number[] = QR_ACCOUNTS.map(([account]) => account);

/**
 * UpdateConstant (admin): a constant's value, e.g. a payment account, a daily price, a slot
 * count. Prices and counts must be numbers and the order currency one of the three currencies;
 * a changed account number gets a new QR code at once.
 */
const constantRoutes: FastifyPluginAsyncTypebox<{ storage: ObjectStore }> = async (
  app,
  options,
) => {
  app.get(
    '/GetAdminConstants',
    {
      preHandler: app.requirePermission(AdminPermission.constants),
      schema: {
        tags,
        security: [{ bearer: [] }],
        description: 'Admin: every constant with its names in both languages.',
        response: {
          200: Envelope(
            Type.Array(
              Type.Object({
                id: Type.Integer(),
                nameAr: Type.String(),
                nameEn: Type.String(),
                valueSt: Type.String(),
              }),
            ),
          ),
        },
      },
    },
    async () => ok(await app.db.select().from(constants).orderBy(asc(constants.id))),
  );

  app.put(
    '/UpdateConstant',
    {
      preHandler: app.requirePermission(AdminPermission.constants),
      schema: {
        tags,
        security: [{ bearer: [] }],
        description:
          'Admin: sets a constant (payment accounts 107-114, prices, slot counts 137-140, ...). Changing an account value redraws its QR code.',
        body: Type.Object({ id: Id(), value: Text(500) }),
        response: { 200: Envelope(Constant) },
      },
    },
    async (request) => {
      const { id } = request.body;
      const value = request.body.value.trim();
      const [existing] = await app.db.select().from(constants).where(eq(constants.id, id));
      if (!existing) throw new ApiError(404, 'not_found');
      const numeric = /^\d{1,9}(\.\d{1,2})?$/.test(value);
      if (
        (NUMERIC.includes(id) && !numeric) ||
        (id === SiteConstant.orderCurrency && !VEHICLE_CURRENCIES.includes(Number(value)))
      ) {
        throw new ApiError(400, 'constant_value_invalid');
      }
      await app.db.update(constants).set({ valueSt: value }).where(eq(constants.id, id));
      await app.audit(request, {
        action: 'UpdateConstant',
        entity: 'constant',
        entityId: id,
        before: { valueSt: existing.valueSt },
        after: { valueSt: value },
      });
      if (QR_SOURCES.includes(id)) await regenerateQrCodes(app.db, options.storage);
      // The list states the exchange rates and compares prices with them; a purge also drops
      // the reference data renders and searches keep for a few seconds.
      await app.bus.publish('purge', { tags: [PageTag.vehicles] });
      const [saved] = await app.db.select().from(constants).where(eq(constants.id, id));
      return ok({ id, valueSt: saved!.valueSt }, t(request.lang, 'update_success'));
    },
  );
};

export default constantRoutes;
