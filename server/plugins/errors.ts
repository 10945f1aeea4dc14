import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ApiError } from '../lib/api-error.ts';
import { langFrom, t, type Lang, type MessageKey } from '../lib/messages.ts';
import { MULTI_LINE_PATTERN, SINGLE_LINE_PATTERN } from '../../domain/text.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The caller's language, from Accept-Language; Arabic by default. */
    lang: Lang;
  }
}

interface AjvError {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

const typeMessages: Record<string, MessageKey> = {
  integer: 'field_integer',
  number: 'field_number',
  string: 'field_string',
  boolean: 'field_boolean',
  array: 'field_array',
  object: 'field_object',
};

/**
 * Turns the first schema violation into a sentence naming the field, in the caller's language.
 * `context` (body, querystring) names the value when the whole of it is wrong.
 */
export function validationMessage(lang: Lang, errors: AjvError[], context = 'value'): string {
  const first = errors[0];
  if (!first) return t(lang, 'bad_json');
  const fromPath = first.instancePath.split('/').filter(Boolean).join('.');
  const field =
    first.keyword === 'required'
      ? String(first.params.missingProperty)
      : fromPath || String(first.params.missingProperty ?? context);
  switch (first.keyword) {
    case 'required':
      return t(lang, 'field_required', { field });
    case 'type': {
      // A union's first type is the one a person would send (ajv gives "string,null").
      const expected = String(first.params.type).split(',')[0]!;
      return t(lang, typeMessages[expected] ?? 'field_invalid', { field });
    }
    case 'pattern':
      return t(
        lang,
        first.params.pattern === SINGLE_LINE_PATTERN || first.params.pattern === MULTI_LINE_PATTERN
          ? 'field_control_characters'
          : 'field_invalid',
        { field },
      );
    case 'minimum':
    case 'exclusiveMinimum':
      return t(lang, 'field_minimum', { field, limit: String(first.params.limit) });
    case 'maximum':
    case 'exclusiveMaximum':
      return t(lang, 'field_maximum', { field, limit: String(first.params.limit) });
    case 'minLength':
      return t(lang, Number(first.params.limit) <= 1 ? 'field_required' : 'field_invalid', {
        field,
      });
    case 'maxLength':
    case 'maxItems':
      return t(lang, 'field_too_long', { field, limit: String(first.params.limit) });
    default:
      return t(lang, 'field_invalid', { field });
  }
}

/**
 * The SQLSTATE of a database error, from either driver: drizzle wraps the driver's error, and
 * both pg and PGlite put the five-character code on it.
 */
export function sqlState(error: unknown): string | null {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/**
 * A database refusal caused by the value sent rather than by the server: class 22 (data
 * exception: out of range, bad text or encoding, bad date), the integrity rules a value can
 * break, and a value too big for an index. Anything else stays a 500.
 */
function refusedValue(error: unknown): [number, MessageKey] | null {
  const code = sqlState(error);
  if (!code) return null;
  if (code === '23505') return [409, 'value_conflict'];
  if (code.startsWith('22') || ['23502', '23503', '23514', '54000'].includes(code)) {
    return [400, 'value_not_storable'];
  }
  return null;
}

// Connection failures of the database driver: the service is down, not broken.
const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P03',
  '08006',
  '08001',
  '08003',
]);

export function isUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && unavailableCodes.has(code)) return true;
    const message = (e as { message?: unknown }).message;
    if (
      typeof message === 'string' &&
      /Connection terminated|timeout exceeded when trying to connect/i.test(message)
    ) {
      return true;
    }
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

function statusAndMessage(
  error: FastifyError | ApiError,
  request: FastifyRequest,
): [number, string] {
  const lang = request.lang ?? langFrom(request.headers['accept-language']);
  if (error instanceof ApiError) {
    return [error.statusCode, error.text ?? t(lang, error.messageKey, error.params)];
  }
  if (error.validation) {
    const context = error.validationContext ?? 'value';
    return [400, validationMessage(lang, error.validation as AjvError[], context)];
  }
  const known: Record<string, [number, MessageKey]> = {
    FST_ERR_CTP_BODY_TOO_LARGE: [413, 'body_too_large'],
    FST_ERR_CTP_INVALID_JSON_BODY: [400, 'bad_json'],
    FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'bad_json'],
    FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'bad_json'],
  };
  const mapped = error.code ? known[error.code] : undefined;
  if (mapped) return [mapped[0], t(lang, mapped[1])];
  if (error.statusCode === 429) return [429, t(lang, 'too_many_requests')];
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return [error.statusCode, t(lang, 'field_invalid', { field: 'request' })];
  }
  if (isUnavailable(error)) return [503, t(lang, 'service_unavailable')];
  const refused = refusedValue(error);
  if (refused) return [refused[0], t(lang, refused[1])];
  return [500, t(lang, 'server_error')];
}

/** The envelope for every failure: a status that fits and a human message, never a stack. */
export default fp(
  async function errors(app: FastifyInstance) {
    app.decorateRequest('lang', 'ar');
    app.addHook('onRequest', async (request) => {
      request.lang = langFrom(request.headers['accept-language']);
    });

    app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
      const [status, message] = statusAndMessage(error, request);
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      // A value the database refused passed validation: worth a look, but the caller's fault.
      else if (sqlState(error))
        request.log.warn({ err: error, status }, 'value refused by the database');
      else request.log.info({ status, message }, 'request refused');
      if (status === 503) reply.header('Retry-After', '5');
      return reply.status(status).send({ success: false, message, data: null });
    });
  },
  { name: 'errors' },
);
