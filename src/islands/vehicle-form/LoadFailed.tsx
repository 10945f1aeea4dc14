import type { Lang } from '../../lib/i18n.ts';
import { m } from '../../paraglide/messages.js';
import { Icon } from '../auth/icons.tsx';

/** What the vehicle form shows instead when its lists or the vehicle could not be loaded. */
export function LoadFailed({ lang, message, back }: { lang: Lang; message: string; back: string }) {
  const t = { locale: lang };
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-4 rounded-card border border-line bg-surface p-6 shadow-card"
      data-vehicle-load-error
    >
      <p className="text-lg font-semibold text-danger">{message}</p>
      <a
        href={back}
        className="inline-flex min-h-12 items-center gap-2 rounded-full bg-brand-700 px-6 font-bold text-white hover:bg-brand-800"
      >
        <Icon name="car" className="size-5" />
        {m.vehicle_form_back({}, t)}
      </a>
    </div>
  );
}
