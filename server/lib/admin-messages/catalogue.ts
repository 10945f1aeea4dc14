import type { Lang } from '../messages.ts';

/** Answers of the admin's catalogue calls: makes, models, lookups, texts, events. */
export const catalogueAdminMessages = {
  value_in_use: {
    ar: 'لا يمكن حذف هذه القيمة لأنها مستخدمة في {count} مركبة، ولم يُحذف شيء',
    en: 'This value is used by {count} vehicles, so it cannot be deleted; nothing was deleted.',
  },
  brand_in_use: {
    ar: 'لا يمكن حذف هذا النوع لأن {count} مركبة تستخدمه أو تستخدم أحد موديلاته، ولم يُحذف شيء',
    en: 'This make is used by {count} vehicles (directly or through its models), so it cannot be deleted; nothing was deleted.',
  },
  code_fixed: {
    ar: 'هذه القيمة ثابتة في النظام ولا يمكن إضافة مثلها أو حذفها، ويمكن تعديل اسمها فقط',
    en: 'This is one of the system’s fixed values: only its names can be changed.',
  },
  code_kind_invalid: {
    ar: 'نوع التصنيف غير صالح',
    en: 'That is not a lookup kind the dashboard manages.',
  },
  brand_not_found: { ar: 'نوع المركبة غير موجود', en: 'This make does not exist.' },
  interface_code_taken: {
    ar: 'هذا الرمز مستخدم لنص آخر',
    en: 'Another text already uses this code.',
  },
  interface_group_invalid: {
    ar: 'مجموعة النص غير صالحة',
    en: 'That is not a group of site texts.',
  },
  interface_code_invalid: {
    ar: 'الرمز يتكون من حروف إنجليزية صغيرة وأرقام و _ فقط',
    en: 'The code may contain only lowercase English letters, digits and _.',
  },
  event_canceled: {
    ar: 'أُلغيت هذه الفعالية ولا تباع تذاكرها',
    en: 'This event was cancelled; its tickets are not on sale.',
  },
  event_date_invalid: {
    ar: 'أدخل موعد الفعالية بصيغة صحيحة',
    en: 'Enter a valid date and time for the event.',
  },
  event_seats_invalid: {
    ar: 'أدخل عدد المقاعد (صفر أو أكثر)',
    en: 'Enter the number of seats (0 or more).',
  },
  event_price_invalid: { ar: 'أدخل سعر التذكرة', en: 'Enter the ticket price.' },
} satisfies Record<string, Record<Lang, string>>;
