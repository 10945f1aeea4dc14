import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { AdminPermission } from '../../../domain/permissions.ts';
import { DASHBOARD_COUNTERS } from '../../../domain/statistics.ts';
import { statisticsRepository } from '../../db/repositories/statistics.ts';
import { Envelope, ok } from '../../lib/envelope.ts';

export const DashboardStatistics = Type.Object({
  ...Object.fromEntries(DASHBOARD_COUNTERS.map((name) => [name, Type.Integer()])),
  visitsPerDay: Type.Array(Type.Object({ date: Type.String(), count: Type.Integer() })),
});

/**
 * GetDashboardStatistics: the 12 counters of the dashboard's home (seller spec §9) and the
 * visits of the last 30 days. Days and months are Palestine's (Asia/Hebron); "added" counts
 * this month's; visitors are distinct addresses per day, a month's the sum of its days.
 */
const statistics: FastifyPluginAsyncTypebox = async (app) => {
  const repository = statisticsRepository(app.db);
  app.get(
    '/GetDashboardStatistics',
    {
      preHandler: app.requirePermission(AdminPermission.statistics),
      schema: {
        tags: ['Statistics'],
        security: [{ bearer: [] }],
        description:
          'Admin: visitorsToday, visitorsThisMonth, vehiclesSold (all time), vehiclesAddedThisMonth, vehiclesUnderReview, vehiclesRefused, announcementOrdersAdded (this month), announcementOrdersUnderReview, announcementOrdersRefused, starOrdersAdded (this month), starOrdersUnderReview, starOrdersRefused, and visitsPerDay for the last 30 days.',
        response: { 200: Envelope(DashboardStatistics) },
      },
    },
    async () => ok(await repository.dashboard()),
  );
};

export default statistics;
