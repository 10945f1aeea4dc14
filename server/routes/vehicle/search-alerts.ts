import type { FastifyInstance } from 'fastify';
import type { activityRepository } from '../../db/repositories/activity.ts';
import type { referenceRepository } from '../../db/repositories/reference.ts';
import { savedSearchRepository } from '../../db/repositories/saved-searches.ts';
import { savedSearchMatchMail } from '../../lib/mail-texts.ts';
import { t } from '../../lib/messages.ts';

/**
 * Tells the owners of the saved searches a newly accepted vehicle matches (the vehicle's own
 * owner excepted): a live notification linking to the search's results, and an email when the
 * search asks for one. Users' languages are not stored: the notification is in Arabic, the
 * site's own, and the email in both languages.
 */
export async function alertSavedSearches(
  app: FastifyInstance,
  deps: {
    activity: ReturnType<typeof activityRepository>;
    reference: ReturnType<typeof referenceRepository>;
    siteUrl: string;
  },
  vehicle: { id: number; nameAr: string; nameEn: string },
): Promise<number> {
  const rates = await deps.reference.currencyRates();
  const matches = await savedSearchRepository(app.db).matching(vehicle.id, rates);
  for (const match of matches) {
    const link = `/vehicles?${match.query}`;
    await deps.activity.notify(
      match.userId,
      t('ar', 'saved_search_match_title'),
      t('ar', 'saved_search_match_message', { vehicle: vehicle.nameAr, name: match.name }),
      link,
    );
    if (match.notifyByEmail) {
      app.mailer.sendInBackground({
        to: match.email,
        ...savedSearchMatchMail({
          name: match.userName,
          search: match.name,
          vehicle: `${vehicle.nameAr} / ${vehicle.nameEn}`,
          linkAr: `${deps.siteUrl}${link}`,
          linkEn: `${deps.siteUrl}/en${link}`,
        }),
      });
    }
  }
  return matches.length;
}
