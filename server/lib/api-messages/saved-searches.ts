import type { Lang } from '../messages.ts';

/** Answers of saved searches (issue 12) and the notice of a new match. */
export const savedSearchMessages = {
  // Saved searches (issue 12): the calls' answers and the notice of a new match.
  saved_search_name_required: {
    ar: 'اكتب اسماً للبحث المحفوظ',
    en: 'Give the saved search a name.',
  },
  saved_search_empty: {
    ar: 'اختر فلتراً واحداً على الأقل قبل حفظ البحث',
    en: 'Choose at least one filter before saving the search.',
  },
  saved_search_limit: {
    ar: 'وصلت إلى الحد الأقصى ({max}) من عمليات البحث المحفوظة، احذف إحداها أولاً',
    en: 'You already have the most saved searches allowed ({max}). Delete one first.',
  },
  saved_search_created: { ar: 'تم حفظ البحث', en: 'The search was saved.' },
  saved_search_deleted: { ar: 'تم حذف البحث المحفوظ', en: 'The saved search was deleted.' },
  saved_search_not_found: {
    ar: 'البحث المحفوظ غير موجود',
    en: 'This saved search does not exist.',
  },
  saved_search_match_title: {
    ar: 'مركبة جديدة تطابق بحثك',
    en: 'A new vehicle matches your search',
  },
  saved_search_match_message: {
    ar: 'المركبة {vehicle} تطابق بحثك المحفوظ "{name}"',
    en: '{vehicle} matches your saved search "{name}"',
  },
} satisfies Record<string, Record<Lang, string>>;
