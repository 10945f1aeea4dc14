import type { Session } from '../../../server/routes/user/schemas.ts';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import {
  accountPayload,
  emptyAccountForm,
  openSession,
  userTypeOf,
  type AccountForm,
} from '../../lib/account.ts';
import { apiPost } from '../../lib/api.ts';
import { localizePath, type Lang } from '../../lib/i18n.ts';
import { toastWarning } from '../../lib/toast.ts';
import { signUpProblems, type AccountKind, type SignUpField } from '../../../domain/validation.ts';
import { m } from '../../paraglide/messages.js';
import { accountFieldId, AccountFields } from '../forms/AccountFields.tsx';
import { Form, SubmitButton } from '../forms/fields.tsx';
import { NewPasswordFields } from '../forms/password-fields.tsx';
import { useFieldErrors } from '../forms/use-field-errors.ts';
import { useSubmit } from '../forms/use-submit.ts';
import { Icon } from './icons.tsx';

const kinds: readonly AccountKind[] = ['individual', 'dealership'];

const idOf = (field: SignUpField) =>
  field === 'password'
    ? 'signup-password'
    : field === 'confirmPassword'
      ? 'signup-confirm-password'
      : accountFieldId('signUp', field);

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
  const [account, setAccount] = useState<AccountForm>(emptyAccountForm);
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { busy, submit } = useSubmit(lang);
  const { errors, mark, clear } = useFieldErrors(lang, idOf);
  const tabs = useRef<Record<AccountKind, HTMLButtonElement | null>>({
    individual: null,
    dealership: null,
  });

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

  const signUp = async () => {
    const result = await submit({
      check: () => mark(signUpProblems({ ...account, password, confirmPassword }, kind)),
      call: () =>
        apiPost<Session>(
          endpoints[kind],
          {
            ...accountPayload(account, kind),
            userType: userTypeOf(kind),
            moreInfo: '',
            password,
            confirmPassword,
          },
          { lang },
        ),
      // Spec §8: the server's message (e.g. the email is taken), else 'Signup failed'.
      fallback: m.signup_failed({}, t),
    });
    if (result.ok && !openSession(result.data, next, lang, m.signup_success({}, t))) {
      void toastWarning(m.signup_failed({}, t));
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
    <Form onSubmit={signUp} busy={busy} className="flex flex-col gap-6" data-signup-form>
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
        <AccountFields
          context="signUp"
          kind={kind}
          value={account}
          onChange={(change) => {
            setAccount((current) => ({ ...current, ...change }));
            clear(...(Object.keys(change) as SignUpField[]));
          }}
          errors={errors}
          lang={lang}
        />
        <NewPasswordFields
          ids={['signup-password', 'signup-confirm-password']}
          labels={[m.signup_password({}, t), m.signup_confirm_password({}, t)]}
          password={password}
          confirmation={confirmPassword}
          onPassword={(value) => {
            setPassword(value);
            clear('password');
          }}
          onConfirmation={(value) => {
            setConfirmPassword(value);
            clear('confirmPassword');
          }}
          errors={[errors.password, errors.confirmPassword]}
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
    </Form>
  );
}
