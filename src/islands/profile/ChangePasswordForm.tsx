import type { Session } from '../../../server/routes/user/schemas.ts';
import { useState } from 'react';
import { apiRequest } from '../../lib/api.ts';
import type { Lang } from '../../lib/i18n.ts';
import { $userId, signIn } from '../../lib/session.ts';
import { toastSuccess } from '../../lib/toast.ts';
import { changePasswordProblems, type ChangePasswordField } from '../../../domain/validation.ts';
import { m } from '../../paraglide/messages.js';
import { Form, SubmitButton } from '../forms/fields.tsx';
import { NewPasswordFields, PasswordField } from '../forms/password-fields.tsx';
import { useFieldErrors } from '../forms/use-field-errors.ts';
import { useSubmit } from '../forms/use-submit.ts';

const fieldIds: Record<ChangePasswordField, string> = {
  oldPassword: 'password-old',
  newPassword: 'password-new',
  confirmPassword: 'password-confirm',
};
const idOf = (field: ChangePasswordField) => fieldIds[field];

/**
 * Change password (spec §2, §5): old, new and confirmation, each with a show/hide toggle; the
 * checks in the spec's order, the first failure as a warning toast; success clears the form.
 */
export default function ChangePasswordForm({ lang }: { lang: Lang }) {
  const t = { locale: lang };
  const [oldPassword, setOldPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const { busy, submit } = useSubmit(lang);
  const { errors, mark, clear } = useFieldErrors(lang, idOf);

  const changePassword = async () => {
    const result = await submit({
      check: () => mark(changePasswordProblems({ oldPassword, newPassword, confirmPassword })),
      // The change ends every session; the answer carries this one's new token.
      call: () =>
        apiRequest<Session>('/api/User/ChangePassword', {
          method: 'PUT',
          lang,
          body: {
            userId: $userId.get(),
            oldPassword: oldPassword.trim(),
            newPassword: newPassword.trim(),
            confirmPassword: confirmPassword.trim(),
          },
        }),
    });
    if (!result.ok) return;
    signIn(result.data);
    setOldPassword('');
    setNewPassword('');
    setConfirmPassword('');
    void toastSuccess(m.password_success({}, t));
  };

  return (
    <Form
      onSubmit={changePassword}
      busy={busy}
      className="max-w-xl rounded-card border border-line bg-surface p-5 shadow-card sm:p-7"
      data-change-password-form
    >
      <div className="flex flex-col gap-5">
        <PasswordField
          id="password-old"
          label={m.password_old({}, t)}
          autoComplete="current-password"
          value={oldPassword}
          onValue={(value) => {
            setOldPassword(value);
            clear('oldPassword');
          }}
          error={errors.oldPassword}
          maxLength={128}
          lang={lang}
        />
        <NewPasswordFields
          ids={['password-new', 'password-confirm']}
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
      </div>
      <div className="mt-6 border-t border-line pt-5">
        <SubmitButton busy={busy}>{m.password_submit({}, t)}</SubmitButton>
      </div>
    </Form>
  );
}
