import {
  IDENTITY_NUMBER_LENGTH,
  isValidEmail,
  isValidIdentityNumber,
  isValidLicenseNumber,
  isValidMobile,
  profileUpdateError,
  signUpError,
  type AccountKind,
} from '../../../domain/validation.ts';
import type { UserRepository } from '../../db/repositories/users.ts';
import { ApiError } from '../../lib/api-error.ts';
import { validationText, type Lang } from '../../lib/messages.ts';
import type { SignUp } from './schemas.ts';

/**
 * The form rules of spec §5 for sign-up and profile update, then the formats behind them;
 * throws 400 with the first failing field's message, answers the fields with defaults filled.
 */
export async function checkAccount(
  accounts: UserRepository,
  body: SignUp,
  kind: AccountKind,
  lang: Lang,
  mode: 'signUp' | 'profile',
) {
  const fields = {
    name: body.name ?? '',
    email: body.email ?? '',
    mobile: body.mobile ?? '',
    ssn: body.ssn ?? '',
    licenseNumber: body.licenseNumber ?? '',
    addressState: body.addressState ?? 0,
    addressCity: body.addressCity ?? 0,
    addressInfo: body.addressInfo ?? '',
    password: body.password ?? '',
    confirmPassword: body.confirmPassword ?? '',
  };
  const first = mode === 'signUp' ? signUpError(fields, kind) : profileUpdateError(fields, kind);
  if (first) throw new ApiError(400, 'field_invalid', {}, validationText(lang, first));
  // The formats the inputs enforce, which a crafted request could skip.
  if (!isValidEmail(fields.email)) throw new ApiError(400, 'invalid_email');
  if (!isValidMobile(fields.mobile.trim(), 'signUp')) throw new ApiError(400, 'invalid_mobile');
  if (kind === 'individual') {
    const ssn = fields.ssn.trim();
    if (!isValidIdentityNumber(ssn) || ssn.length !== IDENTITY_NUMBER_LENGTH) {
      throw new ApiError(400, 'invalid_ssn');
    }
  } else if (!isValidLicenseNumber(fields.licenseNumber.trim())) {
    throw new ApiError(400, 'invalid_license');
  }
  if (!(await accounts.cityInState(fields.addressCity, fields.addressState))) {
    throw new ApiError(400, 'unknown_city');
  }
  return fields;
}

/** The account values both forms store, trimmed; the identity field that fits the kind only. */
export function accountValues(
  fields: Awaited<ReturnType<typeof checkAccount>>,
  kind: AccountKind,
  moreInfo: string | undefined,
) {
  return {
    name: fields.name.trim(),
    email: fields.email.trim(),
    mobile: fields.mobile.trim(),
    ssn: kind === 'individual' ? fields.ssn.trim() : null,
    licenseNumber: kind === 'dealership' ? fields.licenseNumber.trim() : null,
    addressStateId: fields.addressState,
    addressCityId: fields.addressCity,
    addressInfo: fields.addressInfo.trim(),
    moreInfo: (moreInfo ?? '').trim(),
  };
}
