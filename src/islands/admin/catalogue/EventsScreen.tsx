import { useState } from 'react';
import { Currency } from '../../../../domain/codes.ts';
import { currentLang, localizePath } from '../../../lib/i18n.ts';
import { confirmDialog } from '../../../lib/confirm.ts';
import { toastWarning } from '../../../lib/toast.ts';
import { m } from '../../../paraglide/messages.js';
import { adminCall, type ListPage } from '../kit/api.ts';
import { Dialog } from '../kit/Dialog.tsx';
import { useEditor } from '../kit/use-editor.ts';
import { buttonClass, ImageField, NumberField, TextAreaField, TextField } from '../kit/fields.tsx';
import { ServerTable } from '../kit/ServerTable.tsx';

interface AdminEvent {
  id: number;
  slug: string;
  titleAr: string;
  titleEn: string;
  placeAr: string;
  placeEn: string;
  descriptionAr: string;
  descriptionEn: string;
  startsAt: string;
  ticketPrice: number;
  currencyId: number;
  seats: number;
  image: string;
  canceled: boolean;
}

type Draft = Omit<AdminEvent, 'id' | 'slug' | 'canceled' | 'ticketPrice' | 'seats'> & {
  ticketPrice: string;
  seats: string;
};

/** The local date and time for a datetime-local input. */
const local = (iso: string) => {
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

const empty: Draft = {
  titleAr: '',
  titleEn: '',
  placeAr: '',
  placeEn: '',
  descriptionAr: '',
  descriptionEn: '',
  startsAt: '',
  ticketPrice: '',
  currencyId: Currency.NIS,
  seats: '',
  image: '',
};

/** Events whose tickets the site sells: create, edit, cancel. */
export default function EventsScreen() {
  const lang = currentLang();
  const t = { locale: lang };
  const { editing, setEditing, busy, reload, save: write, act } = useEditor<AdminEvent>(lang);
  const [draft, setDraft] = useState<Draft>(empty);
  const change = (values: Partial<Draft>) => setDraft((current) => ({ ...current, ...values }));

  const open = (row: AdminEvent | 'new') => {
    setDraft(
      row === 'new'
        ? empty
        : {
            ...row,
            startsAt: local(row.startsAt),
            ticketPrice: String(row.ticketPrice),
            seats: String(row.seats),
          },
    );
    setEditing(row);
  };

  const save = async () => {
    if (!draft.titleAr.trim() || !draft.titleEn.trim()) {
      return void toastWarning(m.admin_check_name({}, t));
    }
    if (!draft.placeAr.trim() || !draft.placeEn.trim()) {
      return void toastWarning(m.admin_check_address({}, t));
    }
    if (!draft.startsAt) return void toastWarning(m.admin_events_check_date({}, t));
    if (editing === 'new' && !draft.image) return void toastWarning(m.admin_check_image({}, t));
    const body = {
      ...draft,
      startsAt: new Date(draft.startsAt).toISOString(),
      ticketPrice: Number(draft.ticketPrice) || 0,
      seats: Number(draft.seats) || 0,
      image: draft.image.startsWith('data:') ? draft.image : undefined,
    };
    await write((row) =>
      row === 'new'
        ? adminCall(lang, 'POST', 'Tickets/CreateEvent', { body })
        : adminCall(lang, 'PUT', 'Tickets/UpdateEvent', { body: { id: row.id, ...body } }),
    );
  };

  const cancel = async (row: AdminEvent) => {
    const sure = await confirmDialog({
      title: m.admin_events_cancel_confirm({}, t),
      text: lang === 'en' ? row.titleEn : row.titleAr,
      danger: true,
      lang,
    });
    if (sure)
      await act(() => adminCall(lang, 'PUT', 'Tickets/CancelEvent', { body: { id: row.id } }));
  };

  return (
    <>
      <ServerTable<AdminEvent>
        lang={lang}
        caption={m.admin_events_title({}, t)}
        reload={reload}
        initialSort={{ sort: 'startsAt', order: 'desc' }}
        load={(query, signal) =>
          adminCall<ListPage<AdminEvent>>(lang, 'GET', 'Tickets/GetAdminEvents', { query, signal })
        }
        toolbar={
          <button type="button" className={buttonClass.primary} onClick={() => open('new')}>
            {m.admin_add({}, t)}
          </button>
        }
        rowKey={(row) => row.id}
        columns={[
          {
            key: 'title',
            label: m.admin_events_event({}, t),
            sort: 'title',
            render: (row) => (
              <a
                className="underline"
                href={localizePath(`/event/${row.slug}`, lang)}
                target="_blank"
                rel="noopener"
              >
                {lang === 'en' ? row.titleEn : row.titleAr}
              </a>
            ),
          },
          {
            key: 'startsAt',
            label: m.admin_date({}, t),
            sort: 'startsAt',
            render: (row) =>
              new Date(row.startsAt).toLocaleString(lang === 'en' ? 'en-GB' : 'ar-PS-u-nu-latn'),
          },
          { key: 'seats', label: m.admin_events_seats({}, t), render: (row) => row.seats },
          {
            key: 'status',
            label: m.admin_status({}, t),
            render: (row) =>
              row.canceled ? (
                <span className="rounded-full bg-red-100 px-3 py-1 text-xs font-bold text-red-800">
                  {m.admin_events_canceled({}, t)}
                </span>
              ) : null,
          },
          {
            key: 'options',
            label: m.admin_options({}, t),
            render: (row) => (
              <span className="flex flex-wrap gap-2">
                <button type="button" className={buttonClass.small} onClick={() => open(row)}>
                  {m.admin_edit({}, t)}
                </button>
                {!row.canceled && (
                  <button type="button" className={buttonClass.danger} onClick={() => cancel(row)}>
                    {m.admin_events_cancel({}, t)}
                  </button>
                )}
              </span>
            ),
          },
        ]}
      />
      <Dialog
        open={editing !== null}
        wide
        title={editing === 'new' ? m.admin_add({}, t) : m.admin_edit({}, t)}
        onClose={() => setEditing(null)}
      >
        <form
          noValidate
          className="grid gap-4 sm:grid-cols-2"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <TextField
            id="event-title-ar"
            label={m.admin_interface_title_ar({}, t)}
            value={draft.titleAr}
            dir="rtl"
            onValue={(titleAr) => change({ titleAr })}
          />
          <TextField
            id="event-title-en"
            label={m.admin_interface_title_en({}, t)}
            value={draft.titleEn}
            dir="ltr"
            onValue={(titleEn) => change({ titleEn })}
          />
          <TextField
            id="event-place-ar"
            label={m.admin_events_place_ar({}, t)}
            value={draft.placeAr}
            dir="rtl"
            onValue={(placeAr) => change({ placeAr })}
          />
          <TextField
            id="event-place-en"
            label={m.admin_events_place_en({}, t)}
            value={draft.placeEn}
            dir="ltr"
            onValue={(placeEn) => change({ placeEn })}
          />
          <TextField
            id="event-starts"
            label={m.admin_date({}, t)}
            type="datetime-local"
            value={draft.startsAt}
            onValue={(startsAt) => change({ startsAt })}
            ltr
          />
          <NumberField
            id="event-price"
            label={m.admin_events_price({}, t)}
            value={draft.ticketPrice}
            onValue={(ticketPrice) => change({ ticketPrice })}
          />
          <NumberField
            id="event-seats"
            label={m.admin_events_seats({}, t)}
            value={draft.seats}
            onValue={(seats) => change({ seats })}
          />
          <ImageField
            lang={lang}
            label={m.admin_events_poster({}, t)}
            value={draft.image}
            onValue={(image) => change({ image })}
          />
          <TextAreaField
            id="event-description-ar"
            label={m.admin_interface_body_ar({}, t)}
            value={draft.descriptionAr}
            onValue={(descriptionAr) => change({ descriptionAr })}
          />
          <TextAreaField
            id="event-description-en"
            label={m.admin_interface_body_en({}, t)}
            value={draft.descriptionEn}
            onValue={(descriptionEn) => change({ descriptionEn })}
          />
          <div className="sm:col-span-2">
            <button type="submit" disabled={busy} className={buttonClass.primary}>
              {m.admin_save({}, t)}
            </button>
          </div>
        </form>
      </Dialog>
    </>
  );
}
