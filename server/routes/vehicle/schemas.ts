import { Type, type Static } from '@sinclair/typebox';
import { Page } from '../paging-schemas.ts';

/*
 * The Vehicle group's answers; a vehicle card is also what Order answers with. The requests are
 * in ./request-schemas.ts.
 */

// Answers only: request fields use the bounded blocks of schema-types.ts.
const Integer = Type.Integer();

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
  /** How many photos the vehicle's page shows. */
  imageCount: Integer,
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

/* ------------------------------------------------------------------ the seller's vehicles */

/** CreateVehicle / UpdateVehicle answer: the vehicle's id, slug and status. */
export const SavedVehicle = Type.Object({
  id: Integer,
  slug: Type.String(),
  statusId: Integer,
  statusName: Type.String(),
});
export type SavedVehicle = Static<typeof SavedVehicle>;

/** GetVehicelForUpdate?id: the draft as stored, to fill the edit form (owner or admin). */
export const VehicleForUpdate = Type.Object({
  id: Integer,
  brandIdFk: Integer,
  modelIdFk: Integer,
  year: Integer,
  numOfMeals: Integer,
  bodyTypeIdCfk: Integer,
  colorIdCFK: Integer,
  paintedTypeIdCfk: Integer,
  paintedStatusIdCfk: Integer,
  specificationIdCfk: Integer,
  price: Type.Number(),
  currency: Integer,
  gearTypeIdCfk: Integer,
  oilTypeIdCfk: Integer,
  /** The main image's /uploads path. */
  image: Type.String(),
  /** The photos, cover first. */
  images: Type.Array(
    Type.Object({ id: Integer, path: Type.String(), width: Integer, height: Integer }),
  ),
  image360: Type.String(),
  bestThreeCategories: Type.Array(Type.String()),
  moreInfo: Type.String(),
  extinsionCategory: Type.Array(
    Type.Object({ extensionName: Type.String(), extentionValue: Type.String() }),
  ),
  statusId: Integer,
  slug: Type.String(),
});
export type VehicleForUpdate = Static<typeof VehicleForUpdate>;

/** GetVehicleUpdateInfo?vehicleId: where the vehicle stands in review, for its owner. */
export const VehicleUpdateInfo = Type.Object({
  id: Integer,
  slug: Type.String(),
  statusId: Integer,
  statusName: Type.String(),
  /** The admin's last reply on a status change ('' when none). */
  messageReplay: Type.String(),
  totalVisits: Integer,
  favouriteCount: Integer,
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type VehicleUpdateInfo = Static<typeof VehicleUpdateInfo>;

/** A row of My vehicles (spec §3). */
export const MyVehicle = Type.Object({
  id: Integer,
  slug: Type.String(),
  brandName: Type.String(),
  modelName: Type.String(),
  year: Integer,
  meals: Integer,
  price: Type.Number(),
  currency: Integer,
  currencyName: Type.String(),
  image: Type.String(),
  image360: Type.String(),
  /** The photos' /uploads paths, cover first. */
  images: Type.Array(Type.String()),
  statusId: Integer,
  statusName: Type.String(),
  messageReplay: Type.String(),
  totalVisits: Integer,
  createdAt: Type.String(),
});
export type MyVehicle = Static<typeof MyVehicle>;
export const MyVehicles = Type.Array(MyVehicle);
export type MyVehicles = Static<typeof MyVehicles>;

export const Image360Answer = Type.Object({ id: Integer, image360: Type.String() });
export type Image360Answer = Static<typeof Image360Answer>;

/** DeleteVehicle: the id of the vehicle deleted. */
export const DeletedVehicle = Type.Object({ id: Integer });
export type DeletedVehicle = Static<typeof DeletedVehicle>;

export const VehicleStatusAnswer = Type.Object({
  id: Integer,
  statusId: Integer,
  statusName: Type.String(),
});
export type VehicleStatusAnswer = Static<typeof VehicleStatusAnswer>;

export const AdminVehicle = Type.Object({
  id: Integer,
  slug: Type.String(),
  brandName: Type.String(),
  modelName: Type.String(),
  year: Integer,
  meals: Integer,
  price: Type.Number(),
  currency: Type.String(),
  image: Type.String(),
  image360: Type.String(),
  images: Type.Array(Type.String()),
  /** Sanitised HTML, as stored. */
  description: Type.String(),
  bestThreeCategories: Type.Array(Type.String()),
  ownerId: Integer,
  ownerName: Type.String(),
  ownerMobile: Type.String(),
  ownerEmail: Type.String(),
  statusId: Integer,
  statusName: Type.String(),
  messageReplay: Type.String(),
  createdAt: Type.String(),
});
export type AdminVehicle = Static<typeof AdminVehicle>;
export const AdminVehiclePage = Page(AdminVehicle);

/* ------------------------------------------------------------------ listing reports */

/** GetReportReasons: a report's reasons, in both languages (`name` in the caller's). */
export const ReportReason = Type.Object({
  id: Integer,
  name: Type.String(),
  nameAr: Type.String(),
  nameEn: Type.String(),
});
export type ReportReason = Static<typeof ReportReason>;
export const ReportReasons = Type.Array(ReportReason);

export const SentReport = Type.Object({ id: Integer });
export type SentReport = Static<typeof SentReport>;

export const VehicleReportRow = Type.Object({
  id: Integer,
  vehicleId: Integer,
  vehicleSlug: Type.String(),
  vehicleTitle: Type.String(),
  vehicleStatusId: Integer,
  vehicleDeleted: Type.Boolean(),
  ownerId: Integer,
  ownerName: Type.String(),
  reasonId: Integer,
  reasonName: Type.String(),
  text: Type.String(),
  /** 0 and '' when a visitor who was not signed in sent it. */
  reporterId: Integer,
  reporterName: Type.String(),
  statusId: Integer,
  statusName: Type.String(),
  messageReplay: Type.String(),
  reviewerName: Type.String(),
  /** '' while the report is open. */
  reviewedAt: Type.String(),
  createdAt: Type.String(),
});
export type VehicleReportRow = Static<typeof VehicleReportRow>;
export const VehicleReportPage = Page(VehicleReportRow);

export const ReportDecision = Type.Object({
  id: Integer,
  vehicleId: Integer,
  statusId: Integer,
  statusName: Type.String(),
});
export type ReportDecision = Static<typeof ReportDecision>;
