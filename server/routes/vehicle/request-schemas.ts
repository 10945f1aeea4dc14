import { Type } from '@sinclair/typebox';
import { Id, Int32, Money, MultilineText, Text } from '../../lib/schema-types.ts';
import { LIST_SORTS, PRICE_CURRENCIES } from '../../../domain/vehicle-filter.ts';
import { ADMIN_VEHICLE_SORTS } from '../../db/repositories/admin-vehicles.ts';
import { AdminListQuery, PagingQuery } from '../paging-schemas.ts';
import { REPORT_TEXT_MAX, REPORT_REPLY_MAX } from '../../../domain/listing-report.ts';

/** The admin's report list is sorted by date only. */
const REPORT_SORTS = ['createdAt'] as const;

/*
 * The Vehicle group's requests: queries and bodies, bounded with the blocks of
 * schema-types.ts. The answers are in ./schemas.ts.
 */

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

export const ForUpdateQuery = Type.Object({ id: Id() });
export const UpdateInfoQuery = Type.Object({ vehicleId: Id() });
export const DeleteVehicleQuery = Type.Object({ Id: Id() });
/** GetMyVehicles: 0 or absent lists every status. */
export const MyVehiclesQuery = Type.Object({ statusId: Type.Optional(Int32({ minimum: 0 })) });

/** UpdateVehicleImage360: a data URL of an equirectangular JPEG/PNG, or '' to remove it. */
export const Image360Body = Type.Object({
  id: Int32({ minimum: 0 }),
  imagePath: DraftImage,
});
/** UpdateVehicleStatus (spec §3 status change, for vehicles). */
export const VehicleStatusBody = Type.Object({
  vehicleId: Id(),
  statusId: Id(),
  messageReplay: Type.Optional(MultilineText(255)),
});
/** The admin's review list (GetAdminVehicles). */
export const AdminVehiclesQuery = Type.Object({
  ...AdminListQuery(ADMIN_VEHICLE_SORTS),
  statusId: Type.Optional(Int32({ minimum: 0 })),
  ownerId: Type.Optional(Int32({ minimum: 0 })),
});

/* ------------------------------------------------------------------ listing reports */

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
/** GetVehicleReports: the admin's list of reports, by status (0 or none: all). */
export const VehicleReportsQuery = Type.Object({
  ...AdminListQuery(REPORT_SORTS),
  statusId: Type.Optional(Int32({ minimum: 0 })),
});

/** UpdateVehicleReportStatus: hide the vehicle (96, with a reply to its owner) or dismiss (97). */
export const ReportDecisionBody = Type.Object({
  reportId: Id(),
  statusId: Id(),
  messageReplay: Type.Optional(MultilineText(REPORT_REPLY_MAX)),
});
