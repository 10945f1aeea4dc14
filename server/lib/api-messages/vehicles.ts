import type { Lang } from '../messages.ts';

/**
 * Answers of the Vehicle group: a vehicle or seller not found, a vehicle's status and its
 * notification, and the seller's vehicles with their images' checks (issue 9).
 */
export const vehicleMessages = {
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
} satisfies Record<string, Record<Lang, string>>;
