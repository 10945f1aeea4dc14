import { useEffect, useState } from 'react';
import { apiGet } from '../../../lib/api.ts';
import type { Lang } from '../../../lib/i18n.ts';

export interface Lookup {
  id: number;
  name: string;
}

/** A public lookup list (`Category/GetVehicleStatus`, `Category/GetStates`, ...) in the page's language. */
export function useLookup(path: string, lang: Lang): Lookup[] {
  const [items, setItems] = useState<Lookup[]>([]);
  useEffect(() => {
    let live = true;
    apiGet<Lookup[]>(`/api/${path}`, undefined, { lang })
      .then((answer) => live && setItems(Array.isArray(answer) ? answer : []))
      .catch((error: unknown) => console.error(path, error));
    return () => {
      live = false;
    };
  }, [path, lang]);
  return items;
}
