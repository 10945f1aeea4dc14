import { image360Error } from '../../../domain/vehicle-draft.ts';
import { useEffect, useId, useRef, useState } from 'react';
import type { Image360Answer } from '../../../server/routes/vehicle/schemas.ts';
import { errorMessage } from '../../lib/api.ts';
import type { Lang } from '../../lib/i18n.ts';
import { remove360 } from '../../lib/my-vehicles.ts';
import { confirmDialog } from '../../lib/confirm.ts';
import { toastSuccessClosing, toastWarning } from '../../lib/toast.ts';
import { uploadJson } from '../../lib/upload.ts';
import { validationText } from '../../lib/validation-text.ts';
import { m } from '../../paraglide/messages.js';
import { Dialog } from '../auth/Dialog.tsx';
import { TableIcon } from './icons.tsx';
import { PANORAMA_TYPES, preparePanorama, type PreparedPanorama } from './panorama-file.ts';

interface Props {
  lang: Lang;
  vehicle: { id: number; name: string; image360: string };
  onClose: () => void;
  /** The vehicle's 360 image after a save or a removal ('' when removed). */
  onSaved: (image360: string) => void;
}

type Phase = { kind: 'idle' } | { kind: 'preparing' } | { kind: 'sending'; sent: number };

/**
 * The 360 edit modal of spec §2/§5: choose a JPEG or PNG panorama, see it, save it
 * (UpdateVehicleImage360 with a data URL), or remove the current one (an empty value). Saving
 * with nothing chosen says 'قم بإضافة صورة أولاً'; a picture that is not 2:1 is refused by the
 * server with its own message. The upload shows how much has been sent.
 */
