import { Type, type Static } from '@sinclair/typebox';
import { Id, Int32, Money } from '../../lib/schema-types.ts';
import { Page, PagingQuery } from '../paging-schemas.ts';

/* The Vehicle group's requests and answers; a vehicle card is also what Order answers with. */

// Answers only: request fields use the bounded blocks of schema-types.ts.
const Integer = Type.Integer();
const Filter = (description: string) => Type.Optional(Int32({ minimum: 0, description }));
const PriceFilter = (description: string) => Type.Optional(Money({ description }));

/** The vehicle search filter of spec §3. Zero means no filter. */
export const VehicleFilterQuery = Type.Object({
  ownerId: Filter('seller id'),
  stateId: Filter("the seller's state"),
  vehicleBrandId: Filter('make'),
  vehicleModelId: Filter('model'),
  yearFrom: Filter('applies only when both years exceed 1000'),
  yearTo: Filter('applies only when both years exceed 1000'),
  priceFrom: PriceFilter('applies only when from < to'),
  priceTo: PriceFilter('applies only when from < to'),
  mealsFrom: Filter('km; applies only when from < to'),
  mealsTo: Filter('km; applies only when from < to'),
  color: Filter('colour code'),
  bodyType: Filter('body type code'),
  specification: Filter('specification code'),
  paintedType: Filter('painted type code'),
  paintedStatus: Filter('painted status code'),
  gearType: Filter('gear type code'),
  oilType: Filter('fuel code'),
  seed: Type.Optional(
    Int32({
      minimum: 0,
      description: "the shuffle of this search; pass the answer's seed to get its next pages",
    }),
  ),
  ...PagingQuery,
});

export const VehicleQuery = Type.Object({ id: Id() });

/** A seller's gallery: 12 vehicles a page unless asked otherwise. */
export const GalleryQuery = Type.Object({
  userId: Id(),
  ...PagingQuery,
  pageSize: Int32({ minimum: 1, maximum: 100, default: 12 }),
});

export const FavouriteToggleQuery = Type.Object({ vehicleId: Id() });

export const VehicleCard = Type.Object({
  id: Integer,
  slug: Type.String(),
  image: Type.String(),
  meals: Integer,
  year: Integer,
  brandId: Integer,
  brandName: Type.String(),
  modelId: Integer,
  modelName: Type.String(),
  price: Type.Number(),
  currency: Integer,
  ownerId: Integer,
  ownerName: Type.String(),
  ownerUserType: Integer,
  ownerImage: Type.String(),
  ownerMobile: Type.String(),
  ownerSlug: Type.String(),
  ownerAddressCityId: Integer,
  ownerAddressStateId: Integer,
  ownerAddressInfo: Type.String(),
  statusId: Integer,
  status: Type.String(),
  bestThreeCategories: Type.Array(Type.String()),
  hasImage360: Type.Boolean(),
});
export type VehicleCard = Static<typeof VehicleCard>;

export const VehiclePage = Page(VehicleCard);
export type VehiclePage = Static<typeof VehiclePage>;

/** GetVehiclesRandomly: a page and the seed of its shuffle, to walk the same order further. */
export const VehicleSearch = Type.Object({ vehicles: VehiclePage, seed: Type.Integer() });
export type VehicleSearch = Static<typeof VehicleSearch>;

/** A favourite card: the vehicle card and its description (HTML) in moreInfo. */
export const FavouriteVehicle = Type.Composite([
  VehicleCard,
  Type.Object({ moreInfo: Type.String() }),
]);
export type FavouriteVehicle = Static<typeof FavouriteVehicle>;

/** GetVehiclesFavorite: unpaged, so no pagination block. */
export const FavouriteVehicles = Type.Object({
  vehicles: Type.Object({ data: Type.Array(FavouriteVehicle) }),
});
export type FavouriteVehicles = Static<typeof FavouriteVehicles>;

/** GetVehiclesFavoriteId: the ids of the caller's favourite vehicles. */
export const FavouriteIds = Type.Array(Type.Integer());
export type FavouriteIds = Static<typeof FavouriteIds>;

/** ToggleVehicleFavorite: the new state and the message to show for it. */
export const FavouriteToggle = Type.Object({ isFavorite: Type.Boolean(), message: Type.String() });
export type FavouriteToggle = Static<typeof FavouriteToggle>;

/**
 * A coded field: its code in `<name>Id`, its localised name in `<name>`. The computed keys leave
 * VehicleDetail's static type loose on these fields: spelled out, the route's reply type (the
 * type provider reads these @sinclair/typebox schemas with typebox 1.x's Static) is too deep.
 */
const Named = (name: string) => ({ [`${name}Id`]: Integer, [name]: Type.String() });

export const VehicleDetail = Type.Composite([
  VehicleCard,
  Type.Object({
    ...Named('color'),
    ...Named('bodyType'),
    ...Named('specification'),
    ...Named('paintedType'),
    ...Named('paintedStatus'),
    ...Named('gearType'),
    ...Named('oilType'),
    currencyName: Type.String(),
    ownerStateName: Type.String(),
    ownerCityName: Type.String(),
    description: Type.String({ description: 'sanitised HTML' }),
    image360: Type.String(),
    vehicleImages: Type.Array(
      Type.Object({ id: Integer, path: Type.String(), width: Integer, height: Integer }),
    ),
    vehicleCategoryExtension: Type.Array(
      Type.Object({ extensionName: Type.String(), extentionValue: Type.String() }),
    ),
    cardOfVehicle: Type.Array(VehicleCard),
    createdAt: Type.String(),
    updatedAt: Type.String(),
  }),
]);
export type VehicleDetail = Static<typeof VehicleDetail>;

/** GetUserVehicles: a seller's public details and a page of their public vehicles. */
export const Gallery = Type.Object({
  id: Integer,
  name: Type.String(),
  userType: Integer,
  image: Type.String(),
  addressStateId: Integer,
  addressCityId: Integer,
  addressStateName: Type.String(),
  addressCityName: Type.String(),
  AddressInfo: Type.String(),
  mobile: Type.String(),
  slug: Type.String(),
  moreInfo: Type.String(),
  vehicles: VehiclePage,
});
export type Gallery = Static<typeof Gallery>;
