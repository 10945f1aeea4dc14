/**
 * Texts the API answers with, in both languages. The site's own texts live in messages/*.json;
 * these are the server's, chosen by the caller's Accept-Language (Arabic by default).
 */
export type Lang = 'ar' | 'en';

const messages = {
  ok: { ar: 'تمت العملية بنجاح', en: 'Done.' },
  not_found: { ar: 'العنصر المطلوب غير موجود', en: 'The requested item was not found.' },
  route_not_found: {
    ar: 'هذا المسار غير موجود في الواجهة البرمجية',
    en: 'There is no such API call.',
  },
  server_error: {
    ar: 'حدث خطأ. الرجاء المحاولة لاحقاً',
    en: 'An error occurred. Please try again later.',
  },
  service_unavailable: {
    ar: 'الخدمة غير متاحة حالياً، الرجاء المحاولة بعد قليل',
    en: 'The service is unavailable right now. Please try again shortly.',
  },
  too_many_requests: {
    ar: 'عدد كبير من الطلبات، الرجاء الانتظار قليلاً ثم المحاولة مجدداً',
    en: 'Too many requests. Please wait a moment and try again.',
  },
  body_too_large: { ar: 'حجم البيانات المرسلة كبير جداً', en: 'The data sent is too large.' },
  bad_json: { ar: 'البيانات المرسلة غير صالحة', en: 'The data sent is not valid JSON.' },
  unauthorized: {
    ar: 'لا يوجد معلومات دخول للمستخدم قم بتسجيل الدخول أولاً',
    en: 'You are not signed in. Please sign in first.',
  },
  forbidden: { ar: 'المستخدم غير مسموح له', en: 'User not allowed.' },
  // Validation of query and body values; {field} is the parameter's name as the caller sent it.
  field_required: { ar: 'الحقل {field} مطلوب', en: '{field} is required.' },
  field_integer: {
    ar: 'قيمة {field} يجب أن تكون رقماً صحيحاً',
    en: '{field} must be a whole number.',
  },
  field_number: { ar: 'قيمة {field} يجب أن تكون رقماً', en: '{field} must be a number.' },
  field_minimum: {
    ar: 'قيمة {field} يجب أن تكون {limit} أو أكثر',
    en: '{field} must be {limit} or more.',
  },
  field_maximum: {
    ar: 'قيمة {field} يجب أن تكون {limit} أو أقل',
    en: '{field} must be {limit} or less.',
  },
  field_too_long: {
    ar: 'قيمة {field} يجب ألا تتجاوز {limit} حرفاً',
    en: '{field} must be at most {limit} characters.',
  },
  field_invalid: { ar: 'قيمة {field} غير صالحة', en: '{field} is not valid.' },
  unknown_brand: { ar: 'لا يوجد نوع مركبة بهذا الرقم', en: 'There is no make with that id.' },
  unknown_state: { ar: 'لا توجد محافظة بهذا الرقم', en: 'There is no state with that id.' },
  vehicle_not_found: {
    ar: 'المركبة غير موجودة أو غير متاحة للعرض',
    en: 'This vehicle does not exist or is not on display.',
  },
  seller_not_found: { ar: 'البائع غير موجود', en: 'This seller does not exist.' },
  visit_recorded: { ar: 'تم تسجيل الزيارة', en: 'Visit recorded.' },
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
