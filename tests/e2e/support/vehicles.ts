import { expect, type APIRequestContext } from '@playwright/test';
import { internationalDigits } from '../../../src/lib/phone.ts';

/* What the vehicle page's browser tests share: the demo catalogue's vehicles read through the API. */

export type Lang = 'ar' | 'en';

export interface Card {
  id: number;
  slug: string;
  ownerId: number;
  ownerSlug: string;
  ownerMobile: string;
  imageCount: number;
  hasImage360: boolean;
}

export interface Detail extends Card {
  brandName: string;
  modelName: string;
  year: number;
  createdAt: string;
  ownerName: string;
  ownerCityName: string;
  ownerStateName: string;
  ownerAddressInfo: string;
  description: string;
  image360: string;
  vehicleImages: { path: string }[];
}

export const PHONE = { width: 412, height: 915 };
/** A phone's browser for `test.use`: its screen, touch and mobile viewport rules. */
export const ON_PHONE = { viewport: PHONE, hasTouch: true, isMobile: true };
export const prefix = (lang: Lang) => (lang === 'en' ? '/en' : '');

/** The `data` of a successful public API answer, asked in `lang`. */
export async function apiData<T>(
  request: APIRequestContext,
  path: string,
  lang: Lang = 'ar',
): Promise<T> {
  const response = await request.get(path, { headers: { 'Accept-Language': lang } });
  expect(response.ok(), path).toBe(true);
  const body = (await response.json()) as { success: boolean; data: T };
  expect(body.success).toBe(true);
  return body.data;
}

export const cards = async (request: APIRequestContext) =>
  (
    await apiData<{ vehicles: { data: Card[] } }>(
      request,
      '/api/Vehicle/GetVehiclesRandomly?page=1&pageSize=60&seed=1',
    )
  ).vehicles.data;

export const detail = (request: APIRequestContext, id: number, lang: Lang = 'ar') =>
  apiData<Detail>(request, `/api/Vehicle/GetVehicle?id=${id}`, lang);

/** A public vehicle with a phone number and more than `photos` photos. */
export async function vehicleWithPhotos(request: APIRequestContext, photos = 3, lang: Lang = 'ar') {
  const card = (await cards(request)).find(
    (c) => c.imageCount > photos && internationalDigits(c.ownerMobile),
  );
  expect(card, 'a demo vehicle with photos and a phone').toBeDefined();
  return detail(request, card!.id, lang);
}
