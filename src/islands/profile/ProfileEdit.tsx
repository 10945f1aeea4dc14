import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type FormEvent,
} from 'react';
import { accountKindOf } from '../../lib/account.ts';
import { localizePath, type Lang } from '../../lib/i18n.ts';
import { withLoading } from '../../lib/loading.ts';
import {
  DEFAULT_PROFILE_IMAGE,
  loadProfile,
  updateProfile,
  updateProfileImage,
  type Profile,
  type ProfileUpdate,
} from '../../lib/profile.ts';
import { $userType } from '../../lib/session.ts';
import { toastSuccess, toastWarning } from '../../lib/toast.ts';
import {
  IDENTITY_NUMBER_LENGTH,
  LICENSE_NUMBER_MAX,
  MOBILE_MAX_PROFILE,
  profileImageError,
  profileUpdateError,
  sanitizeIdentityNumber,
  sanitizeLicenseNumber,
  sanitizeMobile,
  type AccountKind,
} from '../../../domain/validation.ts';
import { validationText } from '../../lib/validation-text.ts';
import { m } from '../../paraglide/messages.js';
import { Dialog } from '../auth/Dialog.tsx';
import { inputClass, SelectField, SubmitButton, TextField } from '../auth/fields.tsx';
import { Icon } from '../auth/icons.tsx';
import { useCities, useStates } from '../auth/use-places.ts';

const PictureCropper = lazy(() => import('./PictureCropper.tsx'));

const emptyForm: ProfileUpdate = {
  name: '',
  email: '',
  mobile: '',
  ssn: '',
  licenseNumber: '',
  addressState: 0,
  addressCity: 0,
  addressInfo: '',
  moreInfo: '',
};

function formOf(profile: Profile): ProfileUpdate {
  return {
    name: profile.name ?? '',
    email: profile.email ?? '',
    mobile: profile.mobile ?? '',
    ssn: profile.ssn ?? '',
    licenseNumber: profile.licenseNumber ?? '',
    addressState: profile.addressStateId ?? 0,
    addressCity: profile.addressCityId ?? 0,
    addressInfo: profile.addressInfo ?? '',
    moreInfo: profile.moreInfo ?? '',
  };
}

const message = (error: unknown, lang: Lang) =>
  (error as Error)?.message || m.general_error_message({}, { locale: lang });

/**
 * Profile edit (spec §2, §4, §5): the form is filled behind the blocking overlay, checked in the
 * spec's order on save (first failure as a warning toast), and reloaded after a successful
 * update. The picture: choose an image, crop it square, and it is uploaded as a JPEG data URL.
 */
