import type { Lang } from '../messages.ts';

/**
 * Answers of star and announcement orders (issue "the money side"), and the notices their review
 * sends.
 */
export const orderMessages = {
  // Star and announcement orders (issue "the money side").
  order_created: {
    ar: 'تم إرسال الطلب وهو بانتظار مراجعة الإدارة',
    en: 'Your order was sent and awaits review.',
  },
  order_not_found: { ar: 'الطلب غير موجود', en: 'This order does not exist.' },
  order_not_pending: {
    ar: 'لا يمكن تعديل الطلب أو حذفه بعد مراجعته',
    en: 'An order can no longer be changed or deleted once it has been reviewed.',
  },
  order_reply_required: {
    ar: 'أدخل سبب الرفض ليصل إلى صاحب الطلب',
    en: 'Enter the reason for the refusal; the owner will read it.',
  },
  order_status_invalid: { ar: 'حالة الطلب غير صالحة', en: 'That is not an order status.' },
  order_vehicle_not_accepted: {
    ar: 'يمكن تمييز مركباتك المقبولة فقط',
    en: 'Only your own accepted vehicles can be featured.',
  },
  ad_image_invalid: {
    ar: 'صورة الإعلان يجب أن تكون صورة JPEG أو PNG صالحة',
    en: 'The ad image must be a valid JPEG or PNG image.',
  },
  ad_ratio_main: {
    ar: 'صورة إعلان الواجهة يجب أن تكون بنسبة عرض إلى ارتفاع 16:5، قم بقصها',
    en: 'The main slider ad must be 16:5 (width to height); crop it.',
  },
  ad_ratio_horizontal: {
    ar: 'صورة الإعلان الأفقي يجب أن تكون بنسبة عرض إلى ارتفاع 2.5:1، قم بقصها',
    en: 'A horizontal ad must be 2.5:1 (width to height); crop it.',
  },
  order_new_title: { ar: 'طلب جديد بانتظار المراجعة', en: 'A new order awaits review' },
  order_new_star: {
    ar: 'طلب تمييز المركبة {vehicle} لمدة {days} يوم من {name}',
    en: 'Featuring {vehicle} for {days} days, from {name}',
  },
  order_new_ad: {
    ar: 'طلب إعلان ({kind}) لمدة {days} يوم من {name}',
    en: 'An ad ({kind}) for {days} days, from {name}',
  },
  order_reviewed_title: { ar: 'تمت مراجعة طلبك', en: 'Your order was reviewed' },
  order_accepted: {
    ar: 'تم قبول طلبك رقم {id}، يبدأ العرض في {start} وينتهي في {end}',
    en: 'Your order {id} was accepted: it runs from {start} to {end}.',
  },
  order_refused: {
    ar: 'تم رفض طلبك رقم {id}. رد الإدارة: {reply}',
    en: 'Your order {id} was refused. The admin says: {reply}',
  },
  order_status_changed: {
    ar: 'حالة طلبك رقم {id} أصبحت: {status}',
    en: 'The status of your order {id} is now: {status}',
  },
} satisfies Record<string, Record<Lang, string>>;
