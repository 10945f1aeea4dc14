/*
 * The words of the emails and admin notices the server writes, in the reader's language: longer
 * texts than the API's messages (messages.ts), built from their values.
 */
import type { Lang } from './messages.ts';

/** A message to a person by email, in their language. */
export interface MailText {
  subject: string;
  text: string;
}

/** The forgot-password email: the link that sets a new password, and how long it lasts. */
export function resetPasswordMail(
  lang: Lang,
  values: { name: string; link: string; minutes: number },
): MailText {
  const { name, link, minutes } = values;
  return lang === 'en'
    ? {
        subject: 'Set a new password',
        text: `Hello ${name},\n\nSomeone (we hope you) asked to set a new password for your account. Open this link within ${minutes} minutes to choose it:\n\n${link}\n\nThe link works once. If you did not ask, ignore this email: your password stays as it is.`,
      }
    : {
        subject: 'تعيين كلمة مرور جديدة',
        text: `مرحباً ${name}،\n\nطُلب تعيين كلمة مرور جديدة لحسابك. افتح هذا الرابط خلال ${minutes} دقيقة لاختيارها:\n\n${link}\n\nيعمل الرابط مرة واحدة فقط. إذا لم تطلب ذلك فتجاهل هذه الرسالة وستبقى كلمة المرور كما هي.`,
      };
}

/** The email of an admin's SendUserNewPassword: the new password itself. */
export function newPasswordMail(lang: Lang, values: { name: string; password: string }): MailText {
  const { name, password } = values;
  return lang === 'en'
    ? {
        subject: 'Your new password',
        text: `Hello ${name},\n\nYour new password is: ${password}\n\nSign in with it and change it from your profile.`,
      }
    : {
        subject: 'كلمة المرور الجديدة',
        text: `مرحباً ${name}،\n\nكلمة المرور الجديدة الخاصة بك هي: ${password}\n\nسجّل الدخول بها ثم غيّرها من صفحتك الشخصية.`,
      };
}

/** The admins' notification that a vehicle awaits review; in Arabic, the site's language. */
export function vehicleReviewNotice(values: {
  owner: string;
  vehicle: string;
  id: number;
  edited: boolean;
}): { title: string; message: string } {
  const { owner, vehicle, id, edited } = values;
  return edited
    ? {
        title: 'مركبة معدلة بانتظار المراجعة',
        message: `عدّل ${owner} المركبة المرفوضة ${vehicle} (رقم ${id}) وهي بانتظار المراجعة من جديد`,
      }
    : {
        title: 'مركبة جديدة بانتظار المراجعة',
        message: `أضاف ${owner} مركبة جديدة ${vehicle} (رقم ${id}) وهي بانتظار المراجعة`,
      };
}

/**
 * The email of a saved search's new match, in both languages (the user's own is not stored):
 * the vehicle, the search's name and the links to its results in Arabic and English.
 */
export function savedSearchMatchMail(values: {
  name: string;
  search: string;
  vehicle: string;
  linkAr: string;
  linkEn: string;
}): MailText {
  const { name, search, vehicle, linkAr, linkEn } = values;
  return {
    subject: `مركبة جديدة تطابق بحثك "${search}" / A new vehicle matches "${search}"`,
    text: `مرحباً ${name}،\n\nنُشرت مركبة جديدة تطابق بحثك المحفوظ "${search}": ${vehicle}\n\nاعرض النتائج:\n${linkAr}\n\n---\n\nHello ${name},\n\nA new vehicle matching your saved search "${search}" was published: ${vehicle}\n\nSee the results:\n${linkEn}\n\nYou can stop these emails by deleting the search under Saved searches in your profile. / يمكنك إيقاف هذه الرسائل بحذف البحث من صفحة عمليات البحث المحفوظة في حسابك.`,
  };
}
