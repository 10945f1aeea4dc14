import { useEffect, useState, type FormEvent } from 'react';
import { afterSignInPath } from '../../lib/account.ts';
import { ApiError, apiGet, apiPost } from '../../lib/api.ts';
import { setFlash } from '../../lib/flash.ts';
import { localizePath, type Lang } from '../../lib/i18n.ts';
import { withLoading } from '../../lib/loading.ts';
import { signIn, signOut, type LoginResult } from '../../lib/session.ts';
import { toastSuccess, toastWarning } from '../../lib/toast.ts';
import { forgotPasswordError, loginError } from '../../../domain/validation.ts';
import { validationText } from '../../lib/validation-text.ts';
import { m } from '../../paraglide/messages.js';
import { Dialog } from './Dialog.tsx';
import { PasswordField, SubmitButton, TextField } from './fields.tsx';
import { Icon } from './icons.tsx';

/** Spec §8: login and new-password failures show the server's own message. */
export function serverMessageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.serverMessage ?? error.message ?? fallback;
  return fallback;
}

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
  const [busy, setBusy] = useState(false);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [forgotEmail, setForgotEmail] = useState('');

  // Spec §4: opening the login page clears the session (the head script already did, before
  // any island read it; this also tells the other islands of the page).
  useEffect(() => signOut(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = loginError({ email, password });
    if (problem) {
      void toastWarning(validationText(problem, lang));
      return;
    }
    setBusy(true);
    try {
      const result = await withLoading(() =>
        apiPost<LoginResult>(
          '/api/User/UserLogin',
          { email: email.trim(), password: password.trim() },
          { lang },
        ),
      );
      if (!signIn(result)) {
        void toastWarning(m.general_error_message({}, t));
        return;
      }
      setFlash({ kind: 'success', message: m.login_success({}, t) });
      window.location.assign(afterSignInPath(next, lang));
    } catch (error) {
      void toastWarning(serverMessageOf(error, m.general_error_message({}, t)));
    } finally {
      setBusy(false);
    }
  };

  const openForgot = () => {
    setForgotEmail(email.trim());
    setForgotOpen(true);
  };

  const sendNewPassword = async (event: FormEvent) => {
    event.preventDefault();
    const problem = forgotPasswordError(forgotEmail);
    if (problem) {
      void toastWarning(validationText(problem, lang));
      return;
    }
    try {
      await withLoading(() =>
        apiGet<null>('/api/User/GetNewPassword', { email: forgotEmail.trim() }, { lang }),
      );
      setForgotOpen(false);
      void toastSuccess(m.login_forgot_sent({}, t));
    } catch (error) {
      void toastWarning(serverMessageOf(error, m.general_error_message({}, t)));
    }
  };

  const signUpHref =
    localizePath('/signUp', lang) + (next ? `?next=${encodeURIComponent(next)}` : '');

  return (
    <>
      <form
        method="post"
        onSubmit={submit}
        noValidate
        className="flex flex-col gap-5"
        data-login-form
      >
        <TextField
          id="login-email"
          label={m.login_email({}, t)}
          type="email"
          icon="mail"
          ltr
          autoComplete="username"
          inputMode="email"
          value={email}
          onValue={setEmail}
          maxLength={254}
        />
        <div>
          <PasswordField
            id="login-password"
            label={m.login_password({}, t)}
            autoComplete="current-password"
            value={password}
            onValue={setPassword}
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
      </form>

      <Dialog
        open={forgotOpen}
        onClose={() => setForgotOpen(false)}
        labelledBy="forgot-title"
        name="forgot-password"
      >
        <form onSubmit={sendNewPassword} noValidate className="flex flex-col gap-5 p-6 sm:p-7">
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
          <TextField
            id="forgot-email"
            label={m.login_email({}, t)}
            type="email"
            icon="mail"
            ltr
            autoComplete="email"
            inputMode="email"
            value={forgotEmail}
            onValue={setForgotEmail}
            maxLength={254}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button
              type="button"
              onClick={() => setForgotOpen(false)}
              className="inline-flex min-h-12 items-center justify-center rounded-full border border-line-strong px-6 font-semibold text-ink-soft transition-colors hover:border-brand-600 hover:text-brand-800"
            >
              {m.login_forgot_cancel({}, t)}
            </button>
            <button
              type="submit"
              className="inline-flex min-h-12 items-center justify-center rounded-full bg-brand-700 px-6 font-bold text-white transition-colors hover:bg-brand-800"
            >
              {m.login_forgot_send({}, t)}
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
