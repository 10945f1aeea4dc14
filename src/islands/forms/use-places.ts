import { useEffect, useState } from 'react';
import { apiGet } from '../../lib/api.ts';
import type { Lang } from '../../lib/i18n.ts';
import type { City, LookupItem } from '../../../server/routes/category/schemas.ts';

/*
 * States and the cities of the chosen state (spec §4: the city list is limited to the state and
 * the city control is enabled only when cities exist). Load failures are only logged (spec §8).
 */

const statesByLang = new Map<string, Promise<LookupItem[]>>();
const citiesByState = new Map<string, Promise<LookupItem[]>>();

function cached(
  map: Map<string, Promise<LookupItem[]>>,
  key: string,
  load: () => Promise<LookupItem[]>,
) {
  let value = map.get(key);
  if (!value) {
    value = load().catch((error: unknown) => {
      map.delete(key);
      console.error('reference list', error);
      return [];
    });
    map.set(key, value);
  }
  return value;
}

export function useStates(lang: Lang): LookupItem[] {
  const [states, setStates] = useState<LookupItem[]>([]);
  useEffect(() => {
    let live = true;
    void cached(statesByLang, lang, () =>
      apiGet<LookupItem[]>('/api/Category/GetStates', undefined, { lang }),
    ).then((list) => live && setStates(list));
    return () => {
      live = false;
    };
  }, [lang]);
  return states;
}

export function useCities(stateId: number, lang: Lang): LookupItem[] {
  const [cities, setCities] = useState<LookupItem[]>([]);
  useEffect(() => {
    setCities([]);
    if (!(stateId > 0)) return;
    let live = true;
    void cached(citiesByState, `${lang}:${stateId}`, () =>
      apiGet<City[]>('/api/Category/GetStateCities', { StateId: stateId }, { lang }),
    ).then((list) => live && setCities(list));
    return () => {
      live = false;
    };
  }, [stateId, lang]);
  return cities;
}
