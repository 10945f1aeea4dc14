import { CodeCategory } from '../../../../domain/codes.ts';
import type { AdminCode } from '../../../../server/routes/category/schemas.ts';
import { currentLang } from '../../../lib/i18n.ts';
import { adminCall, type ListPage } from '../kit/api.ts';
import { NamedValues, namesOf } from './NamedValues.tsx';

/** One lookup kind's values (colours, body types, ...); the currencies' names only. */
export function CodesScreen({ categoryId, title }: { categoryId: number; title: string }) {
  const lang = currentLang();
  const fixed = categoryId === CodeCategory.currency;
  return (
    <NamedValues<AdminCode>
      lang={lang}
      title={title}
      reload={categoryId}
      load={(query, signal) =>
        adminCall<ListPage<AdminCode>>(lang, 'GET', 'Category/GetAdminCodes', {
          query: { ...query, categoryId },
          signal,
        })
      }
      create={
        fixed
          ? undefined
          : (draft) =>
              adminCall(lang, 'POST', 'Category/CreateCode', {
                body: { categoryId, ...namesOf(draft) },
              })
      }
      update={(row, draft) =>
        adminCall(lang, 'PUT', 'Category/UpdateCode', { body: { id: row.id, ...namesOf(draft) } })
      }
      remove={
        fixed
          ? undefined
          : (row) => adminCall(lang, 'DELETE', 'Category/DeleteCode', { query: { id: row.id } })
      }
    />
  );
}
