import type { SellerGallery } from '../../server/db/repositories/sellers.ts';
import type { VehicleDetail } from '../../server/db/repositories/vehicles.ts';
import { Status, UserType } from '../../domain/codes.ts';
import { vehicleCondition } from '../../domain/vehicle-condition.ts';
import { currencyCode } from './format.ts';

/*
 * schema.org objects for the pages' JSON-LD (link previews and search results read them).
 * Every URL in them is absolute, on the site's public origin.
 */

export interface Crumb {
  name: string;
  /** Absolute URL; the last crumb (the page itself) may omit it. */
  url?: string;
}

export function breadcrumbList(crumbs: Crumb[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      ...(crumb.url ? { item: crumb.url } : {}),
    })),
  };
}

const absolute = (path: string, origin: string) => new URL(path, origin).href;

/** Unique absolute URLs of a vehicle's photos, the main photo first. */
export function vehiclePhotoUrls(
  vehicle: Pick<VehicleDetail, 'image' | 'vehicleImages'>,
  origin: string,
) {
  const paths = [vehicle.image, ...vehicle.vehicleImages.map((image) => image.path)].filter(
    (path): path is string => Boolean(path),
  );
  return [...new Set(paths)].map((path) => absolute(path, origin));
}

/**
 * A listing as a schema.org `Car` with its `Offer`. `url` is the page's canonical URL and
 * `sellerUrl` the seller's gallery; names are in the page's language.
 */
export function carListing(
  vehicle: VehicleDetail,
  options: { url: string; sellerUrl: string; origin: string; description: string },
) {
  const { url, sellerUrl, origin, description } = options;
  const name = `${vehicle.brandName} ${vehicle.modelName} ${vehicle.year}`;
  const optional = (key: string, value: string) => (value ? { [key]: value } : {});
  return {
    '@context': 'https://schema.org',
    '@type': 'Car',
    name,
    url,
    description,
    image: vehiclePhotoUrls(vehicle, origin),
    brand: { '@type': 'Brand', name: vehicle.brandName },
    model: vehicle.modelName,
    vehicleModelDate: String(vehicle.year),
    modelDate: String(vehicle.year),
    mileageFromOdometer: {
      '@type': 'QuantitativeValue',
      value: vehicle.meals,
      unitCode: 'KMT',
    },
    itemCondition:
      vehicleCondition(vehicle.meals) === 'new'
        ? 'https://schema.org/NewCondition'
        : 'https://schema.org/UsedCondition',
    ...optional('color', vehicle.color),
    ...optional('fuelType', vehicle.oilType),
    ...optional('vehicleTransmission', vehicle.gearType),
    ...optional('bodyType', vehicle.bodyType),
    offers: {
      '@type': 'Offer',
      price: vehicle.price,
      priceCurrency: currencyCode(vehicle.currency),
      availability:
        vehicle.statusId === Status.saled
          ? 'https://schema.org/SoldOut'
          : 'https://schema.org/InStock',
      url,
      seller: {
        '@type': vehicle.ownerUserType === UserType.company ? 'AutoDealer' : 'Person',
        name: vehicle.ownerName,
        url: sellerUrl,
      },
    },
  };
}

/** A seller's gallery: a dealership as `AutoDealer`, an individual as `Person`. */
export function sellerProfile(
  seller: Pick<
    SellerGallery,
    'name' | 'userType' | 'image' | 'addressCityName' | 'addressStateName' | 'AddressInfo'
  >,
  options: { url: string; origin: string; image?: string },
) {
  const image =
    options.image ?? (seller.image ? absolute(seller.image, options.origin) : undefined);
  const address = {
    '@type': 'PostalAddress',
    addressCountry: 'PS',
    ...(seller.addressCityName ? { addressLocality: seller.addressCityName } : {}),
    ...(seller.addressStateName ? { addressRegion: seller.addressStateName } : {}),
    ...(seller.AddressInfo ? { streetAddress: seller.AddressInfo } : {}),
  };
  return {
    '@context': 'https://schema.org',
    '@type': seller.userType === UserType.company ? 'AutoDealer' : 'Person',
    name: seller.name,
    url: options.url,
    ...(image ? { image } : {}),
    address,
  };
}

/**
 * An event on sale as a schema.org `Event` with its ticket `Offer` (issue 10 Tickets). `url` is
 * the page's canonical URL; `image` absolute; texts in the page's language.
 */
export function ticketedEvent(
  event: {
    title: string;
    place: string;
    startsAt: string;
    ticketPrice: number;
    currency: number;
    seatsLeft: number;
  },
  options: { url: string; image: string; description: string },
) {
  const ended = new Date(event.startsAt).getTime() < Date.now();
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.title,
    url: options.url,
    description: options.description,
    startDate: event.startsAt,
    eventStatus: 'https://schema.org/EventScheduled',
    eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    location: { '@type': 'Place', name: event.place, address: event.place },
    ...(options.image ? { image: [options.image] } : {}),
    offers: {
      '@type': 'Offer',
      url: options.url,
      price: event.ticketPrice,
      priceCurrency: currencyCode(event.currency),
      availability:
        event.seatsLeft > 0 && !ended ? 'https://schema.org/InStock' : 'https://schema.org/SoldOut',
    },
  };
}
