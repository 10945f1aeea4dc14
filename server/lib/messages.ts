/**
 * Texts the API answers with, in both languages. The site's own texts live in messages/*.json;
 * these are the server's, chosen by the caller's Accept-Language (Arabic by default), gathered
 * from their areas in ./api-messages/ and ./admin-messages/.
 */
import ar from '../../messages/ar.json' with { type: 'json' };
import en from '../../messages/en.json' with { type: 'json' };
import type { ValidationMessage } from '../../domain/validation.ts';
import { accountsAdminMessages } from './admin-messages/accounts.ts';
import { catalogueAdminMessages } from './admin-messages/catalogue.ts';
import { commonAdminMessages } from './admin-messages/common.ts';
import { dashboardAdminMessages } from './admin-messages/dashboard.ts';
import { moderationAdminMessages } from './admin-messages/moderation.ts';
import { reportMessages } from './admin-messages/reports.ts';
import { commonMessages } from './api-messages/common.ts';
import { accountMessages } from './api-messages/accounts.ts';
import { validationMessages } from './api-messages/validation.ts';
import { vehicleMessages } from './api-messages/vehicles.ts';
import { orderMessages } from './api-messages/orders.ts';
import { paymentMessages } from './api-messages/payments.ts';
import { savedSearchMessages } from './api-messages/saved-searches.ts';

export type Lang = 'ar' | 'en';

const messages = {
  ...commonMessages,
  ...accountMessages,
  ...validationMessages,
  ...vehicleMessages,
  ...orderMessages,
  ...paymentMessages,
  ...savedSearchMessages,
  ...commonAdminMessages,
  ...accountsAdminMessages,
  ...catalogueAdminMessages,
  ...moderationAdminMessages,
  ...dashboardAdminMessages,
  ...reportMessages,
} satisfies Record<string, Record<Lang, string>>;

export type MessageKey = keyof typeof messages;

export function t(
  lang: Lang,
  key: MessageKey,
  params: Record<string, string | number> = {},
): string {
  return messages[key][lang].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** Arabic unless the caller's first acceptable language is English. */
export function langFrom(acceptLanguage: string | undefined): Lang {
  const first = acceptLanguage?.split(',')[0]?.trim().toLowerCase() ?? '';
  return first.startsWith('en') ? 'en' : 'ar';
}

/** The text of a form rule's message (domain/validation.ts): the same words the site shows. */
export function validationText(lang: Lang, key: ValidationMessage): string {
  return (lang === 'en' ? en : ar)[key];
}
