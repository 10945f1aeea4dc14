import type { Lang } from '../messages.ts';

/**
 * Answers of payments to the site and ticket purchases (issue 10), and the admins' notice of a
 * purchase.
 */
export const paymentMessages = {
  // Payments to the site and ticket purchases (issue 10).
  payment_created: {
    ar: 'تم إرسال الدفعة بنجاح، وستتم مراجعتها من قبل الإدارة',
    en: 'Your payment was sent. The site team will review it.',
  },
  payment_proof_invalid: {
    ar: 'صورة الحوالة ليست صورة صالحة، استخدم صورة JPEG أو PNG',
    en: 'The transfer receipt is not a valid image: use a JPEG or PNG.',
  },
  payment_proof_too_large: {
    ar: 'حجم صورة الحوالة كبير جداً، الحد الأقصى {mb} ميغابايت',
    en: 'The transfer receipt image is too large: at most {mb} MB.',
  },
  payment_currency_invalid: {
    ar: 'اختر العملة: شيكل أو دولار أو دينار',
    en: 'Choose the currency: NIS, USD or JOD.',
  },
  event_not_found: {
    ar: 'الفعالية غير موجودة أو انتهت',
    en: 'The event does not exist or is over.',
  },
  tickets_sold_out: {
    ar: 'لا تكفي المقاعد المتبقية، المتبقي {left}',
    en: 'Not enough seats left: {left} remaining.',
  },
  ticket_mobile_invalid: {
    ar: 'أدخل رقم جوال صحيح من أرقام فقط (10 أرقام على الأكثر)',
    en: 'Enter a valid mobile number: digits only, at most 10.',
  },
  ticket_purchase_created: {
    ar: 'تم تسجيل طلب شراء التذاكر، وستصلك التذاكر بعد تأكيد الدفع',
    en: 'Your ticket order was recorded. The tickets are yours once the payment is confirmed.',
  },
  ticket_purchase_not_found: {
    ar: 'لم يتم العثور على عملية شراء التذاكر',
    en: 'No ticket purchase was found for this session.',
  },
  ticket_status_invalid: {
    ar: 'الحالة المطلوبة غير صالحة: 30 تأكيد، 31 فشل، 32 إلغاء',
    en: 'That status is not allowed: 30 confirm, 31 failed, 32 canceled.',
  },
  ticket_status_final: {
    ar: 'لا يمكن تأكيد عملية شراء فاشلة أو ملغاة',
    en: 'A failed or canceled purchase cannot be confirmed.',
  },
  ticket_status_changed: {
    ar: 'تم تغيير حالة عملية الشراء',
    en: 'The purchase status was changed.',
  },
  ticket_purchase_notice_title: {
    ar: 'شراء تذاكر بانتظار مراجعة الدفعة',
    en: 'A ticket purchase awaits payment review',
  },
  ticket_purchase_notice: {
    ar: 'طلب {name} {quantity} تذكرة لفعالية {event} بقيمة {total}',
    en: '{name} asked for {quantity} tickets to {event}, {total} in all',
  },
} satisfies Record<string, Record<Lang, string>>;
