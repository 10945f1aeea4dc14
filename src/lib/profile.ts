import { atom } from 'nanostores';
import { accountKindOf, accountPayload, type AccountForm } from './account.ts';
import { m } from '../paraglide/messages.js';
import { ApiError, apiGet, apiRequest } from './api.ts';
import type { Lang } from './i18n.ts';
import { $userId, $userName, $userType } from './session.ts';
import type { AccountKind } from '../../domain/validation.ts';
import type { ImageAnswer, Profile } from '../../server/routes/user/schemas.ts';

/*
 * The signed-in visitor's own profile (spec §3): one store shared by the side menu and the edit
 * form, so a profile page asks for it once and an update shows everywhere at once. Spec §6: the
 * account kind picks the customer or the company calls.
 */

/** What the edit form sends (spec §3 profile update form). */
export interface ProfileUpdate extends AccountForm {
  moreInfo: string;
}

const calls: Record<AccountKind, { info: string; update: string; image: string }> = {
  individual: {
    info: '/api/User/CustomerProfileInfo',
    update: '/api/User/CustomerProfileUpdate',
    image: '/api/User/UpdateCustomerImage',
  },
  dealership: {
    info: '/api/User/CompanyProfileInfo',
    update: '/api/User/CompanyProfileUpdate',
    image: '/api/User/UpdateCompanyImage',
  },
};

/** The calls for the stored account kind; null for an account without a profile (admin). */
export function profileCalls(userType: number | null | undefined) {
  const kind = accountKindOf(userType);
  return kind ? { kind, ...calls[kind] } : null;
}

/** Shown in the side menu when the visitor has no picture (spec §2). */
export const DEFAULT_PROFILE_IMAGE = '/img/profile-icon.png';

export const $profile = atom<Profile | null>(null);

let loading: Promise<Profile> | null = null;

/** An account without a profile (admin): the API would answer 403, so it is not asked. */
function noProfileError(lang: Lang): ApiError {
  return new ApiError(m.general_user_not_allow_error_message({}, { locale: lang }), 403);
}

/** Loads the profile; calls made while one load runs share it. Rejects with the ApiError. */
export function loadProfile(lang: Lang): Promise<Profile> {
  if (loading) return loading;
  const api = profileCalls($userType.get());
  if (!api) return Promise.reject(noProfileError(lang));
  loading = apiGet<Profile>(api.info, { userId: $userId.get() }, { lang })
    .then((profile) => {
      $profile.set(profile);
      // The top bar shows the stored name: keep it in step with the profile.
      if (profile.name && profile.name !== $userName.get()) $userName.set(profile.name);
      return profile;
    })
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** Sends the edit form; the caller reloads the profile afterwards (spec §4). */
export async function updateProfile(form: ProfileUpdate, lang: Lang): Promise<void> {
  const api = profileCalls($userType.get());
  if (!api) throw noProfileError(lang);
  const body = {
    id: $userId.get(),
    ...accountPayload(form, api.kind),
    moreInfo: form.moreInfo.trim(),
  };
  await apiRequest<Profile>(api.update, { method: 'PUT', body, lang });
}

/** Uploads a picture (a JPEG data URL) and shows it at once. */
export async function updateProfileImage(image: string, lang: Lang): Promise<string> {
  const api = profileCalls($userType.get());
  if (!api) throw noProfileError(lang);
  const answer = await apiRequest<ImageAnswer>(api.image, {
    method: 'PUT',
    body: { id: $userId.get(), image },
    lang,
  });
  const profile = $profile.get();
  if (profile && answer?.image) $profile.set({ ...profile, image: answer.image });
  return answer?.image ?? '';
}
