import type { BrandModel, LookupItem } from '../../../server/routes/category/schemas.ts';
import { useEffect, useState } from 'react';
import { VEHICLE_CURRENCIES } from '../../../domain/vehicle-draft.ts';
import { apiGet } from '../../lib/api.ts';
import type { Lang } from '../../lib/i18n.ts';

/*
 * The reference lists of the vehicle form (spec §4 "Add vehicle": all load in parallel, a
 * failure is only logged) and the models of the chosen make, loaded when the make changes.
 */

export interface Lookups {
  brands: LookupItem[];
  bodyTypes: LookupItem[];
  colors: LookupItem[];
  paintedTypes: LookupItem[];
  paintedStatuses: LookupItem[];
  specifications: LookupItem[];
  gearTypes: LookupItem[];
  oilTypes: LookupItem[];
  currencies: LookupItem[];
}

const calls: Record<keyof Lookups, string> = {
  brands: 'GetBrands',
  bodyTypes: 'GetBodyType',
  colors: 'GetColor',
  paintedTypes: 'GetPaintedType',
  paintedStatuses: 'GetPaintedStatus',
  specifications: 'GetSpecification',
  gearTypes: 'GetGearType',
  oilTypes: 'GetOilType',
  currencies: 'GetCurrency',
};

export const emptyLookups: Lookups = {
  brands: [],
  bodyTypes: [],
  colors: [],
  paintedTypes: [],
  paintedStatuses: [],
  specifications: [],
  gearTypes: [],
  oilTypes: [],
  currencies: [],
};

/** Spec §8: reference-data failures go to the console only. */
function logged(name: string, error: unknown): LookupItem[] {
  console.error(`reference list ${name}`, error);
  return [];
}

/** Every list at once; one that fails is empty. */
export async function loadLookups(lang: Lang): Promise<Lookups> {
  const names = Object.keys(calls) as (keyof Lookups)[];
  const lists = await Promise.all(
    names.map((name) =>
      apiGet<LookupItem[]>(`/api/Category/${calls[name]}`, undefined, { lang }).then(
        (list) => list.map(({ id, name: label }) => ({ id, name: label })),
        (error: unknown) => logged(name, error),
      ),
    ),
  );
  const lookups = { ...emptyLookups };
  names.forEach((name, index) => {
    lookups[name] = lists[index] ?? [];
  });
  // Only the currencies a price may be in (spec §9: NIS, USD, JOD).
  lookups.currencies = lookups.currencies.filter((item) => VEHICLE_CURRENCIES.includes(item.id));
  return lookups;
}

const modelsByBrand = new Map<string, Promise<LookupItem[]>>();

/** The models of `brandId` (none before a make is chosen); a failure is logged, not kept. */
export function useModels(brandId: number, lang: Lang): LookupItem[] {
  const [models, setModels] = useState<LookupItem[]>([]);
  useEffect(() => {
    setModels([]);
    if (!(brandId > 0)) return;
    let live = true;
    const key = `${lang}:${brandId}`;
    let request = modelsByBrand.get(key);
    if (!request) {
      request = apiGet<BrandModel[]>('/api/Category/GetBrandModels', { brandId }, { lang }).then(
        (list) => list.map(({ id, name }) => ({ id, name })),
        (error: unknown) => {
          modelsByBrand.delete(key);
          return logged('models', error);
        },
      );
      modelsByBrand.set(key, request);
    }
    void request.then((list) => live && setModels(list));
    return () => {
      live = false;
    };
  }, [brandId, lang]);
  return models;
}
