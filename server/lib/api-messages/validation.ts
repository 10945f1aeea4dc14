import type { Lang } from '../messages.ts';

/** Answers to query and body values the schemas or the database refuse. */
export const validationMessages = {
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
} satisfies Record<string, Record<Lang, string>>;
