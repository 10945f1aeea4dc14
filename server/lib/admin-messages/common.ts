import type { Lang } from '../messages.ts';

/** Answers shared by every admin area (issue: the admin dashboard). */
export const commonAdminMessages = {
  permission_denied: {
    ar: 'لا تملك صلاحية القيام بهذه العملية',
    en: 'You do not have the permission for this operation.',
  },
  create_success: {
    ar: 'تمت عملية الإضافة بنجاح',
    en: 'Create operation was completed successfully.',
  },
  item_select_error: {
    ar: 'هنالك خطأ في تحديد العنصر',
    en: 'There is an error in specifying the item.',
  },
  // spec §5 admin forms: name, valid email, mobile, ssn, state, city, address details;
  // arrange (display order) number, category value, image.
  admin_check_name: { ar: 'أدخل الاسم', en: 'Name is required.' },
  admin_check_email: { ar: 'أدخل بريداً إلكترونياً صالحاً', en: 'Enter a valid email address.' },
  admin_check_mobile: { ar: 'أدخل رقم الجوال', en: 'Mobile is required.' },
  admin_check_ssn: { ar: 'أدخل رقم الهوية', en: 'SSN is required.' },
  admin_check_state: { ar: 'اختر المحافظة', en: 'State is required.' },
  admin_check_city: { ar: 'اختر المدينة', en: 'City is required.' },
  admin_check_address: { ar: 'أدخل تفاصيل العنوان', en: 'Address details are required.' },
  admin_check_arrange: { ar: 'أدخل رقم الترتيب', en: 'Arrange number is required.' },
  admin_check_value: { ar: 'أدخل قيمة التصنيف', en: 'Category value is required.' },
  admin_check_image: { ar: 'أضف صورة', en: 'Image is required.' },
} satisfies Record<string, Record<Lang, string>>;
