import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { formatDateTime } from '../../lib/format.ts';
import type { Lang } from '../../lib/i18n.ts';
import { $notifications, markAllRead, notificationHref } from '../../lib/notifications.ts';
import { m } from '../../paraglide/messages.js';
import { Icon } from '../auth/icons.tsx';

/** The badge never grows past three characters. */
export const badgeText = (count: number) => (count > 99 ? '99+' : String(count));

/**
 * The bell of the top bar (spec §2, §4): the unread count, and a list of the notifications that
 * opens on click and marks them all read. The ones that were unread when it opened stay marked
 * "new" while it is open, so the visitor can see what arrived.
 */
export default function NotificationBell({ lang }: { lang: Lang }) {
  const t = { locale: lang };
  const { notReadNum, data } = useStore($notifications);
  const [open, setOpen] = useState(false);
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const root = useRef<HTMLDivElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      root.current?.querySelector('button')?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  // Notifications that arrive while the list is open are new too.
  useEffect(() => {
    if (!open) return;
    const unread = data.filter((item) => !item.isRead).map((item) => item.id);
    if (unread.length === 0) return;
    setFresh((current) => new Set([...current, ...unread]));
    void markAllRead(lang);
  }, [open, data, lang]);

  const toggle = () => {
    if (open) {
      setOpen(false);
      return;
    }
    setFresh(new Set(data.filter((item) => !item.isRead).map((item) => item.id)));
    setOpen(true);
  };

  const label =
    notReadNum > 0
      ? m.nav_notifications_unread({ count: String(notReadNum) }, t)
      : m.nav_notifications({}, t);

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        data-bell
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        className="relative grid size-touch place-items-center rounded-full text-ink-soft transition-colors hover:bg-brand-50 hover:text-brand-800 aria-expanded:bg-brand-50 aria-expanded:text-brand-800"
      >
        <Icon name="bell" className="size-6" />
        {notReadNum > 0 && (
          <span
            data-bell-count
            aria-hidden="true"
            className="absolute -top-0.5 -end-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-danger px-1 text-[0.6875rem] leading-none font-bold text-white ring-2 ring-surface"
          >
            {badgeText(notReadNum)}
          </span>
        )}
      </button>

      <section
        id={panelId}
        hidden={!open}
        aria-label={m.bell_title({}, t)}
        data-bell-panel
        className="fixed inset-x-3 top-[4.25rem] z-50 max-h-[min(32rem,calc(100dvh-6rem))] overflow-hidden rounded-card border border-line bg-surface shadow-pop sm:absolute sm:inset-x-auto sm:end-0 sm:top-full sm:mt-2 sm:w-96"
      >
        <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-3">
          <p className="font-bold text-ink">{m.bell_title({}, t)}</p>
          {fresh.size > 0 && (
            <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-800">
              {m.bell_new_count({ count: String(fresh.size) }, t)}
            </span>
          )}
        </div>
        {data.length === 0 ? (
          <p className="px-4 py-10 text-center text-muted">{m.bell_empty({}, t)}</p>
        ) : (
          <ul className="max-h-[min(28rem,calc(100dvh-10rem))] divide-y divide-line overflow-y-auto overscroll-contain">
            {data.map((item) => {
              const unread = fresh.has(item.id) || !item.isRead;
              const href = notificationHref(item.link, lang);
              const body = (
                <>
                  <span
                    className={`mt-0.5 grid size-9 shrink-0 place-items-center rounded-full ${unread ? 'bg-brand-700 text-white' : 'bg-canvas text-muted'}`}
                  >
                    <Icon name="bell" className="size-4" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="flex items-start gap-2">
                      <span
                        dir="auto"
                        className={`flex-1 font-semibold ${unread ? 'text-ink' : 'text-ink-soft'}`}
                      >
                        {item.title}
                      </span>
                      <span className="sr-only">
                        ({unread ? m.bell_unread({}, t) : m.bell_read({}, t)})
                      </span>
                    </p>
                    <p dir="auto" className="text-sm break-words text-ink-soft">
                      {item.message}
                    </p>
                    <p className="mt-1 text-xs text-muted">
                      <bdi dir="ltr">{formatDateTime(item.createdAt, lang)}</bdi>
                    </p>
                  </div>
                </>
              );
              const row = 'flex gap-3 px-4 py-3';
              return (
                <li
                  key={item.id}
                  data-notification={item.id}
                  data-unread={unread ? 'true' : undefined}
                  className={unread ? 'bg-brand-50/60' : ''}
                >
                  {href ? (
                    // Opening the bell already marked it read; the link leads to what it is about.
                    <a
                      href={href}
                      data-notification-link
                      onClick={() => setOpen(false)}
                      className={`${row} transition-colors hover:bg-brand-50 focus-visible:bg-brand-50`}
                    >
                      {body}
                    </a>
                  ) : (
                    <div className={row}>{body}</div>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
