import { Type, type Static } from '@sinclair/typebox';
import { Id, Int32, Money, MultilineText, Text } from '../../lib/schema-types.ts';
import { LIST_SORTS, PRICE_CURRENCIES } from '../../../domain/vehicle-filter.ts';
import { ADMIN_VEHICLE_SORTS } from '../../db/repositories/admin-vehicles.ts';
import { AdminListQuery, Page, PagingQuery } from '../paging-schemas.ts';
import { REPORT_REPLY_MAX, REPORT_TEXT_MAX } from '../../../domain/listing-report.ts';

/** The admin's report list is sorted by date only. */
const REPORT_SORTS = ['createdAt'] as const;

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
  priceCurrency: Type.Optional(
    Type.Union(
      PRICE_CURRENCIES.map((id) => Type.Literal(id)),
      {
        description:
          'the currency of priceFrom/priceTo (86 NIS, the default; 87 USD; 88 JOD): every price is compared in shekels at the rates GetCurrency answers',
      },
    ),
  ),
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
  sort: Type.Optional(
    Type.Union(
      LIST_SORTS.map((sort) => Type.Literal(sort)),
      {
        description:
          'newest (by publication), price-asc / price-desc (in shekels), year-desc, distance-asc; absent: the seeded shuffle',
      },
    ),
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

/** Largest decoded photo, main image or 360 image (a phone camera's JPEG is 3 to 8 MB). */
export const VEHICLE_IMAGE_MAX_BYTES = 12 * 1024 * 1024;
/** Largest CreateVehicle / UpdateVehicle body: 20 photos as the site sends them, with room. */
export const VEHICLE_DRAFT_BODY_LIMIT = 96 * 1024 * 1024;

/** Largest UpdateVehicleImage360 body: one image of VEHICLE_IMAGE_MAX_BYTES as base64, with room. */
export const IMAGE_360_BODY_LIMIT = Math.ceil((VEHICLE_IMAGE_MAX_BYTES * 4) / 3) + 64 * 1024;

/** A lookup id of the draft: 0 means "not chosen" (answered with the field's §5 message). */
const DraftId = Int32({ minimum: 0 });
/** Base64 (or a data: URL) of a JPEG or PNG; on update also a current image's /uploads path. */
const DraftImage = MultilineText(Math.ceil((VEHICLE_IMAGE_MAX_BYTES * 4) / 3) + 1024, {
  description: 'base64 or a data: URL of a JPEG or PNG; on update, or a current /uploads path',
});

const draftFields = {
  brandIdFk: DraftId,
  modelIdFk: DraftId,
  year: Int32({ minimum: 0 }),
  numOfMeals: Int32({ minimum: 0, description: 'distance travelled in km' }),
  bodyTypeIdCfk: DraftId,
  colorIdCFK: DraftId,
  paintedTypeIdCfk: DraftId,
  paintedStatusIdCfk: DraftId,
  specificationIdCfk: DraftId,
  price: Money(),
  currency: DraftId,
  gearTypeIdCfk: DraftId,
  oilTypeIdCfk: DraftId,
  image: Type.Optional(DraftImage),
  images: Type.Optional(Type.Array(DraftImage, { maxItems: 40 })),
  bestThreeCategories: Type.Array(Text(1000), { maxItems: 10 }),
  moreInfo: Type.Optional(MultilineText(100_000, { description: 'rich text (HTML), sanitised' })),
  extinsionCategory: Type.Optional(
    Type.Array(Type.Object({ extensionName: Text(1000), extentionValue: Text(1000) }), {
      maxItems: 100,
    }),
  ),
};

/**
 * CreateVehicle: the whole draft of spec §3. The schema only bounds sizes; every rule of §5 is
 * checked in order by domain/vehicle-draft.ts so the answer is the spec's message.
 */
export const VehicleDraftBody = Type.Object(draftFields);

/** UpdateVehicle: the draft with its id; an absent or empty image or images keeps the current. */
export const VehicleUpdateBody = Type.Object({ id: Int32({ minimum: 0 }), ...draftFields });

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

export const ForUpdateQuery = Type.Object({ id: Id() });
export const UpdateInfoQuery = Type.Object({ vehicleId: Id() });
export const DeleteVehicleQuery = Type.Object({ Id: Id() });
/** GetMyVehicles: 0 or absent lists every status. */
export const MyVehiclesQuery = Type.Object({ statusId: Type.Optional(Int32({ minimum: 0 })) });

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

/** UpdateVehicleImage360: a data URL of an equirectangular JPEG/PNG, or '' to remove it. */
export const Image360Body = Type.Object({
  id: Int32({ minimum: 0 }),
  imagePath: DraftImage,
});
export const Image360Answer = Type.Object({ id: Integer, image360: Type.String() });
export type Image360Answer = Static<typeof Image360Answer>;

/** DeleteVehicle: the id of the vehicle deleted. */
export const DeletedVehicle = Type.Object({ id: Integer });
export type DeletedVehicle = Static<typeof DeletedVehicle>;

/** UpdateVehicleStatus (spec §3 status change, for vehicles). */
export const VehicleStatusBody = Type.Object({
  vehicleId: Id(),
  statusId: Id(),
  messageReplay: Type.Optional(MultilineText(255)),
});
export const VehicleStatusAnswer = Type.Object({
  id: Integer,
  statusId: Integer,
  statusName: Type.String(),
});
export type VehicleStatusAnswer = Static<typeof VehicleStatusAnswer>;

/** The admin's review list (GetAdminVehicles). */
export const AdminVehiclesQuery = Type.Object({
  ...AdminListQuery(ADMIN_VEHICLE_SORTS),
  statusId: Type.Optional(Int32({ minimum: 0 })),
  ownerId: Type.Optional(Int32({ minimum: 0 })),
});

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

/** ReportVehicle: the reason is one of GetReportReasons; the note is optional. */
export const ReportVehicleBody = Type.Object({
  vehicleId: Id(),
  reasonId: Id(),
  // Longer than the rule so a long note is answered with its own message, not the schema's.
  text: Type.Optional(
    MultilineText(4 * REPORT_TEXT_MAX, {
      description: `optional, at most ${REPORT_TEXT_MAX} characters once trimmed`,
    }),
  ),
});
export const SentReport = Type.Object({ id: Integer });
export type SentReport = Static<typeof SentReport>;

/** GetVehicleReports: the admin's list of reports, by status (0 or none: all). */
export const VehicleReportsQuery = Type.Object({
  ...AdminListQuery(REPORT_SORTS),
  statusId: Type.Optional(Int32({ minimum: 0 })),
});

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

/** UpdateVehicleReportStatus: hide the vehicle (96, with a reply to its owner) or dismiss (97). */
export const ReportDecisionBody = Type.Object({
  reportId: Id(),
  statusId: Id(),
  messageReplay: Type.Optional(MultilineText(REPORT_REPLY_MAX)),
});
export const ReportDecision = Type.Object({
  id: Integer,
  vehicleId: Integer,
  statusId: Integer,
  statusName: Type.String(),
});
export type ReportDecision = Static<typeof ReportDecision>;
