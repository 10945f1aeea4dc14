import { useState } from 'react';
import { apiPost, errorMessage } from '../../../lib/api.ts';
import type { Lang } from '../../../lib/i18n.ts';
import { signIn } from '../../../lib/session.ts';
import { toastWarning } from '../../../lib/toast.ts';
import { m } from '../../../paraglide/messages.js';
import type { Session } from '../../../../server/routes/user/schemas.ts';
import { buttonClass, TextField } from '../kit/fields.tsx';
import { navigate } from '../kit/nav.ts';

/** /admin/login: the dashboard's own sign-in (AdminLogin), separate from the sellers'. */
export function AdminLogin({ lang, onSignedIn }: { lang: Lang; onSignedIn: () => void }) {
  const t = { locale: lang };
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!email.trim()) return void toastWarning(m.admin_check_email({}, t));
    if (!password.trim()) return void toastWarning(m.admin_login_password({}, t));
    setBusy(true);
    try {
      const session = await apiPost<Session>(
        '/api/User/AdminLogin',
        { email: email.trim(), password },
        { lang },
      );
      if (signIn(session)) {
        navigate('', lang, { replace: true });
        onSignedIn();
      }
    } catch (error) {
      void toastWarning(errorMessage(error, lang, { serverFirst: true }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <main className="grid min-h-dvh place-items-center bg-canvas px-4">
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        className="w-full max-w-md space-y-5 rounded-2xl border border-line bg-surface p-8 shadow-sm"
      >
        <div>
          <h1 className="text-2xl font-bold">{m.admin_login_title({}, t)}</h1>
          <p className="mt-1 text-muted">{m.admin_login_intro({}, t)}</p>
        </div>
        <TextField
          id="admin-email"
          label={m.admin_login_email({}, t)}
          type="email"
          autoComplete="username"
          value={email}
          onValue={setEmail}
          ltr
        />
        <TextField
          id="admin-password"
          label={m.admin_login_password({}, t)}
          type="password"
          autoComplete="current-password"
          value={password}
          onValue={setPassword}
          ltr
        />
        <button type="submit" disabled={busy} className={`${buttonClass.primary} w-full`}>
          {m.admin_login_submit({}, t)}
        </button>
      </form>
    </main>
  );
}
