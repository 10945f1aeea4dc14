import type { AccountForm } from '../../lib/account.ts';
import type { Lang } from '../../lib/i18n.ts';
import {
  IDENTITY_NUMBER_LENGTH,
  LICENSE_NUMBER_MAX,
  MOBILE_MAX_PROFILE,
  MOBILE_MAX_SIGN_UP,
  sanitizeIdentityNumber,
  sanitizeLicenseNumber,
  sanitizeMobile,
  type AccountKind,
  type MobileContext,
  type ProfileField,
} from '../../../domain/validation.ts';
import { m } from '../../paraglide/messages.js';
import { EmailField, SelectField, TextField } from './fields.tsx';
import { useCities, useStates } from './use-places.ts';

interface Props {
  /**
   * Where the fields sit: sign-up takes international mobile numbers, the profile ten digits
   * (spec §5). It also names the inputs: #signup-name, #profile-name and so on.
   */
  context: MobileContext;
  /** Null while the profile's kind is unknown: the individual's fields show. */
  kind: AccountKind | null;
  value: AccountForm;
  onChange: (change: Partial<AccountForm>) => void;
  lang: Lang;
  /** The failed checks' messages by field, shown under each (use-field-errors.ts). */
  errors?: Partial<Record<ProfileField, string>>;
}

const fieldNames: Record<ProfileField, string> = {
  name: 'name',
  email: 'email',
  mobile: 'mobile',
  ssn: 'ssn',
  licenseNumber: 'license',
  addressState: 'state',
  addressCity: 'city',
  addressInfo: 'address',
};

/** The input's id of an account field: #signup-name, #profile-city and so on. */
export function accountFieldId(context: MobileContext, field: ProfileField): string {
  return `${context === 'signUp' ? 'signup' : 'profile'}-${fieldNames[field]}`;
}

/**
 * The account fields of sign-up and the profile (spec §2, §3), in the order their checks run:
 * name, email, mobile, identity number (licence number for a dealership), state, city of that
 * state, address. The inputs keep only what spec §5 allows.
 */
export function AccountFields({ context, kind, value, onChange, lang, errors = {} }: Props) {
  const t = { locale: lang };
  const signUp = context === 'signUp';
  const id = (name: string) => `${signUp ? 'signup' : 'profile'}-${name}`;
  const dealership = kind === 'dealership';
  const states = useStates(lang);
  const cities = useCities(value.addressState, lang);

  return (
    <>
      <TextField
        id={id('name')}
        error={errors.name}
        label={dealership ? m.signup_dealership_name({}, t) : m.signup_name({}, t)}
        icon={dealership ? 'store' : 'user'}
        autoComplete={dealership ? 'organization' : 'name'}
        value={value.name}
        onValue={(name) => onChange({ name })}
        maxLength={100}
      />
      <EmailField
        id={id('email')}
        error={errors.email}
        label={m.signup_email({}, t)}
        value={value.email}
        onValue={(email) => onChange({ email })}
      />
      <TextField
        id={id('mobile')}
        error={errors.mobile}
        label={m.signup_mobile({}, t)}
        type="tel"
        icon="phone"
        ltr
        autoComplete="tel"
        inputMode={signUp ? 'tel' : 'numeric'}
        hint={signUp ? m.signup_mobile_hint({}, t) : undefined}
        value={value.mobile}
        onValue={(mobile) => onChange({ mobile: sanitizeMobile(mobile, context) })}
        // On the profile a longer number kept from sign-up (+970…) shows whole until edited.
        maxLength={signUp ? MOBILE_MAX_SIGN_UP : Math.max(MOBILE_MAX_PROFILE, value.mobile.length)}
      />
      {dealership ? (
        <TextField
          key="license"
          id={id('license')}
          error={errors.licenseNumber}
          label={m.signup_license({}, t)}
          icon="document"
          ltr
          autoComplete="off"
          value={value.licenseNumber}
          onValue={(number) => onChange({ licenseNumber: sanitizeLicenseNumber(number) })}
          maxLength={LICENSE_NUMBER_MAX}
        />
      ) : (
        <TextField
          key="ssn"
          id={id('ssn')}
          error={errors.ssn}
          label={m.signup_ssn({}, t)}
          icon="idCard"
          ltr
          inputMode="numeric"
          autoComplete="off"
          hint={m.signup_ssn_hint({}, t)}
          value={value.ssn}
          onValue={(number) => onChange({ ssn: sanitizeIdentityNumber(number) })}
          maxLength={IDENTITY_NUMBER_LENGTH}
        />
      )}
      <SelectField
        id={id('state')}
        error={errors.addressState}
        label={m.signup_state({}, t)}
        icon="pin"
        value={value.addressState}
        // Spec §4: choosing a state resets the city.
        onValue={(addressState) => onChange({ addressState, addressCity: 0 })}
        options={states}
        placeholder={m.signup_choose_state({}, t)}
      />
      <SelectField
        id={id('city')}
        error={errors.addressCity}
        label={m.signup_city({}, t)}
        icon="pin"
        // The stored city shows once its state's list has arrived.
        value={cities.length > 0 ? value.addressCity : 0}
        onValue={(addressCity) => onChange({ addressCity })}
        options={cities}
        disabled={cities.length === 0}
        placeholder={
          value.addressState > 0 ? m.signup_choose_city({}, t) : m.signup_choose_state_first({}, t)
        }
      />
      <TextField
        id={id('address')}
        error={errors.addressInfo}
        label={m.signup_address({}, t)}
        icon="home"
        autoComplete="address-line1"
        className="sm:col-span-2"
        value={value.addressInfo}
        onValue={(addressInfo) => onChange({ addressInfo })}
        maxLength={500}
      />
    </>
  );
}
