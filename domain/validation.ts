/*
 * Form rules of spec §5. Checks return the key of the message to show (its texts, the spec's Arabic
 * word for word and the English counterpart, are in messages/*.json) or null when the value
 * passes. Sanitisers shape what an input keeps
 * while the visitor types.
 */

/** The messages these checks answer with: keys of messages/{ar,en}.json, shown by either side. */
export const VALIDATION_MESSAGES = [
  'login_check_email',
  'login_check_password',
  'password_confirm_new_equal_check_message',
  'password_new_check_message',
  'password_old_check_message',
  'password_rule_length',
  'signup_check_city',
  'signup_check_confirm_password',
  'signup_check_email',
  'signup_check_email_valid',
  'signup_check_license',
  'signup_check_mobile',
  'signup_check_name',
  'signup_check_password',
  'signup_check_password_match',
  'signup_check_ssn',
  'signup_check_state',
  'user_data_check_address_info',
  'user_data_check_city',
  'user_data_check_email',
  'user_data_check_image',
  'user_data_check_license',
  'user_data_check_mobile',
  'user_data_check_name',
  'user_data_check_ssn',
  'user_data_check_state',
  'validation_email_invalid',
  'vehicle_check_id',
  'vehicle_check_brand',
  'vehicle_check_model',
  'vehicle_check_year',
  'vehicle_year_min',
  'vehicle_year_max',
  'vehicle_check_meals',
  'vehicle_meals_min',
  'vehicle_meals_max',
  'vehicle_check_body_type',
  'vehicle_check_color',
  'vehicle_check_painted_type',
  'vehicle_check_painted_status',
  'vehicle_check_specification',
  'vehicle_check_gear_type',
  'vehicle_check_oil_type',
  'vehicle_check_price',
  'vehicle_price_min',
  'vehicle_price_decimals',
  'vehicle_check_currency',
  'vehicle_check_features',
  'vehicle_check_image',
  'vehicle_check_photos',
  'vehicle_photos_max',
  'vehicle_check_extras',
  'vehicle_description_max',
  'vehicle_check_360_image',
  'order_check_days',
  'order_days_max',
  'order_message_max',
  'order_check_item',
  'ad_check_type',
  'ad_check_image',
  'ad_vertical_shape',
  'star_check_vehicle',
  'payment_check_method',
  'payment_check_proof',
  'payment_check_name',
  'payment_check_email',
  'payment_check_amount',
] as const;
export type ValidationMessage = (typeof VALIDATION_MESSAGES)[number];
const blank = (value: string | null | undefined) => !value || value.trim() === '';

// ---------------------------------------------------------------- email

/** text@text.text with no spaces anywhere. */
export function isValidEmail(value: string | null | undefined): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value?.trim() ?? '');
}

/** The inline email check under an input: 'الرجاء إدخال ايميل صالح'. */
export function emailError(value: string | null | undefined): ValidationMessage | null {
  return isValidEmail(value) ? null : 'validation_email_invalid';
}

// ---------------------------------------------------------------- mobile

/** Where a mobile input sits: sign-up takes international numbers, profile and contact 10 digits. */
export type MobileContext = 'signUp' | 'profile';

export const MOBILE_MAX_WITH_PLUS = 13;
export const MOBILE_MAX_SIGN_UP = 14;
export const MOBILE_MAX_PROFILE = 10;

/** Keeps digits (and, at sign-up, one leading +) and cuts to the context's maximum length. */
export function sanitizeMobile(input: string, context: MobileContext): string {
  const trimmed = input.trim();
  const digits = trimmed.replace(/\D/g, '');
  if (context === 'profile') return digits.slice(0, MOBILE_MAX_PROFILE);
  return trimmed.startsWith('+')
    ? `+${digits}`.slice(0, MOBILE_MAX_WITH_PLUS)
    : digits.slice(0, MOBILE_MAX_SIGN_UP);
}

export function isValidMobile(value: string, context: MobileContext): boolean {
  if (context === 'profile') return new RegExp(`^\\d{1,${MOBILE_MAX_PROFILE}}$`).test(value);
  if (value.startsWith('+')) return /^\+\d+$/.test(value) && value.length <= MOBILE_MAX_WITH_PLUS;
  return /^\d+$/.test(value) && value.length <= MOBILE_MAX_SIGN_UP;
}

// ---------------------------------------------------------------- identity, licence, zip

export const IDENTITY_NUMBER_LENGTH = 9;
export const LICENSE_NUMBER_MAX = 10;
export const ZIP_MAX = 5;

