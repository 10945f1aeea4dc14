import { describe, expect, it } from 'vitest';
import {
  changePasswordError,
  changePasswordProblems,
  isLongEnoughPassword,
  loginProblems,
  profileUpdateProblems,
  signUpProblems,
  resetPasswordError,
  emailError,
  forgotPasswordError,
  isValidEmail,
  isValidIdentityChecksum,
  isValidIdentityNumber,
  isValidLicenseNumber,
  isValidMobile,
  isValidZip,
  loginError,
  profileImageError,
  profileUpdateError,
  sanitizeDigits,
  sanitizeIdentityNumber,
  sanitizeLicenseNumber,
  sanitizeMobile,
  sanitizeZip,
  signUpError,
  type ProfileFields,
  type SignUpFields,
  type ValidationMessage,
} from '../../domain/validation.ts';
import { validationText } from '../../src/lib/validation-text.ts';

/** The rule's answer as the visitor reads it. */
const say = (key: ValidationMessage | null, lang: 'ar' | 'en') => key && validationText(key, lang);

describe('email', () => {
  it('accepts text@text.text without spaces', () => {
    expect(isValidEmail('a@b.co')).toBe(true);
    expect(isValidEmail('first.last@mail.example.ps')).toBe(true);
    expect(isValidEmail('  a@b.co  ')).toBe(true);
  });

  it('rejects anything else', () => {
    for (const bad of ['', 'a', 'a@b', 'a@.', '@b.co', 'a@b.', 'a b@c.d', 'a@b c.d', 'a@@b.co']) {
      expect(isValidEmail(bad), bad).toBe(false);
    }
    expect(isValidEmail(null)).toBe(false);
  });

  it('gives the inline Arabic message word for word', () => {
    expect(say(emailError('nope'), 'ar')).toBe('الرجاء إدخال ايميل صالح');
    expect(say(emailError('nope'), 'en')).toBe('Please enter a valid email');
    expect(say(emailError('a@b.co'), 'ar')).toBeNull();
  });
});

describe('mobile', () => {
  it('keeps digits and one leading + at sign-up, up to 13 with + and 14 without', () => {
    expect(sanitizeMobile('+970 59-912-3456', 'signUp')).toBe('+970599123456');
    expect(sanitizeMobile('+97059912345678', 'signUp')).toBe('+970599123456');
    expect(sanitizeMobile('0097059912345678', 'signUp')).toBe('00970599123456');
    expect(sanitizeMobile('05a9+9', 'signUp')).toBe('0599');
    expect(sanitizeMobile('++12', 'signUp')).toBe('+12');
  });

  it('keeps at most 10 digits on profile and contact inputs', () => {
    expect(sanitizeMobile('+970599123456', 'profile')).toBe('9705991234');
    expect(sanitizeMobile('059-912-3456', 'profile')).toBe('0599123456');
  });

  it('validates the same limits', () => {
    expect(isValidMobile('+970599123456', 'signUp')).toBe(true);
    expect(isValidMobile('+9705991234567', 'signUp')).toBe(false);
    expect(isValidMobile('00970599123456', 'signUp')).toBe(true);
    expect(isValidMobile('009705991234567', 'signUp')).toBe(false);
    expect(isValidMobile('05991+23456', 'signUp')).toBe(false);
    expect(isValidMobile('', 'signUp')).toBe(false);
    expect(isValidMobile('0599123456', 'profile')).toBe(true);
    expect(isValidMobile('05991234567', 'profile')).toBe(false);
    expect(isValidMobile('+599123456', 'profile')).toBe(false);
  });
});

