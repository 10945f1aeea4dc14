import type { ObjectStore } from '../../lib/storage/object-store.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AnnouncementType } from '../../../domain/codes.ts';
import { announcementRepository } from '../../db/repositories/announcements.ts';
import { starOrderRepository } from '../../db/repositories/star-orders.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { VehicleCard } from '../vehicle/schemas.ts';
import { Announcement } from './schemas.ts';
import adOrderRoutes from './ad-orders.ts';
import orderActions from './order-actions.ts';
import starOrderRoutes from './star-orders.ts';

const tags = ['Order'];

const order: FastifyPluginAsyncTypebox<{ storage: ObjectStore }> = async (app, options) => {
  await app.register(starOrderRoutes, { storage: options.storage });
  await app.register(adOrderRoutes, { storage: options.storage });
  await app.register(orderActions, { storage: options.storage });
  const starOrders = starOrderRepository(app.db);
  const announcements = announcementRepository(app.db);

  app.get(
    '/GetStarActiveVehicles',
    {
      schema: {
        tags,
        description: 'Featured vehicles: an accepted star order whose dates cover now.',
        response: { 200: Envelope(Type.Array(VehicleCard)) },
      },
    },
    async (request) => ok(await starOrders.featured(request.lang)),
  );

  const kinds = {
    GetActiveMainAnnouncements: AnnouncementType.main,
    GetActiveVerticalAnnouncements: AnnouncementType.vertical,
    GetActiveHorizontalAnnouncements: AnnouncementType.horizontal,
  };
  for (const [name, kind] of Object.entries(kinds)) {
    app.get(
      `/${name}`,
      {
        schema: {
          tags,
          description: `Accepted announcements of kind ${kind} whose dates cover now.`,
          response: { 200: Envelope(Type.Array(Announcement)) },
        },
      },
      async () => ok(await announcements.active(kind)),
    );
  }
};

export default order;
