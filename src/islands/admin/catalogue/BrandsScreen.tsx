import type { AdminBrand } from '../../../../server/routes/category/schemas.ts';
import { currentLang } from '../../../lib/i18n.ts';
import { m } from '../../../paraglide/messages.js';
import { adminCall, type ListPage } from '../kit/api.ts';
import { ImageField } from '../kit/fields.tsx';
import { ImageZoom } from '../kit/ImageZoom.tsx';
import { NamedValues, namesOf } from './NamedValues.tsx';

/** Makes: both names, arrange number, an optional logo. */
export default function BrandsScreen() {
  const lang = currentLang();
  const t = { locale: lang };
  // The logo is sent only when a new one was picked (a data URL).
  const logo = (image: string | number | undefined) =>
    typeof image === 'string' && image.startsWith('data:') ? { image } : {};
  return (
    <NamedValues<AdminBrand>
      lang={lang}
      title={m.admin_brands_title({}, t)}
      load={(query, signal) =>
        adminCall<ListPage<AdminBrand>>(lang, 'GET', 'Category/GetAdminBrands', { query, signal })
      }
      columns={[
        {
          key: 'image',
          label: m.admin_image({}, t),
          render: (row) => (
            <ImageZoom src={row.image} alt={row.nameEn} lang={lang} className="size-12" />
          ),
        },
        { key: 'models', label: m.admin_brands_models({}, t), render: (row) => row.models },
      ]}
      emptyExtra={(row) => ({ image: row?.image ?? '' })}
      extraFields={(draft, change) => (
        <ImageField
          lang={lang}
          label={m.admin_image({}, t)}
          value={String(draft.extra.image ?? '')}
          onValue={(image) => change({ ...draft.extra, image })}
        />
      )}
      create={(draft) =>
        adminCall(lang, 'POST', 'Category/CreateBrand', {
          body: { ...namesOf(draft), ...logo(draft.extra.image) },
        })
      }
      update={(row, draft) =>
        adminCall(lang, 'PUT', 'Category/UpdateBrand', {
          body: { id: row.id, ...namesOf(draft), ...logo(draft.extra.image) },
        })
      }
      remove={(row) =>
        adminCall(lang, 'DELETE', 'Category/DeleteBrand', { query: { brandId: row.id } })
      }
    />
  );
}
