import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { referenceRepository } from '../../db/repositories/reference.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { InterfaceItem, InterfaceItemQuery } from './schemas.ts';

const tags = ['Interfaces'];

const interfaces: FastifyPluginAsyncTypebox = async (app) => {
  const reference = referenceRepository(app.db);

  app.get(
    '/GetInterfacesItems',
    { schema: { tags, response: { 200: Envelope(Type.Array(InterfaceItem)) } } },
    async (request) => ok(await reference.interfaceItems(request.lang)),
  );

  app.get(
    '/GetInterfaceItem',
    {
      schema: {
        tags,
        querystring: InterfaceItemQuery,
        response: { 200: Envelope(InterfaceItem) },
      },
    },
    async (request) => {
      const item = await reference.interfaceItem(request.query.id, request.lang);
      if (!item) throw new ApiError(404, 'not_found');
      return ok(item);
    },
  );
};

export default interfaces;
