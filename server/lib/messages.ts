/**
 * Texts the API answers with, in both languages. The site's own texts live in messages/*.json;
 * these are the server's, chosen by the caller's Accept-Language (Arabic by default).
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
  session_expired: {
    ar: 'قم بتسجيل الدخول مجدداً',
    en: 'Your session has expired. Please sign in again.',
  },
  wrong_credentials: {
    ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
    en: 'The email or password is not correct.',
  },
  account_blocked: {
    ar: 'هذا الحساب موقوف، تواصل مع إدارة الموقع',
    en: 'This account is suspended. Please contact the site.',
  },
  login_success: { ar: 'تم تسجيل الدخول بنجاح', en: 'Login Success' },
  signup_success: { ar: 'تم إنشاء الحساب بنجاح', en: 'Your account was created.' },
  email_taken: {
    ar: 'هذا البريد الإلكتروني مسجل مسبقاً',
    en: 'An account with this email already exists.',
  },
  invalid_email: { ar: 'الرجاء إدخال إيميل صالح', en: 'Please enter a valid email.' },
  invalid_mobile: {
    ar: 'رقم الجوال يجب أن يتكون من أرقام فقط مع + اختيارية في البداية',
    en: 'The mobile number may contain only digits and an optional leading +.',
  },
  invalid_ssn: {
    ar: 'رقم الهوية يجب أن يتكون من 9 أرقام',
    en: 'The identity number must be 9 digits.',
  },
  invalid_license: {
    ar: 'رقم الترخيص يجب ألا يتجاوز 10 خانات',
    en: 'The licence number must be at most 10 characters.',
  },
  unknown_city: {
    ar: 'المدينة المختارة لا تتبع المحافظة المختارة',
    en: 'The chosen city is not in the chosen state.',
  },
  not_your_account: {
    ar: 'لا يمكنك الوصول إلى بيانات مستخدم آخر',
    en: "You cannot access another user's data.",
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
  wrong_old_password: {
    ar: 'كلمة المرور القديمة غير صحيحة',
    en: 'The old password is not correct.',
  },
  password_changed: { ar: 'تم تغيير كلمة المرور بنجاح', en: 'change password success' },
  new_password_sent: {
    ar: 'تم إرسال كلمة مرور جديدة إلى بريدك الإلكتروني',
    en: 'We send new password to your email',
  },
  email_failed: {
    ar: 'تعذر إرسال البريد الإلكتروني، لم يتم تغيير كلمة المرور. حاول لاحقاً',
    en: 'The email could not be sent; your password was not changed. Please try later.',
  },
  favorite_added: { ar: 'تمت إضافة المركبة إلى المفضلة', en: 'Added to your favourites.' },
  favorite_removed: { ar: 'تمت إزالة المركبة من المفضلة', en: 'Removed from your favourites.' },
  notifications_read: { ar: 'تم تعليم الإشعارات كمقروءة', en: 'Notifications marked as read.' },
  // Validation of query and body values; {field} is the parameter's name as the caller sent it.
  field_required: { ar: 'الحقل {field} مطلوب', en: '{field} is required.' },
  field_integer: {
    ar: 'قيمة {field} يجب أن تكون رقماً صحيحاً',
    en: '{field} must be a whole number.',
  },
  field_number: { ar: 'قيمة {field} يجب أن تكون رقماً', en: '{field} must be a number.' },
  field_string: { ar: 'قيمة {field} يجب أن تكون نصاً', en: '{field} must be text.' },
  field_boolean: {
    ar: 'قيمة {field} يجب أن تكون true أو false',
    en: '{field} must be true or false.',
  },
  field_array: { ar: 'قيمة {field} يجب أن تكون قائمة', en: '{field} must be a list.' },
  field_object: {
    ar: 'قيمة {field} يجب أن تكون كائن JSON',
    en: '{field} must be a JSON object.',
  },
  field_control_characters: {
    ar: 'قيمة {field} تحتوي على رموز تحكم غير مسموح بها',
    en: '{field} contains control characters that are not allowed.',
  },
  // A value the schema let through but the database could not take (out of range, bad text).
  value_not_storable: {
    ar: 'إحدى القيم المرسلة غير صالحة أو خارج النطاق المسموح',
    en: 'One of the values sent is not valid or is out of range.',
  },
  value_conflict: {
    ar: 'تتعارض البيانات المرسلة مع بيانات موجودة',
    en: 'The data sent conflicts with existing data.',
  },
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
  // A vehicle's status (UpdateVehicleStatus) and the notification its owner gets.
  vehicle_status_invalid: {
    ar: 'حالة المركبة غير صالحة',
    en: 'That is not a vehicle status.',
  },
  vehicle_status_not_allowed: {
    ar: 'يمكنك فقط تحديد مركبتك المقبولة كمباعة أو سحبها من العرض',
    en: 'You can only mark your own accepted vehicle as sold or withdraw it.',
  },
  vehicle_status_notification_title: {
    ar: 'تم تغيير حالة مركبتك',
    en: 'The status of your vehicle changed',
  },
  vehicle_status_notification: {
    ar: 'حالة المركبة {vehicle} أصبحت: {status}',
    en: 'The status of {vehicle} is now: {status}',
  },
  vehicle_status_notification_reply: {
    ar: 'حالة المركبة {vehicle} أصبحت: {status}. رد الإدارة: {reply}',
    en: 'The status of {vehicle} is now: {status}. The admin says: {reply}',
  },
  visit_recorded: { ar: 'تم تسجيل الزيارة', en: 'Visit recorded.' },
  // Password recovery by link, and the admin's account calls (issue §2).
  reset_link_sent: {
    ar: 'تم إرسال رابط تعيين كلمة مرور جديدة إلى بريدك الإلكتروني',
    en: 'We sent a link to set a new password to your email',
  },
  reset_link_invalid: {
    ar: 'رابط تعيين كلمة المرور غير صالح أو مستخدم أو منتهي الصلاحية، اطلب رابطاً جديداً من صفحة تسجيل الدخول',
    en: 'This password link is not valid, was already used or has expired. Ask for a new one on the login page.',
  },
  password_reset_success: {
    ar: 'تم تعيين كلمة المرور الجديدة، سجّل الدخول بها',
    en: 'Your new password is set. Sign in with it.',
  },
  invalid_user_status: {
    ar: 'حالة المستخدم غير صالحة',
    en: 'That is not a user status.',
  },
  account_status_changed: { ar: 'تم تغيير حالة المستخدم', en: 'The account status was changed.' },
  account_deleted: { ar: 'تم حذف المستخدم', en: 'The account was deleted.' },
  // Star and announcement orders (issue "the money side").
  delete_success: {
    ar: 'تمت عملية الحذف بنجاح',
    en: 'Delete operation was completed successfully.',
  },
  order_created: {
    ar: 'تم إرسال الطلب وهو بانتظار مراجعة الإدارة',
    en: 'Your order was sent and awaits review.',
  },
  ticket_purchase_notice_title: {
    ar: 'شراء تذاكر بانتظار مراجعة الدفعة',
    en: 'A ticket purchase awaits payment review',
  },
  ticket_purchase_notice: {
    ar: 'طلب {name} {quantity} تذكرة لفعالية {event} بقيمة {total}',
    en: '{name} asked for {quantity} tickets to {event}, {total} in all',
  },
  constant_value_invalid: {
    ar: 'قيمة هذا الثابت يجب أن تكون رقماً (والعملة إحدى العملات الثلاث)',
    en: 'This constant must be a number (and the currency one of the three currencies).',
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
  // The seller's vehicles (issue 9): answers, and the images' checks naming the image at fault.
  vehicle_created: { ar: 'تم إضافة مركبة جديدة بنجاح', en: 'The new vehicle was added.' },
  vehicle_updated: { ar: 'تم تعديل المركبة بنجاح', en: 'The vehicle was updated.' },
  vehicle_deleted: { ar: 'تمت عملية حذف المركبة', en: 'The vehicle was deleted.' },
  vehicle_image_invalid: {
    ar: 'الصورة المصغرة ليست صورة صالحة، استخدم صورة JPEG أو PNG',
    en: 'The main image is not a valid image: use a JPEG or PNG.',
  },
  vehicle_image_too_large: {
    ar: 'حجم الصورة المصغرة كبير جداً، الحد الأقصى {mb} ميغابايت',
    en: 'The main image is too large: at most {mb} MB.',
  },
  vehicle_image_ratio: {
    ar: 'يجب قص الصورة المصغرة بنسبة 1.75 (العرض إلى الارتفاع)',
    en: 'Crop the main image to 1.75 (width to height).',
  },
  vehicle_photo_invalid: {
    ar: 'الصورة رقم {n} ليست صورة صالحة، استخدم صور JPEG أو PNG',
    en: 'Photo {n} is not a valid image: use JPEG or PNG photos.',
  },
  vehicle_photo_too_large: {
    ar: 'حجم الصورة رقم {n} كبير جداً، الحد الأقصى {mb} ميغابايت',
    en: 'Photo {n} is too large: at most {mb} MB.',
  },
  vehicle_photo_not_current: {
    ar: 'الصورة رقم {n} ليست من صور هذه المركبة',
    en: "Photo {n} is not one of this vehicle's photos.",
  },
  vehicle_photo_repeated: {
    ar: 'الصورة رقم {n} مكررة',
    en: 'Photo {n} is listed twice.',
  },
  vehicle_360_invalid: {
    ar: 'صورة 360 ليست صورة صالحة، استخدم صورة JPEG أو PNG',
    en: 'The 360 image is not a valid image: use a JPEG or PNG.',
  },
  vehicle_360_too_large: {
    ar: 'حجم صورة 360 كبير جداً، الحد الأقصى {mb} ميغابايت',
    en: 'The 360 image is too large: at most {mb} MB.',
  },
  vehicle_360_not_panorama: {
    ar: 'صورة 360 يجب أن تكون صورة بانورامية كاملة عرضها ضعف ارتفاعها',
    en: 'A 360 image must be a full panorama, twice as wide as it is tall.',
  },
  vehicle_changed_meanwhile: {
    ar: 'تغيرت صور المركبة أثناء الحفظ، أعد تحميل الصفحة وحاول مجدداً',
    en: "The vehicle's photos changed while saving. Reload the page and try again.",
  },
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
