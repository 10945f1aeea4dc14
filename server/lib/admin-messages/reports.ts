import type { Lang } from '../messages.ts';

/** Answers of "report this listing" (the visitor's report) and of the admin's review of it. */
export const reportMessages = {
  report_sent: {
    ar: 'شكراً لك، تم إرسال البلاغ وستراجعه الإدارة',
    en: 'Thank you. Your report was sent and the site team will review it.',
  },
  report_reason_invalid: { ar: 'اختر سبب الإبلاغ', en: 'Choose a reason for the report.' },
  report_text_too_long: {
    ar: 'الملاحظة طويلة جداً، الحد الأقصى {max} حرف',
    en: 'The note is too long: at most {max} characters.',
  },
  report_too_many: {
    ar: 'أرسلت عدداً كبيراً من البلاغات خلال الساعة الأخيرة، الرجاء المحاولة لاحقاً',
    en: 'You have sent many reports in the last hour. Please try again later.',
  },
  report_not_found: { ar: 'البلاغ غير موجود', en: 'This report does not exist.' },
  report_status_invalid: {
    ar: 'اختر إخفاء المركبة أو تجاهل البلاغ',
    en: 'Choose to hide the vehicle or to dismiss the report.',
  },
  report_already_reviewed: {
    ar: 'تمت مراجعة هذا البلاغ من قبل',
    en: 'This report was already reviewed.',
  },
  report_status_open: { ar: 'بانتظار المراجعة', en: 'Open' },
  report_status_hidden: { ar: 'تم إخفاء المركبة', en: 'Vehicle hidden' },
  report_status_dismissed: { ar: 'تم تجاهل البلاغ', en: 'Dismissed' },
  report_hidden_done: {
    ar: 'تم إخفاء المركبة وإبلاغ صاحبها',
    en: 'The vehicle is hidden and its owner was told.',
  },
  report_dismissed_done: { ar: 'تم تجاهل البلاغ', en: 'The report was dismissed.' },
  report_admin_notification_title: {
    ar: 'بلاغ جديد عن إعلان',
    en: 'A listing was reported',
  },
  report_admin_notification: {
    ar: 'وصل بلاغ عن الإعلان {vehicle} (رقم {id}): {reason}',
    en: 'The listing {vehicle} (number {id}) was reported: {reason}',
  },
  report_owner_notification_title: {
    ar: 'تم إخفاء إعلانك',
    en: 'Your listing was hidden',
  },
  report_owner_notification: {
    ar: 'تم إخفاء إعلان المركبة {vehicle} بعد مراجعة بلاغ عنه.',
    en: 'The listing of {vehicle} was hidden after a report about it was reviewed.',
  },
  report_owner_notification_reply: {
    ar: 'تم إخفاء إعلان المركبة {vehicle} بعد مراجعة بلاغ عنه. رد الإدارة: {reply}',
    en: 'The listing of {vehicle} was hidden after a report about it was reviewed. The admin says: {reply}',
  },
} satisfies Record<string, Record<Lang, string>>;
