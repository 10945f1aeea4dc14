import { useStore } from '@nanostores/react';
import { useEffect, useState, type MouseEvent } from 'react';
import { loginPathFor, PROFILE_PATH } from '../../lib/account.ts';
import { startFavourites } from '../../lib/favourites.ts';
import { showFlash } from '../../lib/flash.ts';
import { localizePath, type Lang } from '../../lib/i18n.ts';
import { startNotifications } from '../../lib/notifications.ts';
import {
  $isAdmin,
  $isSignedIn,
  $userName,
  currentTokenStatus,
  signOut,
} from '../../lib/session.ts';
import { m } from '../../paraglide/messages.js';
import { Icon } from '../auth/icons.tsx';
import { serverHtmlFromProps } from '../server-html.ts';
import NotificationBell from './NotificationBell.tsx';

/**
 * The signed-in corner of the top bar: the bell and the account menu. The server renders it for
 * everyone and CSS shows it only under <html data-session="on">, so it appears before hydration
 * without a flash; after hydration it keeps that flag in step with the session store.
 *
 * It sits on every page, so it also runs the signed-in part of spec §2 "App start": the
 * notifications (and their real-time hub) and the favourite ids load while the session is
 * valid, and a message left by the previous page (e.g. "Login Success") shows here.
 */
function SessionMenu({ lang }: { lang: Lang }) {
  const t = { locale: lang };
  const signedIn = useStore($isSignedIn);
  const userName = useStore($userName);
  const isAdmin = useStore($isAdmin);
  const [hydrated, setHydrated] = useState(false);

  useEffect(() => {
    setHydrated(true);
    startNotifications();
    startFavourites();
    showFlash();
  }, []);

  useEffect(() => {
    if (signedIn) document.documentElement.setAttribute('data-session', 'on');
    else document.documentElement.removeAttribute('data-session');
  }, [signedIn]);

  // Spec §2: the profile shortcut goes to login once the token has expired (and comes back).
  const openProfile = (event: MouseEvent<HTMLAnchorElement>) => {
    if (currentTokenStatus() === 'valid') return;
    event.preventDefault();
    signOut();
    window.location.assign(loginPathFor(localizePath(PROFILE_PATH, lang), lang));
  };

  const logOut = () => {
    signOut();
    window.location.assign(localizePath('/', lang));
  };

  // The stored name is known only in the browser; the server render shows the fallback.
  const name = (hydrated && userName) || m.nav_account_fallback_name({}, t);

  return (
    <div className="flex items-center gap-0.5 xl:gap-1">
      <NotificationBell lang={lang} />
      <details data-dismissible className="group relative">
        <summary
          aria-label={m.nav_account_menu({}, t)}
          className="flex min-h-touch cursor-pointer items-center gap-2 rounded-full p-0.5 transition-colors xl:border xl:border-line xl:py-1 xl:ps-1 xl:pe-3 xl:hover:border-brand-600"
        >
          <span className="grid size-10 place-items-center rounded-full bg-brand-100 text-brand-800 xl:size-9">
            <Icon name="user" className="size-5" />
          </span>
          <span className="hidden max-w-36 truncate font-semibold text-ink xl:inline">{name}</span>
          <Icon
            name="chevronDown"
            className="hidden size-4 text-muted transition-transform group-open:rotate-180 xl:block"
          />
        </summary>
        <div className="absolute end-0 top-full z-50 mt-2 w-60 rounded-card border border-line bg-surface p-2 shadow-pop">
          <p className="truncate border-b border-line px-3 pt-1 pb-2 text-sm text-muted">{name}</p>
          <ul className="mt-1 flex flex-col">
            <li>
              <a
                // An admin's account lives in the dashboard.
                href={localizePath(hydrated && isAdmin ? '/admin' : '/profile', lang)}
                onClick={openProfile}
                className="flex min-h-touch items-center gap-3 rounded-control px-3 font-semibold text-ink-soft hover:bg-brand-50 hover:text-brand-800"
              >
                <Icon name="user" className="size-5" />
                {m.nav_profile({}, t)}
              </a>
            </li>
            <li>
              <button
                type="button"
                onClick={logOut}
                className="flex min-h-touch w-full items-center gap-3 rounded-control px-3 text-start font-semibold text-danger hover:bg-status-other-bg"
              >
                <Icon name="logout" className="size-5 rtl:-scale-x-100" />
                {m.nav_logout({}, t)}
              </button>
            </li>
          </ul>
        </div>
      </details>
    </div>
  );
}

// On every page: its server HTML (the signed-out state, per language) is rendered once.
export default serverHtmlFromProps(SessionMenu);
