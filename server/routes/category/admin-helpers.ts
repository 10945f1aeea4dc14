import type { TSchema } from '@sinclair/typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PageTag } from '../../../domain/page-tags.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope } from '../../lib/envelope.ts';
import { Page } from '../paging-schemas.ts';

/** What the admin's catalogue routes (./admin-makes.ts, ./admin-codes.ts) share. */
export const tags = ['Category'];
export const security = [{ bearer: [] }];

/** Both names, trimmed; neither may be empty. */
export const names = (request: FastifyRequest, body: { nameAr: string; nameEn: string }) => {
  const nameAr = body.nameAr.trim();
  const nameEn = body.nameEn.trim();
  if (!nameAr || !nameEn) throw new ApiError(400, 'admin_check_name');
  return { nameAr, nameEn };
};

/** The list pages (filters) and the pages of the vehicles showing a renamed value. */
export const purgeCataloguePages = async (app: FastifyInstance, vehicleIds: number[] = []) => {
  await app.bus.publish('purge', {
    tags: [PageTag.home, PageTag.vehicles, ...vehicleIds.map(PageTag.vehicle)],
  });
};

/** The response of a paged list of `row`. */
export const list = <T extends TSchema>(row: T) => ({
  200: Envelope(Page(row)),
});
