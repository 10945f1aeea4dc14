import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { referenceRepository } from '../../db/repositories/reference.ts';
import { sellerRepository } from '../../db/repositories/sellers.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { Int32, Text } from '../../lib/schema-types.ts';
import { Page, PagingQuery } from '../paging-schemas.ts';
import { Seller, SiteContact } from './schemas.ts';

const tags = ['User'];

const user: FastifyPluginAsyncTypebox = async (app) => {
  const reference = referenceRepository(app.db);
  const sellers = sellerRepository(app.db);

  app.get(
    '/GetSellers',
    {
      schema: {
        tags,
        description:
          'Sellers (individuals and dealerships) whose name contains `name`, in the governorate `stateId` and city `cityId` when given.',
        querystring: Type.Object({
          name: Type.Optional(Text(100)),
          stateId: Type.Optional(Int32({ minimum: 1 })),
          cityId: Type.Optional(Int32({ minimum: 1 })),
          ...PagingQuery,
          pageSize: Int32({ minimum: 1, maximum: 100, default: 3 }),
        }),
        response: {
          200: Envelope(
            Type.Object({
              users: Page(Seller),
            }),
          ),
        },
      },
    },
    async (request) => {
      const { name = '', stateId, cityId, page, pageSize } = request.query;
      return ok({
        users: await sellers.directory(
          { name: name.trim(), stateId, cityId },
          { page, pageSize },
          request.lang,
        ),
      });
    },
  );

  app.get(
    '/GetWebSiteComunicationInfo',
    { schema: { tags, response: { 200: Envelope(SiteContact) } } },
    async (request) => {
      const contact = await reference.siteContact(request.lang);
      if (!contact) throw new ApiError(404, 'not_found');
      return ok(contact);
    },
  );
};

export default user;
