import { useEffect, useRef, useState } from 'react';
import type { Profile } from '../../../../server/routes/user/schemas.ts';
import { currentLang } from '../../../lib/i18n.ts';
import { toastWarning } from '../../../lib/toast.ts';
import { m } from '../../../paraglide/messages.js';
import { PicturePicker } from '../../forms/PicturePicker.tsx';
import { useCities, useStates } from '../../forms/use-places.ts';
import { adminCall, showFailure } from '../kit/api.ts';
import { toastUpdated } from '../kit/feedback.ts';
import { buttonClass, SelectField, TextField } from '../kit/fields.tsx';
import { $adminSession, loadAdminSession } from '../shell/session.ts';

/** The admin's own account: details, a new password, and a square-cropped picture. */
export default function ProfileScreen() {
  const lang = currentLang();
  const t = { locale: lang };
  const id = $adminSession.get()?.id ?? 0;
  const [profile, setProfile] = useState<Profile | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [busy, setBusy] = useState(false);
  const states = useStates(lang);
  const cities = useCities(profile?.addressStateId ?? 0, lang);
  const fileInput = useRef<HTMLInputElement>(null);

  useEffect(() => {
    adminCall<Profile>(lang, 'GET', 'User/AdminProfileInfo', { query: { userId: id } })
      .then(setProfile)
      .catch((error: unknown) => showFailure(error, lang));
  }, [id, lang]);

  if (!profile) return <p className="text-muted">{m.admin_loading({}, t)}</p>;
  const change = (values: Partial<Profile>) => setProfile({ ...profile, ...values });

  const save = async () => {
    if (!profile.name.trim()) return void toastWarning(m.admin_check_name({}, t));
    if (!/^\S+@\S+\.\S+$/.test(profile.email.trim())) {
      return void toastWarning(m.admin_check_email({}, t));
    }
    if (!profile.mobile.trim()) return void toastWarning(m.admin_check_mobile({}, t));
    if (!profile.addressStateId) return void toastWarning(m.admin_check_state({}, t));
    if (!profile.addressCityId) return void toastWarning(m.admin_check_city({}, t));
    if (!profile.addressInfo.trim()) return void toastWarning(m.admin_check_address({}, t));
    if (password !== confirm) return void toastWarning(m.admin_accounts_check_confirm({}, t));
    setBusy(true);
    try {
      await adminCall(lang, 'PUT', 'User/AdminUpdate', {
        body: {
          id,
          name: profile.name,
          email: profile.email,
          mobile: profile.mobile,
          addressState: profile.addressStateId,
          addressCity: profile.addressCityId,
          addressInfo: profile.addressInfo,
          password,
          confirmPassword: confirm,
        },
      });
      void toastUpdated(lang);
      setPassword('');
      setConfirm('');
      await loadAdminSession(lang);
    } catch (error) {
      showFailure(error, lang);
    } finally {
      setBusy(false);
    }
  };

  const upload = async (image: string) => {
    try {
      const answer = await adminCall<{ image: string }>(lang, 'PUT', 'User/UpdateAdminImage', {
        body: { id, image },
      });
      change({ image: answer.image });
      await loadAdminSession(lang);
      void toastUpdated(lang);
    } catch (error) {
      showFailure(error, lang);
    }
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[14rem_1fr]">
      <section className="flex flex-col items-center gap-3 rounded-2xl border border-line bg-surface p-5">
        <img
          src={profile.image || '/img/profile-icon.png'}
          alt={profile.name}
          width={128}
          height={128}
          className="size-32 rounded-full object-cover"
        />
        <button
          type="button"
          className={buttonClass.secondary}
          onClick={() => fileInput.current?.click()}
        >
          {m.admin_profile_picture({}, t)}
        </button>
        <PicturePicker
          lang={lang}
          inputRef={fileInput}
          name="admin-picture"
          title={m.admin_profile_picture({}, t)}
          onCropped={(dataUrl) => void upload(dataUrl)}
        />
      </section>
      <form
        noValidate
        className="grid gap-4 rounded-2xl border border-line bg-surface p-5 sm:grid-cols-2"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <TextField
          id="profile-name"
          label={m.admin_accounts_name({}, t)}
          value={profile.name}
          onValue={(name) => change({ name })}
        />
        <TextField
          id="profile-email"
          label={m.admin_accounts_email({}, t)}
          value={profile.email}
          onValue={(email) => change({ email })}
          ltr
        />
        <TextField
          id="profile-mobile"
          label={m.admin_accounts_mobile({}, t)}
          value={profile.mobile}
          onValue={(mobile) => change({ mobile: mobile.replace(/[^\d+]/g, '').slice(0, 14) })}
          ltr
        />
        <SelectField
          id="profile-state"
          label={m.admin_accounts_state({}, t)}
          value={profile.addressStateId}
          onValue={(addressStateId) => change({ addressStateId, addressCityId: 0 })}
          options={states}
          placeholder={m.admin_check_state({}, t)}
        />
        <SelectField
          id="profile-city"
          label={m.admin_accounts_city({}, t)}
          value={profile.addressCityId}
          onValue={(addressCityId) => change({ addressCityId })}
          options={cities}
          placeholder={m.admin_check_city({}, t)}
        />
        <TextField
          id="profile-address"
          label={m.admin_accounts_address({}, t)}
          value={profile.addressInfo}
          onValue={(addressInfo) => change({ addressInfo })}
        />
        <TextField
          id="profile-password"
          label={m.admin_profile_new_password({}, t)}
          type="password"
          autoComplete="new-password"
          value={password}
          onValue={setPassword}
          ltr
        />
        <TextField
          id="profile-confirm"
          label={m.admin_accounts_confirm({}, t)}
          type="password"
          autoComplete="new-password"
          value={confirm}
          onValue={setConfirm}
          ltr
        />
        <div className="sm:col-span-2">
          <button type="submit" disabled={busy} className={buttonClass.primary}>
            {m.admin_save({}, t)}
          </button>
        </div>
      </form>
    </div>
  );
}
