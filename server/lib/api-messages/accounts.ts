import type { Lang } from '../messages.ts';

/**
 * Answers of the account calls: signing in and up, the account's fields, passwords and their
 * recovery by link, and the admin's account calls (issue §2).
 */
export const accountMessages = {
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
} satisfies Record<string, Record<Lang, string>>;