describe('identity number, licence number and zip', () => {
  it('keeps identity numbers to 9 digits', () => {
    expect(sanitizeIdentityNumber('40-123 4567 89')).toBe('401234567');
    expect(isValidIdentityNumber('401234567')).toBe(true);
    expect(isValidIdentityNumber('4012345678')).toBe(false);
    expect(isValidIdentityNumber('40123456a')).toBe(false);
    expect(isValidIdentityNumber('')).toBe(false);
  });

  it('checks the identity-card checksum with alternating doubling', () => {
    expect(isValidIdentityChecksum('123456782')).toBe(true);
    expect(isValidIdentityChecksum('000000018')).toBe(true);
    expect(isValidIdentityChecksum('039337423')).toBe(true);
    expect(isValidIdentityChecksum('123456789')).toBe(false);
    expect(isValidIdentityChecksum('000000000')).toBe(false);
    expect(isValidIdentityChecksum('12345678')).toBe(false);
    expect(isValidIdentityChecksum('1234567820')).toBe(false);
    expect(isValidIdentityChecksum('12345678a')).toBe(false);
  });

  it('cuts licence numbers to 10 characters', () => {
    expect(sanitizeLicenseNumber('ABC-1234567890')).toBe('ABC-123456');
    expect(isValidLicenseNumber('ABC-123456')).toBe(true);
    expect(isValidLicenseNumber('ABC-1234567')).toBe(false);
    expect(isValidLicenseNumber('  ')).toBe(false);
  });

  it('keeps zip codes to 5 digits', () => {
    expect(sanitizeZip('P-970 12')).toBe('97012');
    expect(sanitizeZip('1234567')).toBe('12345');
    expect(isValidZip('97012')).toBe(true);
    expect(isValidZip('970123')).toBe(false);
    expect(isValidZip('97a12')).toBe(false);
    expect(sanitizeDigits('a1b2c3', 2)).toBe('12');
  });
});

const individual: SignUpFields = {
  name: 'محمد',
  email: 'm@example.ps',
  mobile: '0599123456',
  ssn: '401234567',
  addressState: 2,
  addressCity: 14,
  password: 'secret12',
  confirmPassword: 'secret12',
};

describe('signUpError (spec §5 order)', () => {
  it('passes a complete individual form', () => {
    expect(say(signUpError(individual, 'individual'), 'ar')).toBeNull();
  });

  it('reports the first missing field with the Arabic message word for word', () => {
    const steps: [Partial<SignUpFields>, string][] = [
      [{ name: '  ' }, 'أدخل الإسم'],
      [{ email: '' }, 'أدخل الإيميل'],
      [{ mobile: '' }, 'أدخل رقم الجوال'],
      [{ ssn: '' }, 'أدخل رقم الهوية'],
      [{ addressState: 0 }, 'إختر المحافظة'],
      [{ addressCity: 0 }, 'إختر المدينة'],
      [{ password: '', confirmPassword: '' }, 'أدخل كلمة المرور'],
      [{ confirmPassword: '' }, 'أدخل تأكيد كلمة المرور'],
      [{ confirmPassword: 'other' }, 'تأكيد كلمة المرور لا يطابق كلمة المرور'],
      [{ email: 'not-an-email' }, 'الرجاء إدخال إيميل صالح'],
    ];
    for (const [change, message] of steps) {
      expect(say(signUpError({ ...individual, ...change }, 'individual'), 'ar')).toBe(message);
    }
  });

  it('checks in the spec order when several fields fail', () => {
    const empty: SignUpFields = {
      name: '',
      email: 'bad',
      mobile: '',
      ssn: '',
      addressState: 0,
      addressCity: 0,
      password: 'abcdefgh',
      confirmPassword: 'b',
    };
    expect(say(signUpError(empty, 'individual'), 'ar')).toBe('أدخل الإسم');
    expect(say(signUpError({ ...empty, name: 'x' }, 'individual'), 'ar')).toBe('أدخل رقم الجوال');
    // The email's format comes last, after the passwords match.
    expect(
      say(signUpError({ ...individual, email: 'bad', confirmPassword: 'x' }, 'individual'), 'ar'),
    ).toBe('تأكيد كلمة المرور لا يطابق كلمة المرور');
  });

  it('asks a dealership for the licence number instead of the identity number', () => {
    const dealership = { ...individual, ssn: '', licenseNumber: '' };
    expect(say(signUpError(dealership, 'dealership'), 'ar')).toBe('أدخل رقم الترخيص');
    expect(
      say(signUpError({ ...dealership, licenseNumber: 'L-123' }, 'dealership'), 'ar'),
    ).toBeNull();
    expect(say(signUpError({ ...individual, ssn: '' }, 'dealership'), 'ar')).toBe(
      'أدخل رقم الترخيص',
    );
  });

  it('speaks English on English pages', () => {
    expect(say(signUpError({ ...individual, name: '' }, 'individual'), 'en')).toBe(
      'Enter the name',
    );
    expect(say(signUpError({ ...individual, addressCity: 0 }, 'individual'), 'en')).toBe(
      'Choose the city',
    );
  });
});

