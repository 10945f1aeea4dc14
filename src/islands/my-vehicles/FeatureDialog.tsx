import { imageAt } from '../../../domain/images.ts';
import { starOrderError } from '../../../domain/orders.ts';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../lib/api.ts';
import { localizePath, type Lang } from '../../lib/i18n.ts';
import { keepOrder } from '../../lib/order-payment.ts';
import { toastWarning } from '../../lib/toast.ts';
import { validationText } from '../../lib/validation-text.ts';
import { m } from '../../paraglide/messages.js';
import { Dialog } from '../auth/Dialog.tsx';
import { dialogButtonClass } from '../forms/fields.tsx';
import { starOrderTerms } from '../orders/calls.ts';
import OrderTerms, { daysFrom } from '../orders/OrderTerms.tsx';
import { TableIcon } from './icons.tsx';

interface Props {
  lang: Lang;
  vehicle: { id: number; name: string; image: string };
  onClose: () => void;
}

/**
 * The feature (star) request of spec §2/§4/§5: the vehicle, the likely display date and the
 * daily price fetched when it opens, the days and the live total; the checks in order
 * ('هنالك خطأ في تحديد المركبة', 'حددالطلب بالأيام', at most 30 days), then the order is kept
 * for /payment.
 */
export default function FeatureDialog({ lang, vehicle, onClose }: Props) {
  const t = { locale: lang };
  const titleId = useId();
  const [terms, setTerms] = useState<{ expectedDate: string; dailyPrice: number } | null>(null);
  const [days, setDays] = useState('');
  const [message, setMessage] = useState('');

  useEffect(() => {
    let live = true;
    starOrderTerms(lang).then(
      (answer) => live && setTerms(answer),
      (error: unknown) => void toastWarning(errorMessage(error, lang)),
    );
    return () => {
      live = false;
    };
  }, [lang]);

  const next = () => {
    if (!terms) return;
    const order = { vehicleId: vehicle.id, durationDay: daysFrom(days), message };
    const problem = starOrderError(order);
    if (problem) return void toastWarning(validationText(problem, lang));
    keepOrder({
      kind: 'star',
      ...order,
      message: message.trim(),
      vehicleName: vehicle.name,
      vehicleImage: vehicle.image,
      dailyPrice: terms.dailyPrice,
      totalPrice: 0,
      expectedDate: terms.expectedDate,
    });
    window.location.assign(localizePath('/payment', lang));
  };

  return (
    <Dialog open onClose={onClose} labelledBy={titleId} size="max-w-xl" name="feature-request">
      <div className="flex items-center gap-4 border-b border-line px-5 py-3 sm:px-6">
        <h2 id={titleId} className="flex-1 text-lg font-bold text-ink sm:text-xl">
          {m.star_request_title({}, t)}
        </h2>
        <button
          type="button"
          onClick={onClose}
          className="-me-2 grid size-touch shrink-0 place-items-center rounded-full text-muted hover:bg-canvas hover:text-ink"
        >
          <TableIcon name="close" className="size-5" />
          <span className="sr-only">{m.dialog_close({}, t)}</span>
        </button>
      </div>
      <div className="flex flex-col gap-5 px-5 py-5 sm:px-6">
        <div className="flex items-center gap-4">
          {vehicle.image ? (
            <img
              src={imageAt(vehicle.image, 320)}
              alt=""
              width={112}
              height={64}
              className="aspect-[7/4] w-28 shrink-0 rounded-control bg-line object-cover"
            />
          ) : null}
          <div className="min-w-0">
            <p className="text-sm text-muted">{m.star_request_vehicle({}, t)}</p>
            <p className="font-bold text-ink" data-feature-vehicle>
              <bdi>{vehicle.name}</bdi>
            </p>
          </div>
        </div>
        <p className="text-ink-soft">{m.star_request_intro({}, t)}</p>
        <OrderTerms
          lang={lang}
          terms={terms}
          days={days}
          onDays={setDays}
          message={message}
          onMessage={setMessage}
        />
        <div className="flex flex-col-reverse gap-3 border-t border-line pt-4 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={dialogButtonClass.secondary}>
            {m.orders_cancel({}, t)}
          </button>
          <button
            type="button"
            onClick={next}
            disabled={!terms}
            className={dialogButtonClass.primary}
            data-feature-next
          >
            {m.orders_to_payment({}, t)}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
