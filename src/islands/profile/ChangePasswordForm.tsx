import { useState, type FormEvent } from 'react';
import { apiRequest } from '../../lib/api.ts';
import type { Lang } from '../../lib/i18n.ts';
import { withLoading } from '../../lib/loading.ts';
import { $userId, signIn, type LoginResult } from '../../lib/session.ts';
import { toastSuccess, toastWarning } from '../../lib/toast.ts';
import { changePasswordError } from '../../../domain/validation.ts';
import { validationText } from '../../lib/validation-text.ts';
import { m } from '../../paraglide/messages.js';
import { PasswordField, SubmitButton } from '../auth/fields.tsx';

/**
 * Change password (spec §2, §5): old, new and confirmation, each with a show/hide toggle; the
 * checks in the spec's order, the first failure as a warning toast; success clears the form.
 */
export default function ChangePasswordForm({ lang }: { lang: Lang }) {
  const t = { locale: lang };
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const form = { oldPassword, newPassword, confirmPassword };
    const problem = changePasswordError(form);
    if (problem) {
      void toastWarning(validationText(problem, lang));
      return;
    }
    setBusy(true);
    try {
      // The change ends every session; the answer carries this one's new token.
      const session = await withLoading(() =>
        apiRequest<LoginResult>('/api/User/ChangePassword', {
          method: 'PUT',
          lang,
          body: {
            userId: $userId.get(),
            oldPassword: oldPassword.trim(),
            newPassword: newPassword.trim(),
            confirmPassword: confirmPassword.trim(),
          },
        }),
      );
      signIn(session);
      setOldPassword('');
      setNewPassword('');
      setConfirmPassword('');
      void toastSuccess(m.password_success({}, t));
    } catch (error) {
      void toastWarning((error as Error).message || m.general_error_message({}, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      method="post"
      onSubmit={submit}
      noValidate
      className="max-w-xl rounded-card border border-line bg-surface p-5 shadow-card sm:p-7"
      data-change-password-form
    >
      <div className="flex flex-col gap-5">
        <PasswordField
          id="password-old"
          label={m.password_old({}, t)}
          autoComplete="current-password"
          value={oldPassword}
          onValue={setOldPassword}
          maxLength={128}
          lang={lang}
        />
        <PasswordField
          id="password-new"
          label={m.password_new({}, t)}
          autoComplete="new-password"
          value={newPassword}
          onValue={setNewPassword}
          maxLength={128}
          lang={lang}
        />
        <PasswordField
          id="password-confirm"
          label={m.password_confirm({}, t)}
          autoComplete="new-password"
          value={confirmPassword}
          onValue={setConfirmPassword}
          maxLength={128}
          lang={lang}
        />
      </div>
      <div className="mt-6 border-t border-line pt-5">
        <SubmitButton busy={busy}>{m.password_submit({}, t)}</SubmitButton>
      </div>
    </form>
  );
}