/** Keeps digits only and cuts to `max`. */
export function sanitizeDigits(input: string, max: number): string {
  return input.replace(/\D/g, '').slice(0, max);
}

export const sanitizeIdentityNumber = (input: string) =>
  sanitizeDigits(input, IDENTITY_NUMBER_LENGTH);
export const sanitizeZip = (input: string) => sanitizeDigits(input, ZIP_MAX);
export const sanitizeLicenseNumber = (input: string) => input.slice(0, LICENSE_NUMBER_MAX);

/** Identity number as the inputs accept it: digits only, at most 9. */
export function isValidIdentityNumber(value: string): boolean {
  return new RegExp(`^\\d{1,${IDENTITY_NUMBER_LENGTH}}$`).test(value);
}

/**
 * The identity-card checksum used by Palestinian and Israeli ids: exactly 9 digits, not all
 * zero; digits in odd places (from the left, 1-based) count once, in even places twice, a
 * two-digit product counts as the sum of its digits; the total must be a multiple of 10.
 * Spec §5: it exists but sign-up and profile update do not enforce it.
 */
export function isValidIdentityChecksum(value: string): boolean {
  if (!/^\d{9}$/.test(value) || /^0+$/.test(value)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i += 1) {
    const product = Number(value[i]) * (i % 2 === 0 ? 1 : 2);
    sum += product > 9 ? product - 9 : product;
  }
  return sum % 10 === 0;
}

export function isValidLicenseNumber(value: string): boolean {
  return value.trim() !== '' && value.length <= LICENSE_NUMBER_MAX;
}

export function isValidZip(value: string): boolean {
  return new RegExp(`^\\d{1,${ZIP_MAX}}$`).test(value);
}

// ---------------------------------------------------------------- ordered form checks

export type AccountKind = 'individual' | 'dealership';

/** The account fields of sign-up and profile (spec §3). */
export interface ProfileFields {
  name: string;
  email: string;
  mobile: string;
  ssn?: string;
  licenseNumber?: string;
  /** State id; 0 means none chosen. */
  addressState: number;
  /** City id; 0 means none chosen. */
  addressCity: number;
  addressInfo: string;
}

/** Sign-up asks no address line, and a password with its confirmation. */
export interface SignUpFields extends Omit<ProfileFields, 'addressInfo'> {
  password: string;
  confirmPassword: string;
}

/**
 * A failed check tied to the field it is about. A form's checks give every failing field its
 * first message, in the spec's order: the first of them is the spec's toast (the `...Error`
 * functions), and each marks its field (aria-invalid, the message under it).
 */
export interface FieldProblem<F extends string = string> {
  field: F;
  message: ValidationMessage;
}

/** The checks of a form in order: [field, failed?, message]; one problem per field, the first. */
function problemsOf<F extends string>(
  checks: readonly (readonly [F, boolean, ValidationMessage])[],
): FieldProblem<F>[] {
  const problems: FieldProblem<F>[] = [];
  for (const [field, failed, message] of checks) {
    if (failed && !problems.some((problem) => problem.field === field)) {
      problems.push({ field, message });
    }
  }
  return problems;
}

const firstMessage = (problems: readonly FieldProblem[]) => problems[0]?.message ?? null;

/**
 * A new password (sign-up, change, reset link) is at least this long: shown as a rule under
 * the field and checked on both sides. Signing in with an older, shorter one still works.
 */
export const PASSWORD_MIN_LENGTH = 8;

/** Whether a new password keeps the rule shown under its field. */
export function isLongEnoughPassword(password: string): boolean {
  return password.trim().length >= PASSWORD_MIN_LENGTH;
}

export type SignUpField = keyof SignUpFields;

/**
 * Spec §5 sign-up, in its order: name, email, mobile, identity number (licence number for a
 * dealership), state, city, password (then its length), confirmation, equality, then the
 * email's format.
 */
