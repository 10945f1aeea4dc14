import { expect, type APIRequestContext } from '@playwright/test';
import { internationalDigits } from '../../../src/lib/phone.ts';

/* What the vehicle page's browser tests share: the demo catalogue's vehicles read through the API. */

export type Lang = 'ar' | 'en';

export interface Card {
  id: number;
  slug: string;
  ownerMobile: string;
  imageCount: number;
}

export interface Detail extends Card {
  brandName: string;
  modelName: string;
  year: number;
  createdAt: string;
  vehicleImages: { path: string }[];
}

export const PHONE = { width: 412, height: 915 };
export const prefix = (lang: Lang) => (lang === 'en' ? '/en' : '');

async function apiData<T>(request: APIRequestContext, path: string, lang: Lang = 'ar') {
  const response = await request.get(path, { headers: { 'Accept-Language': lang } });
  expect(response.ok(), path).toBe(true);
  return ((await response.json()) as { data: T }).data;
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
