import { useEffect, useState } from 'react';
import type { AdminUser } from '../../../../server/routes/user/schemas.ts';
import { currentLang } from '../../../lib/i18n.ts';
import { toastSuccess, toastWarning } from '../../../lib/toast.ts';
import { m } from '../../../paraglide/messages.js';
import { adminCall, showFailure, type ListPage } from '../kit/api.ts';
import { buttonClass, SelectField, TextAreaField, TextField } from '../kit/fields.tsx';

type Channel = 'notification' | 'email' | 'sms';
type Audience = 'user' | 'sellers' | 'all';

/** Notifications (live, kept for the bell), emails and SMS to one user or an audience. */
export default function MessagesScreen() {
  const lang = currentLang();
  const t = { locale: lang };
  const [channel, setChannel] = useState<Channel>('notification');
  const [audience, setAudience] = useState<Audience>('user');
  const [search, setSearch] = useState('');
  const [users, setUsers] = useState<AdminUser[]>([]);
  const [userId, setUserId] = useState(0);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (audience !== 'user') return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      adminCall<ListPage<AdminUser>>(lang, 'GET', 'User/GetUsers', {
        query: { page: 1, pageSize: 50, ...(search.trim() ? { search: search.trim() } : {}) },
        signal: controller.signal,
      })
        .then((page) => setUsers(page.data))
        .catch((error: unknown) => !controller.signal.aborted && showFailure(error, lang));
    }, 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [audience, lang, search]);

  const send = async () => {
    if (channel !== 'sms' && !title.trim())
      return void toastWarning(m.admin_messages_check_title({}, t));
    if (!text.trim()) return void toastWarning(m.admin_messages_check_text({}, t));
    if (audience === 'user' && !userId)
      return void toastWarning(m.admin_messages_check_user({}, t));
    const to = audience === 'user' ? { userId } : { audience };
    const call = {
      notification: ['NotificationMessage/CreateNotification', { title, body: text }],
      email: ['NotificationMessage/SendEmail', { subject: title, body: text }],
      sms: ['NotificationMessage/SendSMS', { message: text }],
    } as const;
    const [path, content] = call[channel];
    setBusy(true);
    try {
      const answer = await adminCall<{ recipients: number }>(lang, 'POST', path, {
        body: { ...content, ...to },
      });
      void toastSuccess(m.admin_messages_sent({ count: answer.recipients }, t));
      setTitle('');
      setText('');
    } catch (error) {
      showFailure(error, lang);
    } finally {
      setBusy(false);
    }
  };

  const channels = [
    { id: 1, name: m.admin_messages_notification({}, t), value: 'notification' as const },
    { id: 2, name: m.admin_messages_email({}, t), value: 'email' as const },
    { id: 3, name: m.admin_messages_sms({}, t), value: 'sms' as const },
  ];
  const audiences = [
    { id: 1, name: m.admin_messages_one_user({}, t), value: 'user' as const },
    { id: 2, name: m.admin_messages_sellers({}, t), value: 'sellers' as const },
    { id: 3, name: m.admin_messages_everyone({}, t), value: 'all' as const },
  ];

  return (
    <form
      noValidate
      className="max-w-3xl space-y-4 rounded-2xl border border-line bg-surface p-5"
      onSubmit={(event) => {
        event.preventDefault();
        void send();
      }}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          id="message-channel"
          label={m.admin_messages_channel({}, t)}
          value={channels.find((entry) => entry.value === channel)!.id}
          onValue={(id) =>
            setChannel(channels.find((entry) => entry.id === id)?.value ?? 'notification')
          }
          options={channels}
          placeholder={m.admin_messages_channel({}, t)}
        />
        <SelectField
          id="message-audience"
          label={m.admin_messages_audience({}, t)}
          value={audiences.find((entry) => entry.value === audience)!.id}
          onValue={(id) => setAudience(audiences.find((entry) => entry.id === id)?.value ?? 'user')}
          options={audiences}
          placeholder={m.admin_messages_audience({}, t)}
        />
      </div>
      {audience === 'user' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="message-user-search"
            label={m.admin_search({}, t)}
            value={search}
            onValue={setSearch}
          />
          <SelectField
            id="message-user"
            label={m.admin_messages_user({}, t)}
            value={userId}
            onValue={setUserId}
            options={users.map((user) => ({ id: user.id, name: `${user.name} — ${user.email}` }))}
            placeholder={m.admin_permissions_choose_user({}, t)}
          />
        </div>
      )}
      {channel !== 'sms' && (
        <TextField
          id="message-title"
          label={m.admin_messages_title_field({}, t)}
          value={title}
          onValue={setTitle}
          maxLength={200}
        />
      )}
      <TextAreaField
        id="message-text"
        label={m.admin_messages_text({}, t)}
        value={text}
        onValue={setText}
        rows={5}
        maxLength={channel === 'sms' ? 480 : 2000}
      />
      <button type="submit" disabled={busy} className={buttonClass.primary}>
        {m.admin_messages_send({}, t)}
      </button>
    </form>
  );
}
