import { imageAt } from '../../../domain/images.ts';
import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { accountKindOf } from '../../lib/account.ts';
import type { Lang } from '../../lib/i18n.ts';
import { $profile, DEFAULT_PROFILE_IMAGE, loadProfile } from '../../lib/profile.ts';
import { $userName, $userType } from '../../lib/session.ts';
import { m } from '../../paraglide/messages.js';
import { Icon } from '../auth/icons.tsx';

/** A stored picture's small WebP variant (the image store keeps 320, 640 and 1280 px ones). */
export function smallImage(image: string | null | undefined): string {
  if (!image) return DEFAULT_PROFILE_IMAGE;
  return imageAt(image, 320);
}

/**
 * The top of the profile side menu (spec §2): picture (or the default one), name, account kind
 * and this month's visits. The stored name shows at once; the rest arrives with the profile.
 */
export default function ProfileUserCard({ lang }: { lang: Lang }) {
  const t = { locale: lang };
  const profile = useStore($profile);
  const storedName = useStore($userName);
  const userType = useStore($userType);
  const [broken, setBroken] = useState<string | null>(null);
  // The stored session exists only in the browser: the server render (and the first render in
  // the browser, which must match it) shows the neutral card.
  const [mounted, setMounted] = useState(false);

  useEffect(() => {
    setMounted(true);
    // The page's own island reports failures; here they only leave the card without details.
    loadProfile(lang).catch(() => {});
  }, [lang]);

  const name = profile?.name || (mounted && storedName) || m.nav_account_fallback_name({}, t);
  const kind = accountKindOf(profile?.userType ?? (mounted ? userType : undefined));
  const source = smallImage(profile?.image);
  const image = broken === source ? DEFAULT_PROFILE_IMAGE : source;

  return (
    <div className="flex items-center gap-4 lg:flex-col lg:text-center" data-profile-card>
      <img
        src={image}
        alt={m.profile_image_alt({ name }, t)}
        width={96}
        height={96}
        onError={() => setBroken(source)}
        data-profile-image
        className="size-16 shrink-0 rounded-full border-4 border-surface bg-brand-50 object-cover shadow-card lg:size-24"
      />
      <div className="min-w-0 flex-1 lg:w-full">
        <p className="truncate text-lg font-bold text-ink" data-profile-name>
          {name}
        </p>
        {kind && (
          <p className="text-sm text-muted">
            {kind === 'individual'
              ? m.profile_kind_individual({}, t)
              : m.profile_kind_dealership({}, t)}
          </p>
        )}
        <p className="mt-2 inline-flex items-center gap-2 rounded-full bg-brand-50 px-3 py-1 text-sm text-brand-800">
          <Icon name="eye" className="size-4" />
          <span>{m.profile_visits({}, t)}</span>
          <bdi className="font-bold" data-profile-visits>
            {profile ? profile.monthlyVisitsCount : '–'}
          </bdi>
        </p>
      </div>
    </div>
  );
}
