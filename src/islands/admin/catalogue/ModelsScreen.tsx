import { useEffect, useState } from 'react';
import type { AdminModel } from '../../../../server/routes/category/schemas.ts';
import { apiGet } from '../../../lib/api.ts';
import { currentLang } from '../../../lib/i18n.ts';
import { m } from '../../../paraglide/messages.js';
import { adminCall, type ListPage } from '../kit/api.ts';
import { SelectField } from '../kit/fields.tsx';
import type { Lookup } from '../kit/lookups.ts';
import { NamedValues } from './NamedValues.tsx';

/** Models, by make. */
export default function ModelsScreen() {
  const lang = currentLang();
  const t = { locale: lang };
  const [brands, setBrands] = useState<Lookup[]>([]);
  const [brandId, setBrandId] = useState(0);
  const [version, setVersion] = useState(0);
  useEffect(() => {
    apiGet<Lookup[]>('/api/Category/GetBrands', undefined, { lang })
      .then(setBrands)
      .catch((error: unknown) => console.error(error));
  }, [lang, version]);

  const body = (draft: { nameAr: string; nameEn: string; extra: Record<string, unknown> }) => ({
    brandId: Number(draft.extra.brandId) || 0,
    nameAr: draft.nameAr.trim(),
    nameEn: draft.nameEn.trim(),
  });
  return (
    <NamedValues<AdminModel>
      lang={lang}
      title={m.admin_models_title({}, t)}
      arranged={false}
      reload={brandId}
      toolbar={
        <SelectField
          id="models-brand-filter"
          label={m.admin_models_brand({}, t)}
          value={brandId}
          onValue={setBrandId}
          options={brands}
          placeholder={m.admin_models_all_brands({}, t)}
          className="min-w-48"
        />
      }
      load={(query, signal) =>
        adminCall<ListPage<AdminModel>>(lang, 'GET', 'Category/GetAdminBrandModels', {
          query: { ...query, brandId },
          signal,
        })
      }
      columns={[
        {
          key: 'brand',
          label: m.admin_models_brand({}, t),
          render: (row) => (lang === 'en' ? row.brandNameEn : row.brandName),
        },
      ]}
      emptyExtra={(row) => ({ brandId: row?.brandId ?? brandId })}
      checkExtra={(draft) =>
        Number(draft.extra.brandId) ? null : m.admin_models_choose_brand({}, t)
      }
      extraFields={(draft, change) => (
        <SelectField
          id="model-brand"
          label={m.admin_models_brand({}, t)}
          value={Number(draft.extra.brandId) || 0}
          onValue={(value) => change({ ...draft.extra, brandId: value })}
          options={brands}
          placeholder={m.admin_models_choose_brand({}, t)}
        />
      )}
      create={async (draft) => {
        await adminCall(lang, 'POST', 'Category/CreateBrandModel', { body: body(draft) });
        setVersion((n) => n + 1);
      }}
      update={(row, draft) =>
        adminCall(lang, 'PUT', 'Category/UpdateBrandModel', {
          body: { id: row.id, ...body(draft) },
        })
      }
      remove={(row) =>
        adminCall(lang, 'DELETE', 'Category/DeleteBrandModel', {
          query: { brandModelId: row.id },
        })
      }
    />
  );
}
