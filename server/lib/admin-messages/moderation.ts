import type { Lang } from '../messages.ts';

/** Answers of the admin's review of payments. */
export const moderationAdminMessages = {
  payment_status_invalid: {
    ar: 'حالة الدفعة غير صالحة',
    en: 'That is not a payment status.',
  },
  payment_status_not_allowed: {
    ar: 'لا يمكن نقل الدفعة إلى هذه الحالة من حالتها الحالية (الاسترجاع للدفعات المقبولة فقط)',
    en: 'The payment cannot move to this status from its current one (only accepted payments can be refunded).',
  },
  payment_reviewed_with_order: {
    ar: 'تُراجع هذه الدفعة مع طلبها أو تذاكرها، ويمكن هنا استرجاعها فقط',
    en: 'This payment is reviewed with its order or ticket purchase; here it can only be refunded.',
  },
  payment_reviewed_title: { ar: 'تمت مراجعة دفعتك', en: 'Your payment was reviewed' },
  payment_reviewed: {
    ar: 'أصبحت حالة دفعتك رقم {id} بقيمة {amount}: {status}. {reply}',
    en: 'Your payment {id} of {amount} is now: {status}. {reply}',
  },
} satisfies Record<string, Record<Lang, string>>;
