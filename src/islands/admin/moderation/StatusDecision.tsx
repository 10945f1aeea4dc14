import { useState } from 'react';
import type { Lang } from '../../../lib/i18n.ts';
import { toastWarning } from '../../../lib/toast.ts';
import { m } from '../../../paraglide/messages.js';
import { buttonClass, SelectField, TextAreaField } from '../kit/fields.tsx';
import type { Lookup } from '../kit/lookups.ts';

interface Props {
  lang: Lang;
  statuses: Lookup[];
  current: number;
  /** A status that needs a reply for the owner (the refusal). */
  replyRequiredFor?: number[];
  onDecide: (statusId: number, reply: string) => Promise<void>;
}

/** A review decision: a status and the reply the owner reads with it (255 characters at most). */
export function StatusDecision({
  lang,
  statuses,
  current,
  replyRequiredFor = [],
  onDecide,
}: Props) {
  const t = { locale: lang };
  const [statusId, setStatusId] = useState(current);
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  return (
    <form
      className="space-y-3"
      onSubmit={async (event) => {
        event.preventDefault();
        if (!statusId) return void toastWarning(m.admin_review_choose_status({}, t));
        if (replyRequiredFor.includes(statusId) && !reply.trim()) {
          return void toastWarning(m.admin_review_reply_required({}, t));
        }
        setBusy(true);
        try {
          await onDecide(statusId, reply.trim());
        } finally {
          setBusy(false);
        }
      }}
    >
      <SelectField
        id="review-status"
        label={m.admin_status({}, t)}
        value={statusId}
        onValue={setStatusId}
        options={statuses}
        placeholder={m.admin_review_choose_status({}, t)}
      />
      <TextAreaField
        id="review-reply"
        label={m.admin_review_reply({}, t)}
        value={reply}
        onValue={setReply}
        maxLength={255}
        rows={3}
      />
      <button type="submit" disabled={busy} className={buttonClass.primary}>
        {m.admin_save({}, t)}
      </button>
    </form>
  );
}
