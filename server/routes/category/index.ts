import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { CodeCategory } from '../../../domain/codes.ts';
import { referenceRepository } from '../../db/repositories/reference.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { t } from '../../lib/messages.ts';
import {
  AnnouncementKind,
  Brand,
  BrandModel,
  BrandModelsQuery,
  City,
  Constant,
  CurrencyItem,
  LookupItem,
  StateCitiesQuery,
} from './schemas.ts';

const LookupList = Envelope(Type.Array(LookupItem));
const tags = ['Category'];

/** Public reference lists; names follow the caller's Accept-Language. */
const category: FastifyPluginAsyncTypebox = async (app) => {
  const reference = referenceRepository(app.db);

  // The lists that are a plain code category.
  const codeLists: Record<string, number> = {
    GetPaintedStatus: CodeCategory.paintedStatus,
    GetSpecification: CodeCategory.specification,
    GetOrderStatus: CodeCategory.status,
    GetVehicleStatus: CodeCategory.status,
    GetBodyType: CodeCategory.bodyType,
    GetColor: CodeCategory.color,
    GetPaintedType: CodeCategory.paintedType,
    GetGearType: CodeCategory.gearType,
    GetOilType: CodeCategory.oilType,
    GetUserType: CodeCategory.userType,
    GetUserStatus: CodeCategory.userStatus,
    GetSendMessageWays: CodeCategory.sendMessageWay,
  };
  for (const [name, categoryId] of Object.entries(codeLists)) {
    app.get(`/${name}`, { schema: { tags, response: { 200: LookupList } } }, async (request) => {
      const rows = await reference.codesOf(categoryId, request.lang);
      return ok(rows.map(({ id, name }) => ({ id, name })));
    });
  }

  app.get(
    '/GetCurrency',
    {
      schema: {
        tags,
        description:
          'The currencies, each with its rate to the shekel (`rateToIls`: the shekel is 1; the dollar and the dinar are constants the admin sets). The vehicle search compares prices in shekels at these rates.',
        response: { 200: Envelope(Type.Array(CurrencyItem)) },
      },
    },
    async (request) => {
      const [rows, rates] = await Promise.all([
        reference.codesOf(CodeCategory.currency, request.lang),
        reference.currencyRates(),
      ]);
      return ok(rows.map(({ id, name }) => ({ id, name, rateToIls: rates[id] ?? 1 })));
    },
  );

  app.get(
    '/GetAnnouncementTypes',
    {
      schema: {
        tags,
        description: 'Announcement kinds with their price per day in `value`.',
        response: {
          200: Envelope(Type.Array(AnnouncementKind)),
        },
      },
    },
    async (request) => ok(await reference.codesOf(CodeCategory.announcementType, request.lang)),
  );

  app.get(
    '/GetConstants',
    {
      schema: {
        tags,
        response: {
          200: Envelope(Type.Array(Constant)),
        },
      },
    },
    async () => ok(await reference.constants()),
  );

  app.get(
    '/GetBrands',
    {
      schema: {
        tags,
        response: {
          200: Envelope(Type.Array(Brand)),
        },
      },
    },
    async (request) => ok(await reference.brands(request.lang)),
  );

  app.get(
    '/GetBrandModels',
    {
      schema: {
        tags,
        querystring: BrandModelsQuery,
        response: { 200: Envelope(Type.Array(BrandModel)) },
      },
    },
    async (request) => {
      const models = await reference.brandModels(request.query.brandId, request.lang);
      return models ? ok(models) : ok([], t(request.lang, 'unknown_brand'));
    },
  );

  app.get('/GetStates', { schema: { tags, response: { 200: LookupList } } }, async (request) =>
    ok(await reference.states(request.lang)),
  );

  app.get(
    '/GetStateCities',
    {
      schema: {
        tags,
        querystring: StateCitiesQuery,
        response: { 200: Envelope(Type.Array(City)) },
      },
    },
    async (request) => {
      const cities = await reference.stateCities(request.query.StateId, request.lang);
      return cities ? ok(cities) : ok([], t(request.lang, 'unknown_state'));
    },
  );
};

export default category;
