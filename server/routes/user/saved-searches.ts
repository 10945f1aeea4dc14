import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import {
  SAVED_SEARCHES_MAX,
  savedSearchQuery,
  savedSearchRepository,
} from '../../db/repositories/saved-searches.ts';
import { referenceRepository } from '../../db/repositories/reference.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { t } from '../../lib/messages.ts';
import { filterWords, knownChoices } from './saved-search-words.ts';
import {
  SAVED_SEARCH_NAME_MAX,
  SavedSearch,
  SavedSearchBody,
  SavedSearchQuery,
} from './schemas.ts';

const tags = ['User'];

/**
 * A signed-in user's saved searches (issue 12): a name for a filtered vehicles list, told of
 * each newly accepted vehicle that matches it (live, and by email when asked).
 */
const savedSearches: FastifyPluginAsyncTypebox = async (app) => {
  const searches = savedSearchRepository(app.db);
  const reference = referenceRepository(app.db);
  const withWords = async <T extends { query: string }>(rows: T[], lang: 'ar' | 'en') => {
    const words = await filterWords(
      reference,
      rows.map((row) => row.query),
      lang,
    );
    return rows.map((row, index) => ({ ...row, filters: words[index] ?? [] }));
  };

  app.get(
    '/GetSavedSearches',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: [{ bearer: [] }],
        description: "The caller's saved searches, newest first.",
        response: { 200: Envelope(Type.Array(SavedSearch)) },
      },
    },
    async (request) => ok(await withWords(await searches.list(request.user!.id), request.lang)),
  );

  app.post(
    '/CreateSavedSearch',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: [{ bearer: [] }],
        description: `Saves the vehicles list's filter (its query string; the page and the shuffle's seed are dropped) under a name. A query without any filter is refused; at most ${SAVED_SEARCHES_MAX} a user.`,
        body: SavedSearchBody,
        response: { 200: Envelope(SavedSearch) },
      },
    },
    async (request) => {
      const userId = request.user!.id;
      const name = (request.body.name ?? '').trim();
      if (!name) throw new ApiError(400, 'saved_search_name_required');
      if ([...name].length > SAVED_SEARCH_NAME_MAX) {
        throw new ApiError(400, 'field_too_long', {
          field: request.lang === 'en' ? 'Name' : 'الاسم',
          limit: SAVED_SEARCH_NAME_MAX,
        });
      }
      const raw = request.body.query ?? '';
      const query = savedSearchQuery(raw, await knownChoices(reference, raw));
      if (!query) throw new ApiError(400, 'saved_search_empty');
      if ((await searches.count(userId)) >= SAVED_SEARCHES_MAX) {
        throw new ApiError(400, 'saved_search_limit', { max: SAVED_SEARCHES_MAX });
      }
      const saved = await searches.create(userId, {
        name,
        query,
        notifyByEmail: request.body.notifyByEmail ?? false,
      });
      const [answer] = await withWords([saved], request.lang);
      return ok(answer!, t(request.lang, 'saved_search_created'));
    },
  );

  app.delete(
    '/DeleteSavedSearch',
    {
      preHandler: app.authenticate,
      schema: {
        tags,
        security: [{ bearer: [] }],
        description: "Deletes one of the caller's saved searches; another user's is not found.",
        querystring: SavedSearchQuery,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      if (!(await searches.remove(request.user!.id, request.query.id))) {
        throw new ApiError(404, 'saved_search_not_found');
      }
      return ok(null, t(request.lang, 'saved_search_deleted'));
    },
  );
};

export default savedSearches;