export default function ProfileEdit({ lang }: { lang: Lang }) {
  const t = { locale: lang };
  const [profile, setProfile] = useState<Profile | null>(null);
  const [form, setForm] = useState<ProfileUpdate>(emptyForm);
  const [kind, setKind] = useState<AccountKind | null>(null);
  const [cropSource, setCropSource] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const states = useStates(lang);
  const cities = useCities(form.addressState, lang);

  const set = <K extends keyof ProfileUpdate>(key: K, value: ProfileUpdate[K]) =>
    setForm((current) => ({ ...current, [key]: value }));

  const reload = async () => {
    const loaded = await withLoading(() => loadProfile(lang));
    setProfile(loaded);
    setForm(formOf(loaded));
    setKind(accountKindOf(loaded.userType));
  };

  useEffect(() => {
    setKind(accountKindOf($userType.get()));
    reload().catch((error: unknown) => void toastWarning(message(error, lang)));
    // Once, when the page opens (spec §4).
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!kind) return;
    const problem = profileUpdateError(form, kind);
    if (problem) {
      void toastWarning(validationText(problem, lang));
      return;
    }
    setBusy(true);
    try {
      await withLoading(() => updateProfile(form, lang));
      void toastSuccess(m.profile_update_success({}, t));
      await reload();
    } catch (error) {
      void toastWarning(message(error, lang));
    } finally {
      setBusy(false);
    }
  };

  const choosePicture = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same file can be chosen again after a cancel.
    event.target.value = '';
    if (!file) return;
    if (!file.type.startsWith('image/')) {
      void toastWarning(m.profile_picture_only_images({}, t));
      return;
    }
    const reader = new FileReader();
    reader.onload = () => {
      if (typeof reader.result === 'string') setCropSource(reader.result);
    };
    reader.onerror = () => void toastWarning(m.profile_picture_only_images({}, t));
    reader.readAsDataURL(file);
  };

  const uploadPicture = async (dataUrl: string) => {
    const problem = profileImageError(dataUrl);
    if (problem) {
      void toastWarning(validationText(problem, lang));
      return;
    }
    // Spec §4: the modal closes, then the picture is uploaded.
    setCropSource(null);
    try {
      await withLoading(() => updateProfileImage(dataUrl, lang));
      void toastSuccess(m.profile_picture_success({}, t));
      await reload();
    } catch (error) {
      void toastWarning(message(error, lang));
    }
  };

  const image = profile?.image || DEFAULT_PROFILE_IMAGE;

  return (
    <div className="flex flex-col gap-5">
      <section className="flex flex-col items-center gap-4 rounded-card border border-line bg-surface p-5 shadow-card sm:flex-row sm:p-6">
        <div className="relative">
          <img
            src={image}
            alt={m.profile_image_alt({ name: profile?.name ?? '' }, t)}
            width={112}
            height={112}
            data-profile-edit-image
            className="size-28 rounded-full border-4 border-surface bg-brand-50 object-cover shadow-card"
          />
          <button
            type="button"
            onClick={() => fileInput.current?.click()}
            className="absolute -end-1 bottom-0 grid size-11 place-items-center rounded-full border-4 border-surface bg-brand-700 text-white shadow-md transition-colors hover:bg-brand-800"
            aria-label={m.profile_picture_change({}, t)}
            title={m.profile_picture_change({}, t)}
          >
            <Icon name="camera" className="size-5" />
          </button>
        </div>
        <div className="flex-1 text-center sm:text-start">
          <p className="text-xl font-bold text-ink">{profile?.name ?? '\u00a0'}</p>
          <p className="text-muted">
            <bdi dir="ltr">{profile?.email ?? '\u00a0'}</bdi>
          </p>
          <div className="mt-3 flex flex-wrap justify-center gap-2 sm:justify-start">
            <button
              type="button"
              onClick={() => fileInput.current?.click()}
              className="inline-flex min-h-touch items-center gap-2 rounded-full border border-line-strong px-4 text-sm font-semibold text-ink-soft transition-colors hover:border-brand-600 hover:text-brand-800"
            >
              <Icon name="camera" className="size-4" />
              {m.profile_picture_change({}, t)}
            </button>
            {profile?.slug && (
              <a
                href={localizePath(`/gallary/${profile.slug}`, lang)}
                className="inline-flex min-h-touch items-center gap-2 rounded-full border border-line-strong px-4 text-sm font-semibold text-ink-soft transition-colors hover:border-brand-600 hover:text-brand-800"
              >
                <Icon name="store" className="size-4" />
                {m.profile_view_gallery({}, t)}
              </a>
            )}
          </div>
        </div>
        <input
          ref={fileInput}
          type="file"
          accept="image/*"
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          onChange={choosePicture}
          data-profile-picture-input
        />
      </section>

      <form
        onSubmit={submit}
        noValidate
        className="rounded-card border border-line bg-surface p-5 shadow-card sm:p-7"
        data-profile-form
      >
        <h2 className="mb-5 text-lg font-bold text-ink">{m.profile_edit_title({}, t)}</h2>
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            id="profile-name"
            label={m.profile_name({}, t)}
            icon={kind === 'dealership' ? 'store' : 'user'}
            autoComplete={kind === 'dealership' ? 'organization' : 'name'}
            value={form.name}
            onValue={(value) => set('name', value)}
            maxLength={100}
          />
          <TextField
            id="profile-email"
            label={m.profile_email({}, t)}
            type="email"
            icon="mail"
            ltr
            autoComplete="email"
            inputMode="email"
            value={form.email}
            onValue={(value) => set('email', value)}
            maxLength={254}
          />
          <TextField
            id="profile-mobile"
            label={m.profile_mobile({}, t)}
            type="tel"
            icon="phone"
            ltr
            autoComplete="tel"
            inputMode="numeric"
            value={form.mobile}
            // Spec §5: profile inputs keep at most 10 digits.
            onValue={(value) => set('mobile', sanitizeMobile(value, 'profile'))}
            maxLength={Math.max(MOBILE_MAX_PROFILE, form.mobile.length)}
          />
          {kind === 'dealership' ? (
            <TextField
              key="license"
              id="profile-license"
              label={m.profile_license({}, t)}
              icon="document"
              ltr
              autoComplete="off"
              value={form.licenseNumber}
              onValue={(value) => set('licenseNumber', sanitizeLicenseNumber(value))}
              maxLength={LICENSE_NUMBER_MAX}
            />
          ) : (
            <TextField
              key="ssn"
              id="profile-ssn"
              label={m.profile_ssn({}, t)}
              icon="idCard"
              ltr
              inputMode="numeric"
              autoComplete="off"
              value={form.ssn}
              onValue={(value) => set('ssn', sanitizeIdentityNumber(value))}
              maxLength={IDENTITY_NUMBER_LENGTH}
            />
          )}
          <SelectField
            id="profile-state"
            label={m.profile_state({}, t)}
            icon="pin"
            value={form.addressState}
            onValue={(value) =>
              setForm((current) => ({ ...current, addressState: value, addressCity: 0 }))
            }
            options={states}
            placeholder={m.signup_choose_state({}, t)}
          />
          <SelectField
            id="profile-city"
            label={m.profile_city({}, t)}
            icon="pin"
            value={cities.length > 0 ? form.addressCity : 0}
            onValue={(value) => set('addressCity', value)}
            options={cities}
            disabled={cities.length === 0}
            placeholder={
              form.addressState > 0
                ? m.signup_choose_city({}, t)
                : m.signup_choose_state_first({}, t)
            }
          />
          <TextField
            id="profile-address"
            label={m.profile_address({}, t)}
            icon="home"
            autoComplete="street-address"
            className="sm:col-span-2"
            value={form.addressInfo}
            onValue={(value) => set('addressInfo', value)}
            maxLength={500}
          />
          <div className="sm:col-span-2">
            <label
              htmlFor="profile-more-info"
              className="mb-1.5 block text-sm font-semibold text-ink-soft"
            >
              {m.profile_more_info({}, t)}
            </label>
            <textarea
              id="profile-more-info"
              name="profile-more-info"
              rows={4}
              maxLength={2000}
              value={form.moreInfo}
              onChange={(event) => set('moreInfo', event.target.value)}
              aria-describedby="profile-more-info-hint"
              className={`${inputClass} py-3 leading-relaxed`}
            />
            <p id="profile-more-info-hint" className="mt-1 text-xs text-muted">
              {m.profile_more_info_hint({}, t)}
            </p>
          </div>
        </div>
        <div className="mt-6 border-t border-line pt-5">
          <SubmitButton busy={busy || !profile}>{m.profile_save({}, t)}</SubmitButton>
        </div>
      </form>

      <Dialog
        open={cropSource !== null}
        onClose={() => setCropSource(null)}
        labelledBy="profile-crop-title"
        size="max-w-2xl"
        name="profile-picture"
      >
        <h2
          id="profile-crop-title"
          className="border-b border-line px-5 py-4 text-lg font-bold text-ink sm:px-6"
        >
          {m.profile_picture_title({}, t)}
        </h2>
        {cropSource && (
          <Suspense
            fallback={
              <div className="h-[min(55vh,24rem)] animate-pulse bg-line/60" aria-hidden="true" />
            }
          >
            <PictureCropper
              lang={lang}
              src={cropSource}
              onCancel={() => setCropSource(null)}
              onCropped={(dataUrl) => void uploadPicture(dataUrl)}
            />
          </Suspense>
        )}
      </Dialog>
    </div>
  );
}
