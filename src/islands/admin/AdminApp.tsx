import { useStore } from '@nanostores/react';
import { Suspense, useEffect, useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { localizePath, otherLang, type Lang } from '../../lib/i18n.ts';
import { startNotifications } from '../../lib/notifications.ts';
import { $isAdmin, $token, signOut } from '../../lib/session.ts';
import { tokenStatus } from '../../lib/token.ts';
import { m } from '../../paraglide/messages.js';
import { adminHref, $adminPath, navigate } from './kit/nav.ts';
import type { AdminMenuGroup, AdminScreen } from './screen.ts';
import { adminScreens } from './screens.ts';
import { AdminLogin } from './shell/AdminLogin.tsx';
import { Bell } from './shell/Bell.tsx';
import { $adminSession, holds, loadAdminSession } from './shell/session.ts';

const GROUPS: AdminMenuGroup[] = ['home', 'review', 'people', 'catalogue', 'site', 'system'];
const groupLabel = (group: AdminMenuGroup, lang: Lang) => {
  const t = { locale: lang };
  return {
    home: m.admin_group_home({}, t),
    catalogue: m.admin_group_catalogue({}, t),
    people: m.admin_group_people({}, t),
    review: m.admin_group_review({}, t),
    site: m.admin_group_site({}, t),
    system: m.admin_group_system({}, t),
  }[group];
};

type Gate = 'checking' | 'login' | 'ready';

/**
 * The admin dashboard: one client-rendered app under /admin and /en/admin. Without an admin
 * session it shows the sign-in; a signed-in seller is sent back to the public site.
 */
export default function AdminApp({ lang }: { lang: Lang }) {
  const path = useStore($adminPath);
  const session = useStore($adminSession);
  const [gate, setGate] = useState<Gate>('checking');

  const check = async () => {
    const token = $token.get();
    if (!token || tokenStatus(token) !== 'valid') {
      setGate('login');
      return;
    }
    if (!$isAdmin.get()) {
      // A seller's session never opens the dashboard.
      location.replace(localizePath('/', lang));
      return;
    }
    try {
      await loadAdminSession(lang);
      startNotifications();
      setGate('ready');
    } catch (error) {
      if (error instanceof ApiError && error.status === 403) {
        location.replace(localizePath('/', lang));
        return;
      }
      setGate('login');
    }
  };

  useEffect(() => {
    void check();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (gate === 'login' && path !== 'login') navigate('login', lang, { replace: true });
    if (gate === 'ready' && path === 'login') navigate('', lang, { replace: true });
  }, [gate, path, lang]);

  if (gate === 'checking') {
    return <p className="p-8 text-center text-muted">{m.admin_loading({}, { locale: lang })}</p>;
  }
  if (gate === 'login') return <AdminLogin lang={lang} onSignedIn={() => void check()} />;

  const allowed = adminScreens.filter((screen) => holds(session, screen.permission));
  // The home is the first screen the admin may open when the statistics are not theirs.
  const screen =
    adminScreens.find((entry) => entry.path === path) ?? (path === '' ? allowed[0] : undefined);
  return (
    <Frame lang={lang} path={screen?.path ?? path} allowed={allowed}>
      {!screen ? (
        <p role="alert" className="rounded-xl bg-accent-100 px-4 py-3">
          {m.admin_not_found({}, { locale: lang })}
        </p>
      ) : !holds(session, screen.permission) ? (
        <p role="alert" className="rounded-xl bg-red-50 px-4 py-3 text-red-800">
          {m.admin_not_allowed({}, { locale: lang })}
        </p>
      ) : (
        <Screen screen={screen} lang={lang} />
      )}
    </Frame>
  );
}

function Screen({ screen, lang }: { screen: AdminScreen; lang: Lang }) {
  const Component = screen.component;
  return (
    <>
      <h1 className="mb-5 text-2xl font-bold">{screen.label()}</h1>
      <Suspense fallback={<p className="text-muted">{m.admin_loading({}, { locale: lang })}</p>}>
        <Component />
      </Suspense>
    </>
  );
}

function Frame({
  lang,
  path,
  allowed,
  children,
}: {
  lang: Lang;
  path: string;
  allowed: AdminScreen[];
  children: React.ReactNode;
}) {
  const t = { locale: lang };
  const session = useStore($adminSession);
  const [menuOpen, setMenuOpen] = useState(false);
  const other = otherLang(lang);
  const link = (screen: AdminScreen) => (
    <a
      href={adminHref(screen.path, lang)}
      aria-current={screen.path === path ? 'page' : undefined}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey) return;
        event.preventDefault();
        setMenuOpen(false);
        navigate(screen.path, lang);
      }}
      className={`block rounded-lg px-3 py-2 text-sm ${screen.path === path ? 'bg-brand-700 font-bold text-white' : 'text-ink-soft hover:bg-brand-50'}`}
    >
      {screen.label()}
    </a>
  );
  return (
    <div className="min-h-dvh bg-canvas lg:grid lg:grid-cols-[16rem_1fr]">
      <aside
        className={`${menuOpen ? 'block' : 'hidden'} border-e border-line bg-surface p-4 lg:block`}
        aria-label={m.admin_menu({}, t)}
      >
        <p className="mb-4 text-lg font-bold text-brand-800">{m.admin_title({}, t)}</p>
        <nav aria-label={m.admin_menu({}, t)} className="space-y-4">
          {GROUPS.map((group) => {
            const entries = allowed.filter((screen) => screen.group === group);
            if (entries.length === 0) return null;
            return (
              <div key={group}>
                <p className="mb-1 px-3 text-xs font-bold text-muted uppercase">
                  {groupLabel(group, lang)}
                </p>
                <ul className="space-y-0.5">
                  {entries.map((screen) => (
                    <li key={screen.path}>{link(screen)}</li>
                  ))}
                </ul>
              </div>
            );
          })}
        </nav>
      </aside>
      <div className="min-w-0">
        <header className="flex items-center justify-between gap-3 border-b border-line bg-surface px-4 py-3">
          <button
            type="button"
            className="rounded-full border border-line px-3 py-2 text-sm lg:hidden"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen(!menuOpen)}
          >
            {m.admin_menu({}, t)}
          </button>
          <div className="flex items-center gap-3">
            {session?.image ? (
              <img src={session.image} alt="" className="size-9 rounded-full object-cover" />
            ) : null}
            <span className="font-semibold" data-testid="admin-name">
              {session?.name}
            </span>
          </div>
          <div className="flex items-center gap-2">
            <Bell lang={lang} />
            <a
              href={adminHref(path, other)}
              hrefLang={other}
              lang={other}
              className="rounded-full border border-line px-3 py-2 text-sm"
            >
              {other === 'en' ? 'English' : 'العربية'}
            </a>
            <a href={localizePath('/', lang)} className="hidden text-sm underline sm:inline">
              {m.admin_view_site({}, t)}
            </a>
            <button
              type="button"
              onClick={() => {
                signOut();
                location.assign(adminHref('login', lang));
              }}
              className="rounded-full border border-line px-3 py-2 text-sm"
            >
              {m.admin_logout({}, t)}
            </button>
          </div>
        </header>
        <main className="mx-auto max-w-7xl p-4 lg:p-8">{children}</main>
      </div>
    </div>
  );
}
