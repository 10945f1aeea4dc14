import { useState } from 'react';
import { InterfaceGroup } from '../../../../domain/codes.ts';
import type { InterfaceItem } from '../../../../server/routes/interfaces/schemas.ts';
import { currentLang } from '../../../lib/i18n.ts';
import { toastWarning } from '../../../lib/toast.ts';
import { m } from '../../../paraglide/messages.js';
import { DescriptionEditor } from '../../vehicle-form/DescriptionEditor.tsx';
import { adminCall, type ListPage } from '../kit/api.ts';
import { Dialog } from '../kit/Dialog.tsx';
import { useEditor } from '../kit/use-editor.ts';
import { buttonClass, NumberField, SelectField, TextField } from '../kit/fields.tsx';
import { ServerTable } from '../kit/ServerTable.tsx';

interface Draft {
  code: string;
  groupId: number;
  titleAr: string;
  titleEn: string;
  bodyAr: string;
  bodyEn: string;
  sortOrder: string;
}
const empty: Draft = {
  code: '',
  groupId: InterfaceGroup.aboutUs,
  titleAr: '',
  titleEn: '',
  bodyAr: '',
  bodyEn: '',
  sortOrder: '0',
};

/** The site's texts: the about page, the footer and the policy modals, in both languages. */
export default function InterfaceScreen() {
  const lang = currentLang();
  const t = { locale: lang };
  const groups = [
    { id: InterfaceGroup.aboutUs, name: m.admin_interface_group_about({}, t) },
    { id: InterfaceGroup.footer, name: m.admin_interface_group_footer({}, t) },
    { id: InterfaceGroup.modals, name: m.admin_interface_group_modals({}, t) },
  ];
  const [groupId, setGroupId] = useState(0);
  const {
    editing,
    setEditing,
    busy,
    reload,
    save: write,
    remove: erase,
  } = useEditor<InterfaceItem>(lang);
  const [draft, setDraft] = useState<Draft>(empty);

  const open = (item: InterfaceItem | 'new') => {
    setDraft(
      item === 'new'
        ? { ...empty, groupId: groupId || InterfaceGroup.aboutUs }
        : { ...item, sortOrder: String(item.sortOrder) },
    );
    setEditing(item);
  };

  const save = async () => {
    if (!draft.titleAr.trim() || !draft.titleEn.trim()) {
      return void toastWarning(m.admin_check_name({}, t));
    }
    if (!/^\d{1,6}$/.test(draft.sortOrder.trim())) {
      return void toastWarning(m.admin_check_arrange({}, t));
    }
    const body = { ...draft, code: draft.code.trim(), sortOrder: Number(draft.sortOrder) };
    await write((item) =>
      item === 'new'
        ? adminCall(lang, 'POST', 'Interfaces/CreateInterfaceItem', { body })
        : adminCall(lang, 'PUT', 'Interfaces/UpdateInterfaceItem', {
            body: { id: item.id, ...body },
          }),
    );
  };

  const remove = (item: InterfaceItem) =>
    erase(item.title, () =>
      adminCall(lang, 'DELETE', 'Interfaces/DeleteInterfaceItem', { query: { id: item.id } }),
    );

  return (
    <>
      <ServerTable<InterfaceItem>
        lang={lang}
        caption={m.admin_interface_title({}, t)}
        reload={`${reload}-${groupId}`}
        initialSort={{ sort: 'groupId', order: 'asc' }}
        load={(query, signal) =>
          adminCall<ListPage<InterfaceItem>>(lang, 'GET', 'Interfaces/GetAdminInterfaceItems', {
            query: { ...query, groupId },
            signal,
          })
        }
        toolbar={
          <>
            <SelectField
              id="interface-group-filter"
              label={m.admin_interface_group({}, t)}
              value={groupId}
              onValue={setGroupId}
              options={groups}
              placeholder={m.admin_interface_all_groups({}, t)}
              className="min-w-48"
            />
            <button type="button" className={buttonClass.primary} onClick={() => open('new')}>
              {m.admin_add({}, t)}
            </button>
          </>
        }
        rowKey={(row) => row.id}
        columns={[
          {
            key: 'code',
            label: m.admin_interface_code({}, t),
            sort: 'code',
            render: (r) => r.code,
          },
          {
            key: 'group',
            label: m.admin_interface_group({}, t),
            sort: 'groupId',
            render: (row) => groups.find((group) => group.id === row.groupId)?.name ?? '',
          },
          { key: 'title', label: m.admin_interface_item_title({}, t), render: (row) => row.title },
          {
            key: 'sortOrder',
            label: m.admin_arrange({}, t),
            sort: 'sortOrder',
            render: (row) => row.sortOrder,
          },
          {
            key: 'options',
            label: m.admin_options({}, t),
            render: (row) => (
              <span className="flex flex-wrap gap-2">
                <button type="button" className={buttonClass.small} onClick={() => open(row)}>
                  {m.admin_edit({}, t)}
                </button>
                <button type="button" className={buttonClass.danger} onClick={() => remove(row)}>
                  {m.admin_delete({}, t)}
                </button>
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
          className="space-y-4"
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <div className="grid gap-4 sm:grid-cols-3">
            <TextField
              id="interface-code"
              label={m.admin_interface_code({}, t)}
              value={draft.code}
              onValue={(code) => setDraft({ ...draft, code })}
              ltr
            />
            <SelectField
              id="interface-group"
              label={m.admin_interface_group({}, t)}
              value={draft.groupId}
              onValue={(value) => setDraft({ ...draft, groupId: value })}
              options={groups}
              placeholder={m.admin_interface_group({}, t)}
            />
            <NumberField
              id="interface-arrange"
              label={m.admin_arrange({}, t)}
              value={draft.sortOrder}
              onValue={(sortOrder) => setDraft({ ...draft, sortOrder })}
            />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="interface-title-ar"
              label={m.admin_interface_title_ar({}, t)}
              value={draft.titleAr}
              dir="rtl"
              onValue={(titleAr) => setDraft({ ...draft, titleAr })}
            />
            <TextField
              id="interface-title-en"
              label={m.admin_interface_title_en({}, t)}
              value={draft.titleEn}
              dir="ltr"
              onValue={(titleEn) => setDraft({ ...draft, titleEn })}
            />
          </div>
          <div>
            <p id="interface-body-ar-label" className="mb-1.5 text-sm font-semibold text-ink-soft">
              {m.admin_interface_body_ar({}, t)}
            </p>
            <div dir="rtl">
              <DescriptionEditor
                lang={lang}
                id="interface-body-ar"
                labelledBy="interface-body-ar-label"
                value={draft.bodyAr}
                onChange={(bodyAr) => setDraft((current) => ({ ...current, bodyAr }))}
              />
            </div>
          </div>
          <div>
            <p id="interface-body-en-label" className="mb-1.5 text-sm font-semibold text-ink-soft">
              {m.admin_interface_body_en({}, t)}
            </p>
            <div dir="ltr">
              <DescriptionEditor
                lang={lang}
                id="interface-body-en"
                labelledBy="interface-body-en-label"
                value={draft.bodyEn}
                onChange={(bodyEn) => setDraft((current) => ({ ...current, bodyEn }))}
              />
            </div>
          </div>
          <button type="submit" disabled={busy} className={buttonClass.primary}>
            {m.admin_save({}, t)}
          </button>
        </form>
      </Dialog>
    </>
  );
}