describe('other ordered checks', () => {
  it('login needs the email, then the password', () => {
    expect(say(loginError({ email: ' ', password: '' }), 'ar')).toBe('أدخل الإيميل');
    expect(say(loginError({ email: 'a@b.co', password: '  ' }), 'ar')).toBe('أدخل كلمة المرور');
    expect(say(loginError({ email: 'a@b.co', password: 'x' }), 'ar')).toBeNull();
  });

  it('forgot password needs only the email', () => {
    expect(say(forgotPasswordError(''), 'ar')).toBe('أدخل الإيميل');
    expect(say(forgotPasswordError('anything'), 'ar')).toBeNull();
  });

  it('change password compares the new password and confirmation after trimming', () => {
    const form = { oldPassword: 'old', newPassword: 'newpass1', confirmPassword: ' newpass1 ' };
    expect(say(changePasswordError(form), 'en')).toBeNull();
    expect(say(changePasswordError({ ...form, oldPassword: '' }), 'en')).toBe(
      'Enter the old password',
    );
    expect(say(changePasswordError({ ...form, newPassword: '' }), 'en')).toBe(
      'Enter the new password',
    );
    expect(say(changePasswordError({ ...form, confirmPassword: 'new2' }), 'en')).toBe(
      'The new password does not match its confirmation',
    );
  });

  it('a reset needs the new password, then a matching confirmation', () => {
    const form = { newPassword: 'newpass1', confirmPassword: ' newpass1 ' };
    expect(say(resetPasswordError(form), 'en')).toBeNull();
    expect(say(resetPasswordError({ ...form, newPassword: ' ' }), 'ar')).toBe(
      'أدخل كلمة المرور الجديدة',
    );
    expect(say(resetPasswordError({ ...form, confirmPassword: '' }), 'en')).toBe(
      'The new password does not match its confirmation',
    );
  });

  it('profile update checks its fields in order without the email format', () => {
    const profile: ProfileFields = {
      name: 'محمد',
      email: 'not-checked',
      mobile: '0599123456',
      ssn: '401234567',
      addressState: 2,
      addressCity: 14,
      addressInfo: 'رام الله',
    };
    expect(say(profileUpdateError(profile, 'individual'), 'ar')).toBeNull();
    expect(say(profileUpdateError({ ...profile, mobile: '' }, 'individual'), 'ar')).toBe(
      'أدخل رقم الجوال',
    );
    expect(say(profileUpdateError({ ...profile, addressInfo: '' }, 'individual'), 'ar')).toBe(
      'أدخل العنوان',
    );
    expect(say(profileUpdateError({ ...profile, ssn: '' }, 'dealership'), 'ar')).toBe(
      'أدخل رقم الترخيص',
    );
    expect(say(profileImageError(''), 'ar')).toBe('إختر صورة');
    expect(say(profileImageError('data:image/jpeg;base64,AAAA'), 'ar')).toBeNull();
  });
});

describe('every invalid field, in order', () => {
  it('marks each failing field once with its first message, the toast being the first', () => {
    const problems = signUpProblems(
      {
        ...individual,
        name: '',
        mobile: ' ',
        password: 'short',
        confirmPassword: 'x',
        email: 'bad',
      },
      'individual',
    );
    expect(problems).toEqual([
      { field: 'name', message: 'signup_check_name' },
      { field: 'mobile', message: 'signup_check_mobile' },
      { field: 'password', message: 'password_rule_length' },
      { field: 'confirmPassword', message: 'signup_check_password_match' },
      { field: 'email', message: 'signup_check_email_valid' },
    ]);
    expect(signUpError({ ...individual, name: '', mobile: '' }, 'individual')).toBe(
      'signup_check_name',
    );
  });

  it('asks new passwords for 8 characters, in both languages', () => {
    expect(isLongEnoughPassword('1234567')).toBe(false);
    expect(isLongEnoughPassword(' 12345678 ')).toBe(true);
    const short = { oldPassword: 'old', newPassword: 'new1', confirmPassword: 'new1' };
    expect(say(changePasswordError(short), 'ar')).toBe(
      'يجب أن تتكون كلمة المرور من 8 أحرف على الأقل',
    );
    expect(say(resetPasswordError(short), 'en')).toBe(
      'The password must be at least 8 characters long',
    );
    expect(changePasswordProblems({ ...short, oldPassword: '' }).map((p) => p.field)).toEqual([
      'oldPassword',
      'newPassword',
    ]);
  });

  it('marks the login and profile fields too', () => {
    expect(loginProblems({ email: '', password: '' }).map((p) => p.field)).toEqual([
      'email',
      'password',
    ]);
    expect(
      profileUpdateProblems(
        { ...individual, addressInfo: '', addressCity: 0, ssn: '' },
        'individual',
      ).map((p) => p.field),
    ).toEqual(['ssn', 'addressCity', 'addressInfo']);
  });
});
