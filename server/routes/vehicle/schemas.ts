import { Type } from '@sinclair/typebox';
import { Int32, Money } from '../../lib/schema-types.ts';

// Answers only: request fields use the bounded blocks of schema-types.ts.
const Id = Type.Integer();
const Filter = (description: string) => Type.Optional(Int32({ minimum: 0, description }));
const PriceFilter = (description: string) => Type.Optional(Money({ description }));

/** page and pageSize as every list call takes them; over 100 a page is refused. */
export const PagingQuery = {
  page: Int32({ minimum: 1, default: 1 }),
  pageSize: Int32({ minimum: 1, maximum: 100, default: 6 }),
};

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

export const PaginationSchema = Type.Object({
  currentPage: Id,
  pageCount: Id,
  pageSize: Id,
  rowCount: Id,
});

export const VehicleCardSchema = Type.Object({
  id: Id,
  slug: Type.String(),
  image: Type.String(),
  meals: Id,
  year: Id,
  brandId: Id,
  brandName: Type.String(),
  modelId: Id,
  modelName: Type.String(),
  price: Type.Number(),
  currency: Id,
  ownerId: Id,
  ownerName: Type.String(),
  ownerUserType: Id,
  ownerImage: Type.String(),
  ownerMobile: Type.String(),
  ownerSlug: Type.String(),
  ownerAddressCityId: Id,
  ownerAddressStateId: Id,
  ownerAddressInfo: Type.String(),
  statusId: Id,
  status: Type.String(),
  bestThreeCategories: Type.Array(Type.String()),
  hasImage360: Type.Boolean(),
});

export const VehiclePage = Type.Object({
  data: Type.Array(VehicleCardSchema),
  pagination: PaginationSchema,
});

const Named = (name: string) => ({ [`${name}Id`]: Id, [name]: Type.String() });

export const VehicleDetailSchema = Type.Composite([
  VehicleCardSchema,
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
    vehicleImages: Type.Array(Type.Object({ id: Id, path: Type.String(), width: Id, height: Id })),
    vehicleCategoryExtension: Type.Array(
      Type.Object({ extensionName: Type.String(), extentionValue: Type.String() }),
    ),
    cardOfVehicle: Type.Array(VehicleCardSchema),
    createdAt: Type.String(),
    updatedAt: Type.String(),
  }),
]);

export const SellerSchema = Type.Object({
  id: Id,
  name: Type.String(),
  userType: Id,
  mobile: Type.String(),
  addressStateId: Id,
  addressCityId: Id,
  addressStateName: Type.String(),
  addressCityName: Type.String(),
  AddressInfo: Type.String(),
  slug: Type.String(),
  image: Type.String(),
  vehicleCount: Id,
});

export const GallerySchema = Type.Object({
  id: Id,
  name: Type.String(),
  userType: Id,
  image: Type.String(),
  addressStateId: Id,
  addressCityId: Id,
  addressStateName: Type.String(),
  addressCityName: Type.String(),
  AddressInfo: Type.String(),
  mobile: Type.String(),
  slug: Type.String(),
  moreInfo: Type.String(),
  vehicles: VehiclePage,
});

export const AnnouncementSchema = Type.Object({
  id: Id,
  image: Type.String(),
  announcementType: Id,
  startDate: Type.String(),
  endDate: Type.String(),
  userId: Id,
  userName: Type.String(),
  userSlug: Type.String(),
});
