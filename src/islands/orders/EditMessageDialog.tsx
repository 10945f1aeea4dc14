import { ORDER_MESSAGE_MAX, orderEditError } from '../../../domain/orders.ts';
import { useId, useState } from 'react';
import { errorMessage } from '../../lib/api.ts';
import type { Lang } from '../../lib/i18n.ts';
import { toastSuccessClosing, toastWarning } from '../../lib/toast.ts';
import { validationText } from '../../lib/validation-text.ts';
import { m } from '../../paraglide/messages.js';
import { Dialog } from '../auth/Dialog.tsx';
import { dialogButtonClass } from '../forms/fields.tsx';
import { updateOrderMessage } from './calls.ts';
import type { OrderKind } from './types.ts';

interface Props {
  lang: Lang;
  kind: OrderKind;
  order: { id: number; message: string };
  onClose: () => void;
  onSaved: (message: string) => void;
}

/** Spec §2/§5: the message of a pending order, at most 255 characters. */
export default function EditMessageDialog({ lang, kind, order, onClose, onSaved }: Props) {
  const t = { locale: lang };
  const titleId = useId();
  const fieldId = useId();
  const [message, setMessage] = useState(order.message);
  const [busy, setBusy] = useState(false);

  const save = async () => {
    if (busy) return;
    const problem = orderEditError({ id: order.id, message });
    if (problem) return void toastWarning(validationText(problem, lang));
    setBusy(true);
    try {
      await updateOrderMessage(kind, order.id, message.trim(), lang);
      void toastSuccessClosing(m.orders_update_success({}, t));
      onSaved(message.trim());
    } catch (error) {
      setBusy(false);
      void toastWarning(errorMessage(error, lang));
    }
  };

  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      labelledBy={titleId}
      size="max-w-lg"
      name="edit-message"
    >
      <form
        className="flex flex-col gap-4 p-5 sm:p-6"
        onSubmit={(event) => {
          event.preventDefault();
          void save();
        }}
      >
        <h2 id={titleId} className="text-lg font-bold text-ink">
          {m.orders_edit_message({}, t)}
        </h2>
        <div>
          <label htmlFor={fieldId} className="mb-1.5 block text-sm font-semibold text-ink-soft">
            {m.orders_message_label({}, t)}
          </label>
          <textarea
            id={fieldId}
            value={message}
            onChange={(event) => setMessage(event.target.value)}
            maxLength={ORDER_MESSAGE_MAX}
            rows={4}
            dir="auto"
            className="w-full rounded-control border border-line-strong bg-surface px-3 py-2 text-ink focus:border-brand-600"
            data-message-field
          />
          <p className="mt-1 text-end text-xs text-muted" dir="ltr">
            {message.length} / {ORDER_MESSAGE_MAX}
          </p>
        </div>
        <div className="flex flex-col-reverse gap-3 border-t border-line pt-4 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={dialogButtonClass.secondary}>
            {m.orders_cancel({}, t)}
          </button>
          <button type="submit" disabled={busy} className={dialogButtonClass.primary} data-save>
            {m.orders_save({}, t)}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
