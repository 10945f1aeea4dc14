import { Type } from '@sinclair/typebox';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { INT4_MAX } from '../../domain/limits.ts';
import {
  Id,
  Int32,
  Money,
  MultilineText,
  Text,
  unboundedFields,
} from '../../server/lib/schema-types.ts';
import { finiteValidators } from '../../server/lib/validator.ts';
import errors from '../../server/plugins/errors.ts';
import inputSchemas from '../../server/plugins/input-schemas.ts';

describe('schema building blocks', () => {
  it('bounds ids and integers to int4, even when a wider bound is asked for', () => {
    expect(Id()).toMatchObject({ type: 'integer', minimum: 1, maximum: INT4_MAX });
    expect(Id({ minimum: 0 })).toMatchObject({ minimum: 0, maximum: INT4_MAX });
    expect(Int32({ maximum: 2 ** 40 })).toMatchObject({ maximum: INT4_MAX });
    expect(Int32({ minimum: 1, maximum: 100 })).toMatchObject({ minimum: 1, maximum: 100 });
  });

  it('bounds money to numeric(14, 2)', () => {
    expect(Money()).toMatchObject({ type: 'number', minimum: 0, maximum: 999_999_999_999.99 });
  });

  it('lets single-line text hold no control character, and multi-line text only tab and breaks', () => {
    const line = new RegExp(Text(10).pattern!, 'u');
    const lines = new RegExp(MultilineText(10).pattern!, 'u');
    expect(line.test('أحمد 🚗 Ahmad')).toBe(true);
    expect(lines.test('سطر\r\n\tسطر 🚗')).toBe(true);
    for (const bad of ['\u0000', 'a\u0000b', '\u001b[0m', '\u007f', '\ud800']) {
      expect(line.test(bad), JSON.stringify(bad)).toBe(false);
      expect(lines.test(bad), JSON.stringify(bad)).toBe(false);
    }
    for (const breaking of ['a\nb', 'a\rb', 'a\tb']) {
      expect(line.test(breaking), JSON.stringify(breaking)).toBe(false);
    }
  });

  it('names every unbounded field of a request schema', () => {
    const schema = Type.Object({
      id: Type.Integer({ minimum: 1 }),
      price: Type.Number(),
      name: Type.String(),
      about: Type.String({ maxLength: 10 }),
      tags: Type.Array(Text(10)),
      nested: Type.Object({ ok: Id(), count: Type.Optional(Type.Integer()) }),
      kind: Type.Union([Type.Literal('a'), Type.Literal('b')]),
      good: MultilineText(100),
    });
    expect(unboundedFields(schema)).toEqual([
      'id: integer without a minimum and a maximum',
      'price: number without a minimum and a maximum',
      'name: string without a maxLength',
      'name: string without the control-character rule (Text or MultilineText)',
      'about: string without the control-character rule (Text or MultilineText)',
      'tags: array without a maxItems',
      'nested.count: integer without a minimum and a maximum',
    ]);
  });
});

describe('request validation', () => {
  async function app() {
    const server = Fastify({
      schemaController: { compilersFactory: { buildValidator: finiteValidators() } },
      ajv: { customOptions: { coerceTypes: true, removeAdditional: true, allErrors: false } },
    });
    await server.register(errors);
    await server.register(inputSchemas);
    return server;
  }

  it('refuses to start with a route whose integer has no maximum', async () => {
    const server = await app();
    expect(() =>
      server.get(
        '/list',
        { schema: { querystring: Type.Object({ page: Type.Integer({ minimum: 1 }) }) } },
        async () => 'ok',
      ),
    ).toThrow(/GET \/list: unbounded request input.*querystring\.page: integer without/);
    await server.close();
  });

  it('refuses Infinity and lists for numbers, and objects for text, naming the type', async () => {
    const server = await app();
    server.post(
      '/echo',
      {
        schema: {
          querystring: Type.Object({ id: Type.Optional(Id()), price: Type.Optional(Money()) }),
          body: Type.Object({ name: Type.Optional(Text(20)), ids: Type.Optional(Id()) }),
        },
      },
      async (request) => ({ query: request.query, body: request.body }),
    );
    const post = (url: string, payload: object) =>
      server.inject({ method: 'POST', url, payload, headers: { 'accept-language': 'en' } });
    const message = async (url: string, payload: object) => (await post(url, payload)).json();
    expect(await message('/echo?id=Infinity', {})).toMatchObject({
      message: 'id must be a whole number.',
    });
    expect(await message('/echo?price=-Infinity', {})).toMatchObject({
      message: 'price must be a number.',
    });
    expect(await message('/echo', { ids: 'Infinity' })).toMatchObject({
      message: 'ids must be a whole number.',
    });
    expect(await message('/echo', { ids: [1] })).toMatchObject({
      message: 'ids must be a whole number.',
    });
    expect(await message('/echo', { name: {} })).toMatchObject({ message: 'name must be text.' });
    const fine = await post('/echo?id=7&price=12.5', { name: 'Ahmad', ids: '3' });
    expect(fine.json()).toEqual({ query: { id: 7, price: 12.5 }, body: { name: 'Ahmad', ids: 3 } });
    await server.close();
  });

  it('answers a value the database refuses with 400, whichever driver wrapped it', async () => {
    const server = await app();
    const wrapped = (code: string) =>
      Object.assign(new Error('Failed query'), { cause: Object.assign(new Error(code), { code }) });
    server.get('/fail/:code', async (request) => {
      throw wrapped((request.params as { code: string }).code);
    });
    for (const [code, status] of [
      ['22003', 400],
      ['22P02', 400],
      ['22001', 400],
      ['22021', 400],
      ['22P05', 400],
      ['22007', 400],
      ['22008', 400],
      ['23503', 400],
      ['23505', 409],
      ['42P01', 500],
    ] as const) {
      const response = await server.inject({ method: 'GET', url: `/fail/${code}` });
      expect(response.statusCode, code).toBe(status);
      expect(response.json()).toMatchObject({ success: false, data: null });
    }
    await server.close();
  });
});
