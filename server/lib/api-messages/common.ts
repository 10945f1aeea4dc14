import type { Lang } from '../messages.ts';

/**
 * Answers every API group shares: the general outcomes, the errors of any request, images,
 * favourites, notifications and visits.
 */
export const commonMessages = {
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
  session_expired: {
    ar: 'قم بتسجيل الدخول مجدداً',
    en: 'Your session has expired. Please sign in again.',
  },
  update_success: {
    ar: 'تمت عملية التعديل بنجاح',
    en: 'Update operation was completed successfully.',
  },
  image_update_success: {
    ar: 'تم تعديل الصورة بنجاح',
    en: 'Update image operation was completed successfully',
  },
  image_required: { ar: 'الرجاء إضافة صورة', en: 'Please add an image.' },
  image_invalid: {
    ar: 'الملف المرفوع ليس صورة صالحة (JPEG أو PNG أو WebP)',
    en: 'The upload is not a valid image (JPEG, PNG or WebP).',
  },
  image_too_large: { ar: 'حجم الصورة كبير جداً', en: 'The image is too large.' },
  favorite_added: { ar: 'تمت إضافة المركبة إلى المفضلة', en: 'Added to your favourites.' },
  favorite_removed: { ar: 'تمت إزالة المركبة من المفضلة', en: 'Removed from your favourites.' },
  notifications_read: { ar: 'تم تعليم الإشعارات كمقروءة', en: 'Notifications marked as read.' },
  visit_recorded: { ar: 'تم تسجيل الزيارة', en: 'Visit recorded.' },
  delete_success: {
    ar: 'تمت عملية الحذف بنجاح',
    en: 'Delete operation was completed successfully.',
  },
  constant_value_invalid: {
    ar: 'قيمة هذا الثابت يجب أن تكون رقماً (والعملة إحدى العملات الثلاث)',
    en: 'This constant must be a number (and the currency one of the three currencies).',
  },
} satisfies Record<string, Record<Lang, string>>;
