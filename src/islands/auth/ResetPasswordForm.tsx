import { useState } from 'react';
import { apiPost } from '../../lib/api.ts';
import { localizePath, type Lang } from '../../lib/i18n.ts';
import { signOut } from '../../lib/session.ts';
import { resetPasswordProblems } from '../../../domain/validation.ts';
import { useFieldErrors } from '../forms/use-field-errors.ts';

const idOf = (field: 'newPassword' | 'confirmPassword') =>
  field === 'newPassword' ? 'reset-new' : 'reset-confirm';
import { m } from '../../paraglide/messages.js';
import { Form, SubmitButton } from '../forms/fields.tsx';
import { NewPasswordFields } from '../forms/password-fields.tsx';
import { useSubmit } from '../forms/use-submit.ts';
import { Icon } from './icons.tsx';

interface Props {
  lang: Lang;
  /** The forgot-password link's token (`?token=`); null when the link came without one. */
  token: string | null;
}

/**
 * The page of a forgot-password link (issue §2): a new password and its confirmation, checked
 * with the change-password rules; the server checks the link. Success ends every session, this
 * browser's too, and points to the login page.
 */
export default function ResetPasswordForm({ lang, token }: Props) {
  const t = { locale: lang };
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { busy, submit } = useSubmit(lang);
  const { errors, mark, clear } = useFieldErrors(lang, idOf);
  const [done, setDone] = useState(false);
  /** The server's word on an unusable link (unknown, used or expired). */
  const [linkProblem, setLinkProblem] = useState<string | null>(
    token ? null : m.reset_missing_token({}, t),
  );
  const loginHref = localizePath('/login', lang);

  const resetPassword = async () => {
    const result = await submit({
      check: () => mark(resetPasswordProblems({ newPassword, confirmPassword })),
      call: () =>
        apiPost<null>(
          '/api/User/ResetPassword',
          { token, newPassword: newPassword.trim(), confirmPassword: confirmPassword.trim() },
          { lang },
        ),
    });
    if (result.ok) {
      signOut();
      setDone(true);
    } else if (result.reason === 'failed' && result.status === 400) {
      // An unknown, used or expired link: say so beside the form, with a way to ask again.
      setLinkProblem(result.message);
    }
  };

  if (done) {
    return (
      <div role="status" className="flex flex-col items-start gap-4" data-reset-done>
        <span className="grid size-12 place-items-center rounded-full bg-brand-50 text-brand-700">
          <Icon name="check" className="size-6" />
        </span>
        <h2 className="text-xl font-bold text-ink">{m.reset_done_title({}, t)}</h2>
        <p className="text-ink-soft">{m.reset_done_text({}, t)}</p>
        <a
          href={loginHref}
          className="inline-flex min-h-12 items-center justify-center rounded-full bg-brand-700 px-6 font-bold text-white transition-colors hover:bg-brand-800"
        >
          {m.reset_login_link({}, t)}
        </a>
      </div>
    );
  }

  if (linkProblem && !token) {
    return <LinkProblem message={linkProblem} href={loginHref} lang={lang} />;
  }

  return (
    <Form
      onSubmit={resetPassword}
      busy={busy}
      className="flex flex-col gap-5"
      data-reset-password-form
    >
      {linkProblem && <LinkProblem message={linkProblem} href={loginHref} lang={lang} />}
      <NewPasswordFields
        ids={['reset-new', 'reset-confirm']}
        labels={[m.password_new({}, t), m.password_confirm({}, t)]}
        password={newPassword}
        confirmation={confirmPassword}
        onPassword={(value) => {
          setNewPassword(value);
          clear('newPassword');
        }}
        onConfirmation={(value) => {
          setConfirmPassword(value);
          clear('confirmPassword');
        }}
        errors={[errors.newPassword, errors.confirmPassword]}
        lang={lang}
      />
      <SubmitButton busy={busy}>{m.reset_submit({}, t)}</SubmitButton>
    </Form>
  );
}

function LinkProblem({ message, href, lang }: { message: string; href: string; lang: Lang }) {
  return (
    <div
      role="alert"
      className="rounded-control border border-accent-300 bg-accent-100 p-4 text-ink"
      data-reset-link-problem
    >
      <p>{message}</p>
      <a
        href={href}
        className="mt-2 inline-block font-bold text-brand-700 underline-offset-4 hover:underline"
      >
        {m.reset_ask_again({}, { locale: lang })}
      </a>
    </div>
  );
}