export default function Edit360Dialog({ lang, vehicle, onClose, onSaved }: Props) {
  const t = { locale: lang };
  const titleId = useId();
  const inputId = useId();
  const [chosen, setChosen] = useState<PreparedPanorama | null>(null);
  const [phase, setPhase] = useState<Phase>({ kind: 'idle' });
  const busy = phase.kind !== 'idle';
  const closing = useRef(false);

  useEffect(() => {
    closing.current = false;
    return () => {
      closing.current = true;
    };
  }, []);

  const close = () => {
    if (!busy) onClose();
  };

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setPhase({ kind: 'preparing' });
    try {
      const prepared = await preparePanorama(file);
      if (!closing.current) setChosen(prepared);
    } catch {
      void toastWarning(m.my_vehicles_360_unreadable({}, t));
    } finally {
      if (!closing.current) setPhase({ kind: 'idle' });
    }
  };

  const save = async () => {
    if (busy) return;
    // Spec §5 "360 change": a vehicle selected, then an image chosen.
    const problem = image360Error({ id: vehicle.id, imagePath: chosen?.dataUrl ?? '' });
    if (problem) return void toastWarning(validationText(problem, lang));
    setPhase({ kind: 'sending', sent: 0 });
    try {
      const answer = await uploadJson<Image360Answer>('/api/Vehicle/UpdateVehicleImage360', {
        method: 'PUT',
        body: { id: vehicle.id, imagePath: chosen!.dataUrl },
        lang,
        onProgress: (progress) => setPhase({ kind: 'sending', sent: progress.percent / 100 }),
      });
      setPhase({ kind: 'idle' });
      void toastSuccessClosing(m.my_vehicles_360_success({}, t));
      onSaved(answer?.image360 ?? '');
    } catch (error) {
      if (!closing.current) setPhase({ kind: 'idle' });
      void toastWarning(errorMessage(error, lang));
    }
  };

  const remove = async () => {
    if (busy || !vehicle.image360) return;
    const confirmed = await confirmDialog({
      title: m.my_vehicles_360_remove_confirm({}, t),
      danger: true,
      lang,
    });
    if (!confirmed) return;
    setPhase({ kind: 'sending', sent: 1 });
    try {
      await remove360(vehicle.id, lang);
      setPhase({ kind: 'idle' });
      void toastSuccessClosing(m.my_vehicles_360_success({}, t));
      onSaved('');
    } catch (error) {
      if (!closing.current) setPhase({ kind: 'idle' });
      void toastWarning(errorMessage(error, lang));
    }
  };

  const percent = phase.kind === 'sending' ? Math.round(phase.sent * 100) : 0;
  const shown = chosen?.dataUrl ?? vehicle.image360;

  return (
    <Dialog open onClose={close} labelledBy={titleId} size="max-w-2xl" name="edit-360">
      <div className="flex items-center gap-4 border-b border-line px-5 py-3 sm:px-6">
        <h2 id={titleId} className="flex-1 text-lg font-bold text-ink sm:text-xl">
          {m.my_vehicles_360_title({}, t)}
          <span className="block text-sm font-normal text-muted">{vehicle.name}</span>
        </h2>
        <button
          type="button"
          onClick={close}
          disabled={busy}
          className="-me-2 grid size-touch shrink-0 place-items-center rounded-full text-muted hover:bg-canvas hover:text-ink disabled:opacity-50"
        >
          <TableIcon name="close" className="size-5" />
          <span className="sr-only">{m.dialog_close({}, t)}</span>
        </button>
      </div>

      <div className="flex flex-col gap-4 px-5 py-5 sm:px-6">
        <p className="text-ink-soft">{m.my_vehicles_360_intro({}, t)}</p>

        <figure className="flex flex-col gap-2">
          <figcaption className="text-sm font-semibold text-ink-soft">
            {chosen ? m.my_vehicles_360_new({}, t) : m.my_vehicles_360_current({}, t)}
          </figcaption>
          {shown ? (
            <img
              src={shown}
              alt=""
              width={800}
              height={400}
              className="aspect-[2/1] w-full rounded-control bg-night object-cover"
              data-edit-360-preview={chosen ? 'new' : 'current'}
            />
          ) : (
            <p className="grid aspect-[2/1] w-full place-items-center rounded-control border border-dashed border-line-strong bg-canvas p-4 text-center text-muted">
              {m.my_vehicles_360_empty({}, t)}
            </p>
          )}
        </figure>

        <div>
          <input
            id={inputId}
            type="file"
            accept={PANORAMA_TYPES.join(',')}
            className="peer sr-only"
            disabled={busy}
            onChange={(event) => {
              void pick(event.currentTarget.files?.[0]);
              // Choosing the same file again still counts as a choice.
              event.currentTarget.value = '';
            }}
            data-edit-360-input
          />
          <label
            htmlFor={inputId}
            className="inline-flex min-h-touch cursor-pointer items-center gap-2 rounded-full border border-line-strong px-5 font-semibold text-ink-soft transition-colors peer-focus-visible:outline-3 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-focus peer-disabled:cursor-not-allowed peer-disabled:opacity-60 hover:border-brand-600 hover:text-brand-800"
          >
            <TableIcon name="upload" className="size-5" />
            {chosen ? m.my_vehicles_360_change({}, t) : m.my_vehicles_360_pick({}, t)}
          </label>
        </div>

        <div aria-live="polite" className="min-h-6 text-sm text-ink-soft">
          {phase.kind === 'preparing' && m.my_vehicles_360_preparing({}, t)}
          {phase.kind === 'sending' && (
            <div className="flex flex-col gap-1.5">
              <span>
                {percent < 100
                  ? m.my_vehicles_upload_progress({ percent: String(percent) }, t)
                  : m.my_vehicles_upload_saving({}, t)}
              </span>
              <progress
                max={100}
                value={percent}
                className="h-2 w-full overflow-hidden rounded-full accent-brand-700"
                data-edit-360-progress
              />
            </div>
          )}
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-3 border-t border-line px-5 py-4 sm:px-6">
        <button
          type="button"
          onClick={() => void save()}
          disabled={busy}
          className="market-btn market-btn-primary disabled:opacity-60"
          data-edit-360-save
        >
          {m.my_vehicles_360_save({}, t)}
        </button>
        <button
          type="button"
          onClick={close}
          disabled={busy}
          className="market-btn market-btn-secondary disabled:opacity-60"
        >
          {m.confirm_cancel({}, t)}
        </button>
        {vehicle.image360 && (
          <button
            type="button"
            onClick={() => void remove()}
            disabled={busy}
            className="ms-auto inline-flex min-h-touch items-center gap-2 rounded-control px-3 font-semibold text-danger hover:bg-status-other-bg disabled:opacity-60"
            data-edit-360-remove
          >
            <TableIcon name="trash" className="size-4" />
            {m.my_vehicles_360_remove({}, t)}
          </button>
        )}
      </div>
    </Dialog>
  );
}
