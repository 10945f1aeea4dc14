import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { formatDateTime } from '../../../lib/format.ts';
import type { Lang } from '../../../lib/i18n.ts';
import { $notifications, markOneRead, notificationHref } from '../../../lib/notifications.ts';
import { navigate, screenPathOf } from '../kit/nav.ts';
import { m } from '../../../paraglide/messages.js';

/**
 * The admin's bell: the unread count, and the list where each notification is read on its own
 * (seller spec §2, §4), as new ones arrive live through the hub.
 */
export function Bell({ lang }: { lang: Lang }) {
  const t = { locale: lang };
  const { notReadNum, data } = useStore($notifications);
  const [open, setOpen] = useState(false);
  return (
    <div className="relative">
      <button
        type="button"
        aria-expanded={open}
        // The list exists only while open: a reference to it when closed would point at nothing.
        aria-controls={open ? 'admin-bell-list' : undefined}
        onClick={() => setOpen(!open)}
        className="relative grid size-11 place-items-center rounded-full border border-line bg-surface hover:border-brand-600"
      >
        <span className="sr-only">{m.admin_bell({}, t)}</span>
        <svg viewBox="0 0 24 24" aria-hidden="true" className="size-5 fill-none stroke-current">
          <path
            strokeWidth="2"
            strokeLinecap="round"
            d="M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8M10 20a2 2 0 0 0 4 0"
          />
        </svg>
        {notReadNum > 0 && (
          <span
            data-testid="admin-bell-count"
            className="absolute -end-1 -top-1 grid min-w-5 place-items-center rounded-full bg-red-700 px-1 text-xs font-bold text-white"
          >
            {notReadNum}
          </span>
        )}
      </button>
      {open && (
        <div
          id="admin-bell-list"
          className="absolute end-0 z-30 mt-2 max-h-[70dvh] w-[min(24rem,90vw)] overflow-y-auto rounded-2xl border border-line bg-surface shadow-xl"
        >
          <p className="border-b border-line px-4 py-3 text-sm font-semibold">
            {m.admin_bell_unread({ count: notReadNum }, t)}
          </p>
          {data.length === 0 ? (
            <p className="px-4 py-6 text-center text-muted">{m.admin_bell_empty({}, t)}</p>
          ) : (
            <ul>
              {data.map((item) => (
                <li
                  key={item.id}
                  className={`border-b border-line px-4 py-3 last:border-0 ${item.isRead ? '' : 'bg-brand-50'}`}
                >
                  {notificationHref(item.link, lang) ? (
                    <a
                      href={notificationHref(item.link, lang)!}
                      data-notification-link
                      onClick={(event) => {
                        if (!item.isRead) void markOneRead(item.id, lang);
                        setOpen(false);
                        // A dashboard screen opens in place; any other page loads.
                        if (/^\/admin(\/|$)/.test(item.link) && !event.ctrlKey && !event.metaKey) {
                          event.preventDefault();
                          navigate(screenPathOf(item.link.split(/[?#]/)[0]!), lang);
                        }
                      }}
                      className="block font-semibold text-brand-800 underline-offset-2 hover:underline"
                    >
                      {item.title}
                    </a>
                  ) : (
                    <p className="font-semibold">{item.title}</p>
                  )}
                  <p className="text-sm text-ink-soft">{item.message}</p>
                  <div className="mt-1 flex items-center justify-between gap-2 text-xs text-muted">
                    <time dateTime={item.createdAt}>{formatDateTime(item.createdAt, lang)}</time>
                    {!item.isRead && (
                      <button
                        type="button"
                        onClick={() => void markOneRead(item.id, lang)}
                        className="rounded-full border border-line-strong px-3 py-1 font-semibold text-brand-800"
                      >
                        {m.admin_bell_mark_read({}, t)}
                      </button>
                    )}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </div>
  );
}
