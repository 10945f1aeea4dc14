import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { UserType } from '../../../domain/codes.ts';
import { afterSignInPath } from '../../lib/account.ts';
import { ApiError, apiPost } from '../../lib/api.ts';
import { setFlash } from '../../lib/flash.ts';
import { localizePath, type Lang } from '../../lib/i18n.ts';
import { withLoading } from '../../lib/loading.ts';
import { signIn, type LoginResult } from '../../lib/session.ts';
import { toastWarning } from '../../lib/toast.ts';
import {
  IDENTITY_NUMBER_LENGTH,
  LICENSE_NUMBER_MAX,
  MOBILE_MAX_SIGN_UP,
  sanitizeIdentityNumber,
  sanitizeLicenseNumber,
  sanitizeMobile,
  signUpError,
  type AccountKind,
} from '../../../domain/validation.ts';
import { validationText } from '../../lib/validation-text.ts';
import { m } from '../../paraglide/messages.js';
import { PasswordField, SelectField, SubmitButton, TextField } from './fields.tsx';
import { Icon } from './icons.tsx';
import { useCities, useStates } from './use-places.ts';

const kinds: readonly AccountKind[] = ['individual', 'dealership'];

const endpoints: Record<AccountKind, string> = {
  individual: '/api/User/CustomerSignUp',
  dealership: '/api/User/ComponySignUp',
};

interface Props {
  lang: Lang;
  next: string | null;
}

/**
 * Sign-up (spec §2): an individual tab and a dealership tab over one form. The city list follows
 * the chosen state; the inputs keep only what spec §5 allows; the checks run in the spec's order
 * and the first failure shows as a warning toast.
 */
