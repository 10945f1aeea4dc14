import type { Session } from '../../../server/routes/user/schemas.ts';
import { useEffect, useState } from 'react';
import { openSession } from '../../lib/account.ts';
import { apiGet, apiPost } from '../../lib/api.ts';
import { localizePath, type Lang } from '../../lib/i18n.ts';
import { signOut } from '../../lib/session.ts';
import { toastSuccess, toastWarning } from '../../lib/toast.ts';
import { forgotPasswordError, loginProblems } from '../../../domain/validation.ts';
import { m } from '../../paraglide/messages.js';
import { dialogButtonClass, EmailField, Form, SubmitButton } from '../forms/fields.tsx';
import { PasswordField } from '../forms/password-fields.tsx';
import { useFieldErrors } from '../forms/use-field-errors.ts';
import { useSubmit } from '../forms/use-submit.ts';

const idOf = (field: 'email' | 'password') => `login-${field}`;
import { Dialog } from './Dialog.tsx';
import { Icon } from './icons.tsx';

interface Props {
  lang: Lang;
  /** The page that sent the visitor here (`?next=`), checked before use. */
  next: string | null;
}

/**
 * The login form of spec §2: email, password with show/hide, Enter submits, a forgot-password
 * dialog. Success stores the session and goes to the profile, or back to `next`.
 */
export default function LoginForm({ lang, next }: Props) {
  const t = { locale: lang };
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [forgotOpen, setForgotOpen] = useState(false);
  const [forgotEmail, setForgotEmail] = useState('');
  const { busy, submit } = useSubmit(lang);
  const { errors, mark, clear } = useFieldErrors(lang, idOf);

  // Spec §4: opening the login page clears the session (the head script already did, before
  // any island read it; this also tells the other islands of the page).
  useEffect(() => signOut(), []);

  const logIn = async () => {
    const result = await submit({
      check: () => mark(loginProblems({ email, password })),
      call: () =>
        apiPost<Session>(
          '/api/User/UserLogin',
          { email: email.trim(), password: password.trim() },
          { lang },
        ),
      // Spec §8: login failures show the server's own message.
      serverFirst: true,
    });
    if (result.ok && !openSession(result.data, next, lang, m.login_success({}, t))) {
      void toastWarning(m.general_error_message({}, t));
    }
  };

  const openForgot = () => {
    setForgotEmail(email.trim());
    setForgotOpen(true);
  };

  const sendNewPassword = async () => {
    const result = await submit({
      check: () => forgotPasswordError(forgotEmail),
      call: () => apiGet<null>('/api/User/GetNewPassword', { email: forgotEmail.trim() }, { lang }),
      // Spec §8: new-password failures show the server's own message.
      serverFirst: true,
    });
    if (!result.ok) return;
    setForgotOpen(false);
    void toastSuccess(m.login_forgot_sent({}, t));
  };

  const signUpHref =
    localizePath('/signUp', lang) + (next ? `?next=${encodeURIComponent(next)}` : '');

  return (
    <>
      <Form onSubmit={logIn} busy={busy} className="flex flex-col gap-5" data-login-form>
        <EmailField
          id="login-email"
          label={m.login_email({}, t)}
          autoComplete="username"
          value={email}
          onValue={(value) => {
            setEmail(value);
            clear('email');
          }}
          error={errors.email}
        />
        <div>
          <PasswordField
            id="login-password"
            label={m.login_password({}, t)}
            autoComplete="current-password"
            value={password}
            onValue={(value) => {
              setPassword(value);
              clear('password');
            }}
            error={errors.password}
            maxLength={128}
            lang={lang}
          />
          <div className="mt-2 flex justify-end">
            <button
              type="button"
              onClick={openForgot}
              className="min-h-touch rounded-control px-1 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline"
            >
              {m.login_forgot({}, t)}
            </button>
          </div>
        </div>
        <SubmitButton busy={busy}>{m.login_submit({}, t)}</SubmitButton>
        <p className="text-center text-ink-soft sm:text-start">
          {m.login_no_account({}, t)}{' '}
          <a
            href={signUpHref}
            className="font-bold text-brand-700 underline-offset-4 hover:underline"
          >
            {m.login_signup_link({}, t)}
          </a>
        </p>
      </Form>

      <Dialog
        open={forgotOpen}
        onClose={() => setForgotOpen(false)}
        labelledBy="forgot-title"
        name="forgot-password"
      >
        <Form onSubmit={sendNewPassword} busy={busy} className="flex flex-col gap-5 p-6 sm:p-7">
          <div className="flex items-start gap-3">
            <span className="grid size-11 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700">
              <Icon name="key" className="size-5" />
            </span>
            <div>
              <h2 id="forgot-title" className="text-xl font-bold text-ink">
                {m.login_forgot_title({}, t)}
              </h2>
              <p className="mt-1 text-sm text-muted">{m.login_forgot_text({}, t)}</p>
            </div>
          </div>
          <EmailField
            id="forgot-email"
            label={m.login_email({}, t)}
            value={forgotEmail}
            onValue={setForgotEmail}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button
              type="button"
              onClick={() => setForgotOpen(false)}
              className={dialogButtonClass.secondary}
            >
              {m.login_forgot_cancel({}, t)}
            </button>
            <button type="submit" disabled={busy} className={dialogButtonClass.primary}>
              {m.login_forgot_send({}, t)}
            </button>
          </div>
        </Form>
      </Dialog>
    </>
  );
}