export function signUpProblems(form: SignUpFields, kind: AccountKind): FieldProblem<SignUpField>[] {
  return problemsOf<SignUpField>([
    ['name', blank(form.name), 'signup_check_name'],
    ['email', blank(form.email), 'signup_check_email'],
    ['mobile', blank(form.mobile), 'signup_check_mobile'],
    ['ssn', kind === 'individual' && blank(form.ssn), 'signup_check_ssn'],
    ['licenseNumber', kind === 'dealership' && blank(form.licenseNumber), 'signup_check_license'],
    ['addressState', !(form.addressState > 0), 'signup_check_state'],
    ['addressCity', !(form.addressCity > 0), 'signup_check_city'],
    ['password', blank(form.password), 'signup_check_password'],
    ['password', !isLongEnoughPassword(form.password), 'password_rule_length'],
    ['confirmPassword', blank(form.confirmPassword), 'signup_check_confirm_password'],
    ['confirmPassword', form.password !== form.confirmPassword, 'signup_check_password_match'],
    ['email', !isValidEmail(form.email), 'signup_check_email_valid'],
  ]);
}

/** The first failing sign-up check (the spec's toast), or null. */
export function signUpError(form: SignUpFields, kind: AccountKind): ValidationMessage | null {
  return firstMessage(signUpProblems(form, kind));
}

/** Spec §5 login: email, then password (both trimmed). */
export function loginProblems(form: {
  email: string;
  password: string;
}): FieldProblem<'email' | 'password'>[] {
  return problemsOf<'email' | 'password'>([
    ['email', blank(form.email), 'login_check_email'],
    ['password', blank(form.password), 'login_check_password'],
  ]);
}

export function loginError(form: { email: string; password: string }): ValidationMessage | null {
  return firstMessage(loginProblems(form));
}

/** Spec §5 forgot password: only the email is required. */
export function forgotPasswordError(email: string): ValidationMessage | null {
  return blank(email) ? 'login_check_email' : null;
}

export interface ChangePasswordFields {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export type ChangePasswordField = keyof ChangePasswordFields;

/** Spec §5 change password: old, new (then its length), then new equals confirmation after trimming. */
export function changePasswordProblems(
  form: ChangePasswordFields,
): FieldProblem<ChangePasswordField>[] {
  return problemsOf<ChangePasswordField>([
    ['oldPassword', blank(form.oldPassword), 'password_old_check_message'],
    ...newPasswordChecks(form),
  ]);
}

export function changePasswordError(form: ChangePasswordFields): ValidationMessage | null {
  return firstMessage(changePasswordProblems(form));
}

function newPasswordChecks(form: Omit<ChangePasswordFields, 'oldPassword'>) {
  return [
    ['newPassword', blank(form.newPassword), 'password_new_check_message'],
    ['newPassword', !isLongEnoughPassword(form.newPassword), 'password_rule_length'],
    [
      'confirmPassword',
      form.newPassword.trim() !== form.confirmPassword.trim(),
      'password_confirm_new_equal_check_message',
    ],
  ] as const;
}

/**
 * Setting a new password from a forgot-password link (issue §2): the change-password rules
 * without the old password, with the same messages.
 */
export function resetPasswordProblems(
  form: Omit<ChangePasswordFields, 'oldPassword'>,
): FieldProblem<'newPassword' | 'confirmPassword'>[] {
  return problemsOf(newPasswordChecks(form));
}

export function resetPasswordError(
  form: Omit<ChangePasswordFields, 'oldPassword'>,
): ValidationMessage | null {
  return firstMessage(resetPasswordProblems(form));
}

export type ProfileField = keyof ProfileFields;

/**
 * Spec §5 profile update, in order: name, email, mobile, identity number (licence number for a
 * dealership), state, city, address. The email's format is not checked on update.
 */
export function profileUpdateProblems(
  form: ProfileFields,
  kind: AccountKind,
): FieldProblem<ProfileField>[] {
  return problemsOf<ProfileField>([
    ['name', blank(form.name), 'user_data_check_name'],
    ['email', blank(form.email), 'user_data_check_email'],
    ['mobile', blank(form.mobile), 'user_data_check_mobile'],
    ['ssn', kind === 'individual' && blank(form.ssn), 'user_data_check_ssn'],
    [
      'licenseNumber',
      kind === 'dealership' && blank(form.licenseNumber),
      'user_data_check_license',
    ],
    ['addressState', !(form.addressState > 0), 'user_data_check_state'],
    ['addressCity', !(form.addressCity > 0), 'user_data_check_city'],
    ['addressInfo', blank(form.addressInfo), 'user_data_check_address_info'],
  ]);
}

export function profileUpdateError(form: ProfileFields, kind: AccountKind) {
  return firstMessage(profileUpdateProblems(form, kind));
}

/** Spec §5: an image update needs an image. */
export function profileImageError(image: string | null | undefined): ValidationMessage | null {
  return blank(image) ? 'user_data_check_image' : null;
}
