import type { Lang } from '../messages.ts';

/** Answers of the admin's account and permission calls. */
export const accountsAdminMessages = {
  last_admin: {
    ar: 'لا يمكن إيقاف أو حذف آخر مدير فعّال للموقع',
    en: 'The last active admin cannot be blocked or deleted.',
  },
  last_permissions_admin: {
    ar: 'لا يمكن سحب صلاحية إدارة الصلاحيات من آخر مدير فعّال يملكها',
    en: 'The last active admin who manages permissions cannot lose that permission.',
  },
  admin_self_delete: {
    ar: 'لا يمكنك حذف حسابك أو إيقافه بنفسك',
    en: 'You cannot delete or block your own account.',
  },
  permission_wrong_type: {
    ar: 'هذه الصلاحية لا تخص نوع هذا المستخدم',
    en: 'This permission does not belong to this kind of user.',
  },
  password_required: { ar: 'أدخل كلمة المرور', en: 'Enter the password.' },
  password_mismatch: {
    ar: 'كلمة المرور غير مطابقة لتأكيدها',
    en: 'The password and its confirmation differ.',
  },
} satisfies Record<string, Record<Lang, string>>;
