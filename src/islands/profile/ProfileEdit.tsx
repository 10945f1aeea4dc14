import type { Profile } from '../../../server/routes/user/schemas.ts';
import { useEffect, useRef, useState } from 'react';
import { accountKindOf, emptyAccountForm } from '../../lib/account.ts';
import { errorMessage } from '../../lib/api.ts';
import { localizePath, type Lang } from '../../lib/i18n.ts';
import { withLoading } from '../../lib/loading.ts';
import {
  DEFAULT_PROFILE_IMAGE,
  loadProfile,
  updateProfile,
  updateProfileImage,
  type ProfileUpdate,
} from '../../lib/profile.ts';
import { $userType } from '../../lib/session.ts';
import { toastSuccess, toastWarning } from '../../lib/toast.ts';
import {
  profileImageError,
  profileUpdateProblems,
  type ProfileField,
  type AccountKind,
} from '../../../domain/validation.ts';
import { m } from '../../paraglide/messages.js';
import { accountFieldId, AccountFields } from '../forms/AccountFields.tsx';
import { Form, SubmitButton, TextAreaField } from '../forms/fields.tsx';
import { PicturePicker } from '../forms/PicturePicker.tsx';
import { useFieldErrors } from '../forms/use-field-errors.ts';
import { useSubmit } from '../forms/use-submit.ts';
import { Icon } from '../auth/icons.tsx';

const emptyForm: ProfileUpdate = { ...emptyAccountForm, moreInfo: '' };

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

/**
 * Profile edit (spec §2, §4, §5): the form is filled behind the blocking overlay, checked in the
 * spec's order on save (first failure as a warning toast), and reloaded after a successful
 * update. The picture: choose an image, crop it square, and it is uploaded as a JPEG data URL.
 */
const profileFieldId = (field: ProfileField) => accountFieldId('profile', field);

export default function ProfileEdit({ lang }: { lang: Lang }) {
  const t = { locale: lang };
  const [profile, setProfile] = useState<Profile | null>(null);
  const [form, setForm] = useState<ProfileUpdate>(emptyForm);
  const [kind, setKind] = useState<AccountKind | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const { busy, submit } = useSubmit(lang);
  const { errors, mark, clear } = useFieldErrors(lang, profileFieldId);

  const edit = (change: Partial<ProfileUpdate>) => {
    setForm((current) => ({ ...current, ...change }));
    clear(...(Object.keys(change) as ProfileField[]));
  };

  const reload = async () => {
    const loaded = await withLoading(() => loadProfile(lang));
    setProfile(loaded);
    setForm(formOf(loaded));
    setKind(accountKindOf(loaded.userType));
  };
  const refresh = () =>
    reload().catch((error: unknown) => void toastWarning(errorMessage(error, lang)));

  useEffect(() => {
    setKind(accountKindOf($userType.get()));
    void refresh();
    // Once, when the page opens (spec §4).
  }, []);

  const save = async () => {
    if (!kind) return;
    const result = await submit({
      check: () => mark(profileUpdateProblems(form, kind)),
      call: () => updateProfile(form, lang),
    });
    if (!result.ok) return;
    void toastSuccess(m.profile_update_success({}, t));
    await refresh();
  };

  // Spec §4: the crop dialog has closed; the picture is uploaded, then the profile reloaded.
  const uploadPicture = async (dataUrl: string) => {
    const result = await submit({
      check: () => profileImageError(dataUrl),
      call: () => updateProfileImage(dataUrl, lang),
    });
    if (!result.ok) return;
    void toastSuccess(m.profile_picture_success({}, t));
    await refresh();
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
            {kind && (
              // Spec §2: the profile links to add_vehicle for sellers (individuals and dealerships).
              <a
                href={localizePath('/profile/add_vehicle', lang)}
                className="inline-flex min-h-touch items-center gap-2 rounded-full bg-brand-700 px-4 text-sm font-bold text-white transition-colors hover:bg-brand-800"
                data-profile-add-vehicle
              >
                <Icon name="car" className="size-4" />
                {m.profile_add_vehicle({}, t)}
              </a>
            )}
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
                {/* An individual seller has a page, not a showroom. */}
                {kind === 'dealership' ? m.profile_view_gallery({}, t) : m.profile_view_page({}, t)}
              </a>
            )}
          </div>
        </div>
        <PicturePicker
          lang={lang}
          inputRef={fileInput}
          name="profile-picture"
          title={m.profile_picture_title({}, t)}
          onCropped={(dataUrl) => void uploadPicture(dataUrl)}
        />
      </section>

      <Form
        onSubmit={save}
        busy={busy}
        className="rounded-card border border-line bg-surface p-5 shadow-card sm:p-7"
        data-profile-form
      >
        <h2 className="mb-5 text-lg font-bold text-ink">{m.profile_edit_title({}, t)}</h2>
        <div className="grid gap-5 sm:grid-cols-2">
          <AccountFields
            context="profile"
            kind={kind}
            value={form}
            onChange={edit}
            errors={errors}
            lang={lang}
          />
          <TextAreaField
            id="profile-more-info"
            label={m.profile_more_info({}, t)}
            hint={m.profile_more_info_hint({}, t)}
            className="sm:col-span-2"
            maxLength={2000}
            value={form.moreInfo}
            onValue={(moreInfo) => edit({ moreInfo })}
          />
        </div>
        <div className="mt-6 border-t border-line pt-5">
          <SubmitButton busy={busy || !profile}>{m.profile_save({}, t)}</SubmitButton>
        </div>
      </Form>
    </div>
  );
}
