import { imageAt } from '../../../domain/images.ts';
import { useCallback, useEffect, useState } from 'react';
import type {
  FavouriteVehicle,
  FavouriteVehicles,
} from '../../../server/routes/vehicle/schemas.ts';
import { apiGet, errorMessage } from '../../lib/api.ts';
import { toggleFavourite } from '../../lib/favourites.ts';
import { favouriteDescriptionPreview, formatPrice } from '../../lib/format.ts';
import { localizePath, type Lang } from '../../lib/i18n.ts';
import { withLoading } from '../../lib/loading.ts';
import { toastWarning } from '../../lib/toast.ts';
import { m } from '../../paraglide/messages.js';
import { Icon } from '../auth/icons.tsx';

/** The 640 px WebP variant of a stored photo, for a card about 20 rem wide. */
const cardImage = (image: string) => imageAt(image, 640);

/**
 * The favourites page (seller spec §2): a card per saved vehicle with its photo, name, a short
 * description, price, the seller linking to their gallery, and the star. Un-starring removes the
 * card; the server's message shows in green (added) or red (removed).
 */
export default function FavouritesList({ lang }: { lang: Lang }) {
  const t = { locale: lang };
  const [vehicles, setVehicles] = useState<FavouriteVehicle[] | null>(null);
  const [busyId, setBusyId] = useState<number | null>(null);

  const load = useCallback(
    async (overlay: boolean) => {
      const fetch = () =>
        apiGet<FavouriteVehicles>('/api/Vehicle/GetVehiclesFavorite', undefined, { lang });
      try {
        const answer = overlay ? await withLoading(fetch) : await fetch();
        setVehicles(Array.isArray(answer?.vehicles?.data) ? answer.vehicles.data : []);
      } catch (error) {
        setVehicles((current) => current ?? []);
        void toastWarning(errorMessage(error, lang));
      }
    },
    [lang],
  );

  useEffect(() => {
    void load(true);
  }, [load]);

  const toggle = async (vehicle: FavouriteVehicle) => {
    if (busyId !== null) return;
    setBusyId(vehicle.id);
    try {
      const outcome = await toggleFavourite(vehicle.id, lang);
      if (outcome.kind === 'done') {
        if (!outcome.isFavorite) {
          setVehicles((list) => list?.filter((item) => item.id !== vehicle.id) ?? list);
        }
        // Seller spec §4: the favourite lists are refreshed after a toggle.
        void load(false);
      }
    } finally {
      setBusyId(null);
    }
  };

  if (vehicles === null) {
    return (
      <div className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3" aria-hidden="true">
        {[0, 1, 2].map((key) => (
          <div key={key} className="h-80 animate-pulse rounded-card bg-line/60" />
        ))}
      </div>
    );
  }

  if (vehicles.length === 0) {
    return (
      <div
        className="flex flex-col items-center gap-4 rounded-card border border-dashed border-line-strong bg-surface px-6 py-14 text-center"
        data-favourites-empty
      >
        <span className="grid size-16 place-items-center rounded-full bg-accent-100 text-accent-500">
          <Icon name="star" className="size-8" />
        </span>
        <p className="text-lg font-semibold text-ink-soft">{m.favorit_empty({}, t)}</p>
        <a
          href={localizePath('/vehicles', lang)}
          className="inline-flex min-h-12 items-center rounded-full bg-brand-700 px-6 font-bold text-white hover:bg-brand-800"
        >
          {m.favorit_browse({}, t)}
        </a>
      </div>
    );
  }

  return (
    <>
      <p className="mb-4 text-sm text-muted" aria-live="polite">
        {m.favorit_count({ count: vehicles.length }, t)}
      </p>
      <ul className="grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
        {vehicles.map((vehicle) => {
          const title = `${vehicle.brandName} ${vehicle.modelName}`.trim();
          const name = `${title} ${vehicle.year}`;
          const preview = favouriteDescriptionPreview(vehicle.moreInfo);
          return (
            <li key={vehicle.id}>
              <article
                className="group relative flex h-full flex-col overflow-hidden rounded-card border border-line bg-surface shadow-card transition-shadow focus-within:shadow-pop hover:shadow-pop"
                data-favourite-card={vehicle.id}
              >
                <div className="relative aspect-[640/366] overflow-hidden bg-line">
                  {vehicle.image && (
                    <img
                      src={cardImage(vehicle.image)}
                      alt={name}
                      width={640}
                      height={366}
                      loading="lazy"
                      decoding="async"
                      className="size-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
                    />
                  )}
                  <button
                    type="button"
                    onClick={() => void toggle(vehicle)}
                    disabled={busyId === vehicle.id}
                    aria-pressed="true"
                    aria-label={m.favorit_remove({ name }, t)}
                    title={m.favorit_remove({ name }, t)}
                    data-favourite-toggle={vehicle.id}
                    className="absolute end-3 top-3 z-10 grid size-11 place-items-center rounded-full bg-white/95 text-accent-400 shadow-md ring-1 ring-black/5 transition hover:scale-105 active:scale-95 disabled:opacity-60"
                  >
                    <svg
                      viewBox="0 0 24 24"
                      fill="currentColor"
                      stroke="currentColor"
                      strokeWidth={2}
                      strokeLinejoin="round"
                      aria-hidden="true"
                      className="size-6"
                    >
                      <path d="M12 3.5l2.6 5.3 5.8.8-4.2 4.1 1 5.8-5.2-2.7-5.2 2.7 1-5.8-4.2-4.1 5.8-.8z" />
                    </svg>
                  </button>
                </div>
                <div className="flex flex-1 flex-col gap-2 p-4">
                  <div className="flex items-start justify-between gap-3">
                    <h2 className="min-w-0 text-lg leading-snug font-bold text-ink">
                      <a
                        href={localizePath(`/vehicle/${vehicle.slug}`, lang)}
                        className="line-clamp-1 after:absolute after:inset-0 after:z-0 after:content-[''] hover:text-brand-800"
                      >
                        {title}
                      </a>
                    </h2>
                    <span className="shrink-0 rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-semibold text-brand-800">
                      {vehicle.year}
                    </span>
                  </div>
                  {preview && (
                    <p
                      dir="auto"
                      className="text-sm leading-relaxed text-muted"
                      data-favourite-description
                    >
                      {preview}
                    </p>
                  )}
                  <p className="text-xl font-bold text-brand-700" dir="auto">
                    <bdi>{formatPrice(vehicle.price, vehicle.currency, lang)}</bdi>
                  </p>
                  <p className="relative z-10 mt-auto flex items-center gap-1.5 border-t border-line pt-3 text-sm text-muted">
                    <Icon name="store" className="size-4 shrink-0" />
                    <span>{m.favorit_owner({}, t)}:</span>
                    <a
                      href={localizePath(`/gallary/${vehicle.ownerSlug}`, lang)}
                      className="truncate font-semibold text-brand-700 hover:underline"
                    >
                      {vehicle.ownerName}
                    </a>
                  </p>
                </div>
              </article>
            </li>
          );
        })}
      </ul>
    </>
  );
}
