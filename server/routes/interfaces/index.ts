import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { referenceRepository } from '../../db/repositories/reference.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { Id } from '../../lib/schema-types.ts';

/** title and body follow the caller's language; both languages are given for editors. */
export const InterfaceItemSchema = Type.Object({
  id: Type.Integer(),
  code: Type.String(),
  groupId: Type.Integer(),
  title: Type.String(),
  body: Type.String(),
  titleAr: Type.String(),
  titleEn: Type.String(),
  bodyAr: Type.String(),
  bodyEn: Type.String(),
});

const tags = ['Interfaces'];

const interfaces: FastifyPluginAsyncTypebox = async (app) => {
  const reference = referenceRepository(app.db);

  app.get(
    '/GetInterfacesItems',
    { schema: { tags, response: { 200: Envelope(Type.Array(InterfaceItemSchema)) } } },
    async (request) => ok(await reference.interfaceItems(request.lang)),
  );

  app.get(
    '/GetInterfaceItem',
    {
      schema: {
        tags,
        querystring: Type.Object({ id: Id() }),
        response: { 200: Envelope(InterfaceItemSchema) },
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