export default function SignUpForm({ lang, next }: Props) {
  const t = { locale: lang };
  const [kind, setKind] = useState<AccountKind>('individual');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [mobile, setMobile] = useState('');
  const [ssn, setSsn] = useState('');
  const [licenseNumber, setLicenseNumber] = useState('');
  const [addressState, setAddressState] = useState(0);
  const [addressCity, setAddressCity] = useState(0);
  const [addressInfo, setAddressInfo] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const states = useStates(lang);
  const cities = useCities(addressState, lang);
  const tabs = useRef<Record<AccountKind, HTMLButtonElement | null>>({
    individual: null,
    dealership: null,
  });

  // Spec §4: choosing a state resets the city.
  const chooseState = (id: number) => {
    setAddressState(id);
    setAddressCity(0);
  };

  // `?tab=dealership` opens on the dealership tab (for links aimed at dealerships).
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (params.get('tab') === 'dealership') setKind('dealership');
  }, []);

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    // Arrow keys move between the two tabs (in both reading directions).
    if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
    event.preventDefault();
    const other = kind === 'individual' ? 'dealership' : 'individual';
    const target = event.key === 'Home' ? 'individual' : event.key === 'End' ? 'dealership' : other;
    setKind(target);
    tabs.current[target]?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const form = {
      name,
      email,
      mobile,
      ssn,
      licenseNumber,
      addressState,
      addressCity,
      password,
      confirmPassword,
    };
    const problem = signUpError(form, kind);
    if (problem) {
      void toastWarning(validationText(problem, lang));
      return;
    }
    setBusy(true);
    try {
      const result = await withLoading(() =>
        apiPost<LoginResult>(
          endpoints[kind],
          {
            name: name.trim(),
            email: email.trim(),
            mobile: mobile.trim(),
            userType: kind === 'individual' ? UserType.normal : UserType.company,
            ...(kind === 'individual'
              ? { ssn: ssn.trim() }
              : { licenseNumber: licenseNumber.trim() }),
            addressState,
            addressCity,
            addressInfo: addressInfo.trim(),
            moreInfo: '',
            password,
            confirmPassword,
          },
          { lang },
        ),
      );
      // Spec §4: the session is kept only when the id is above 0.
      if (!signIn(result)) {
        void toastWarning(m.signup_failed({}, t));
        return;
      }
      setFlash({ kind: 'success', message: m.signup_success({}, t) });
      window.location.assign(afterSignInPath(next, lang));
    } catch (error) {
      // Spec §8: the server's message (e.g. the email is taken), else 'Signup failed'.
      const message = error instanceof ApiError ? error.serverMessage : null;
      void toastWarning(message ?? m.signup_failed({}, t));
    } finally {
      setBusy(false);
    }
  };

  const loginHref =
    localizePath('/login', lang) + (next ? `?next=${encodeURIComponent(next)}` : '');

  const tabLabel = {
    individual: {
      title: m.signup_tab_individual({}, t),
      hint: m.signup_tab_individual_hint({}, t),
    },
    dealership: {
      title: m.signup_tab_dealership({}, t),
      hint: m.signup_tab_dealership_hint({}, t),
    },
  };

  return (
    <form
      method="post"
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-6"
      data-signup-form
    >
      <div
        role="tablist"
        aria-label={m.signup_kind_label({}, t)}
        className="grid grid-cols-2 gap-2 rounded-card bg-canvas p-1.5"
      >
        {kinds.map((value) => {
          const selected = value === kind;
          return (
            <button
              key={value}
              ref={(element) => {
                tabs.current[value] = element;
              }}
              type="button"
              role="tab"
              id={`signup-tab-${value}`}
              aria-selected={selected}
              aria-controls="signup-fields"
              tabIndex={selected ? 0 : -1}
              onClick={() => setKind(value)}
              onKeyDown={onTabKey}
              className="flex min-h-14 flex-col items-center justify-center gap-0.5 rounded-control px-2 py-2 text-center transition-colors aria-selected:bg-surface aria-selected:shadow-card sm:flex-row sm:gap-3 sm:text-start"
            >
              <span
                className={`hidden size-10 shrink-0 place-items-center rounded-full sm:grid ${selected ? 'bg-brand-700 text-white' : 'bg-line text-muted'}`}
              >
                <Icon name={value === 'individual' ? 'user' : 'store'} className="size-5" />
              </span>
              <span className="flex flex-col">
                <span className={`font-bold ${selected ? 'text-brand-800' : 'text-ink-soft'}`}>
                  {tabLabel[value].title}
                </span>
                <span className="text-xs text-muted">{tabLabel[value].hint}</span>
              </span>
            </button>
          );
        })}
      </div>

      <div
        id="signup-fields"
        role="tabpanel"
        aria-labelledby={`signup-tab-${kind}`}
        className="grid gap-x-5 gap-y-5 sm:grid-cols-2"
      >
        <TextField
          id="signup-name"
          label={kind === 'individual' ? m.signup_name({}, t) : m.signup_dealership_name({}, t)}
          icon={kind === 'individual' ? 'user' : 'store'}
          autoComplete={kind === 'individual' ? 'name' : 'organization'}
          value={name}
          onValue={setName}
          maxLength={100}
        />
        <TextField
          id="signup-email"
          label={m.signup_email({}, t)}
          type="email"
          icon="mail"
          ltr
          autoComplete="email"
          inputMode="email"
          value={email}
          onValue={setEmail}
          maxLength={254}
        />
        <TextField
          id="signup-mobile"
          label={m.signup_mobile({}, t)}
          type="tel"
          icon="phone"
          ltr
          autoComplete="tel"
          inputMode="tel"
          hint={m.signup_mobile_hint({}, t)}
          value={mobile}
          onValue={(value) => setMobile(sanitizeMobile(value, 'signUp'))}
          maxLength={MOBILE_MAX_SIGN_UP}
        />
        {kind === 'individual' ? (
          <TextField
            key="ssn"
            id="signup-ssn"
            label={m.signup_ssn({}, t)}
            icon="idCard"
            ltr
            inputMode="numeric"
            autoComplete="off"
            hint={m.signup_ssn_hint({}, t)}
            value={ssn}
            onValue={(value) => setSsn(sanitizeIdentityNumber(value))}
            maxLength={IDENTITY_NUMBER_LENGTH}
          />
        ) : (
          <TextField
            key="license"
            id="signup-license"
            label={m.signup_license({}, t)}
            icon="document"
            ltr
            autoComplete="off"
            value={licenseNumber}
            onValue={(value) => setLicenseNumber(sanitizeLicenseNumber(value))}
            maxLength={LICENSE_NUMBER_MAX}
          />
        )}
        <SelectField
          id="signup-state"
          label={m.signup_state({}, t)}
          icon="pin"
          value={addressState}
          onValue={chooseState}
          options={states}
          placeholder={m.signup_choose_state({}, t)}
        />
        <SelectField
          id="signup-city"
          label={m.signup_city({}, t)}
          icon="pin"
          value={addressCity}
          onValue={setAddressCity}
          options={cities}
          disabled={cities.length === 0}
          placeholder={
            addressState > 0 ? m.signup_choose_city({}, t) : m.signup_choose_state_first({}, t)
          }
        />
        <TextField
          id="signup-address"
          label={m.signup_address({}, t)}
          icon="home"
          autoComplete="street-address"
          className="sm:col-span-2"
          value={addressInfo}
          onValue={setAddressInfo}
          maxLength={500}
        />
        <PasswordField
          id="signup-password"
          label={m.signup_password({}, t)}
          autoComplete="new-password"
          value={password}
          onValue={setPassword}
          maxLength={128}
          lang={lang}
        />
        <PasswordField
          id="signup-confirm-password"
          label={m.signup_confirm_password({}, t)}
          autoComplete="new-password"
          value={confirmPassword}
          onValue={setConfirmPassword}
          maxLength={128}
          lang={lang}
        />
      </div>

      <div className="flex flex-col items-stretch gap-4 border-t border-line pt-5 sm:flex-row sm:items-center sm:justify-between">
        <p className="order-2 text-center text-ink-soft sm:order-1 sm:text-start">
          {m.signup_have_account({}, t)}{' '}
          <a
            href={loginHref}
            className="font-bold text-brand-700 underline-offset-4 hover:underline"
          >
            {m.signup_login_link({}, t)}
          </a>
        </p>
        <div className="order-1 sm:order-2">
          <SubmitButton busy={busy}>{m.signup_submit({}, t)}</SubmitButton>
        </div>
      </div>
    </form>
  );
}
