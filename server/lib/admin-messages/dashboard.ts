import type { Lang } from '../messages.ts';

/** Answers of the admin's messages to users (NotificationMessage). */
export const dashboardAdminMessages = {
  message_title_required: { ar: 'أدخل عنوان الرسالة', en: 'Enter the title.' },
  message_body_required: { ar: 'أدخل نص الرسالة', en: 'Enter the message.' },
  message_recipient_required: {
    ar: 'اختر مستخدماً واحداً أو فئة المستلمين (البائعون أو الجميع)',
    en: 'Choose one user, or an audience: sellers or everyone.',
  },
  message_no_recipients: {
    ar: 'لا يوجد مستلمون لهذه الرسالة',
    en: 'There is nobody to send this to.',
  },
  message_sent: { ar: 'تم إرسال الرسالة إلى {count} مستلم', en: 'Sent to {count} recipients.' },
  sms_failed: {
    ar: 'تعذر إرسال الرسالة النصية، حاول لاحقاً',
    en: 'The SMS could not be sent. Please try later.',
  },
} satisfies Record<string, Record<Lang, string>>;
