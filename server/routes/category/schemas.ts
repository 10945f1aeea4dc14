import { Type, type Static } from '@sinclair/typebox';
import { CATALOGUE_SORTS } from '../../db/repositories/catalogue-admin.ts';
import { Id, Int32, MultilineText, Text } from '../../lib/schema-types.ts';
import { AdminListQuery } from '../paging-schemas.ts';

/* Reference lists (Category group); names follow the caller's Accept-Language. */

/** A localised id/name pair, the shape of every lookup list (codes, states). */
export const LookupItem = Type.Object({ id: Type.Integer(), name: Type.String() });
export type LookupItem = Static<typeof LookupItem>;

/** A currency and how many shekels one unit of it is worth. */
export const CurrencyItem = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  rateToIls: Type.Number(),
});

/** An announcement kind with its price per day in `value`. */
export const AnnouncementKind = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  value: Type.Number(),
});
export type AnnouncementKind = Static<typeof AnnouncementKind>;

export const Constant = Type.Object({ id: Type.Integer(), valueSt: Type.String() });
export type Constant = Static<typeof Constant>;

export const Brand = Type.Object({ id: Type.Integer(), name: Type.String(), image: Type.String() });
export type Brand = Static<typeof Brand>;

export const BrandModelsQuery = Type.Object({ brandId: Id() });

export const BrandModel = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  brandId: Type.Integer(),
});
export type BrandModel = Static<typeof BrandModel>;

/** The spec's parameter name, capital S included. */
export const StateCitiesQuery = Type.Object({ StateId: Id() });

export const City = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  stateId: Type.Integer(),
});
export type City = Static<typeof City>;

// ------------------------------------------------------------------ the admin's catalogue

const NameFields = {
  nameAr: Text(100),
  nameEn: Text(100),
  /** The arrange (display order) number. */
  sortOrder: Type.Optional(Int32({ minimum: 0, maximum: 100000 })),
};

export const AdminCatalogueQuery = Type.Object(AdminListQuery(CATALOGUE_SORTS));
export const AdminModelsQuery = Type.Object({
  ...AdminListQuery(CATALOGUE_SORTS),
  brandId: Type.Optional(Int32({ minimum: 0 })),
});
export const AdminCodesQuery = Type.Object({
  ...AdminListQuery(CATALOGUE_SORTS),
  categoryId: Id(),
});

export const AdminBrand = Type.Object({
  id: Type.Integer(),
  nameAr: Type.String(),
  nameEn: Type.String(),
  sortOrder: Type.Integer(),
  image: Type.String(),
  models: Type.Integer(),
});
export type AdminBrand = Static<typeof AdminBrand>;
export const AdminModel = Type.Object({
  id: Type.Integer(),
  brandId: Type.Integer(),
  brandName: Type.String(),
  brandNameEn: Type.String(),
  nameAr: Type.String(),
  nameEn: Type.String(),
});
export type AdminModel = Static<typeof AdminModel>;
export const AdminCode = Type.Object({
  id: Type.Integer(),
  categoryId: Type.Integer(),
  nameAr: Type.String(),
  nameEn: Type.String(),
  sortOrder: Type.Integer(),
});
export type AdminCode = Static<typeof AdminCode>;

export const BrandBody = Type.Object({
  ...NameFields,
  /** A new logo (base64 or data URL, JPEG or PNG); '' removes it; absent keeps it. */
  image: Type.Optional(MultilineText(7 * 1024 * 1024, { description: 'base64, or a data: URL' })),
});
export const BrandUpdateBody = Type.Object({ id: Id(), ...BrandBody.properties });
export const ModelBody = Type.Object({ brandId: Id(), nameAr: Text(100), nameEn: Text(100) });
export const ModelUpdateBody = Type.Object({ id: Id(), ...ModelBody.properties });
export const CodeBody = Type.Object({ categoryId: Id(), ...NameFields });
export const CodeUpdateBody = Type.Object({ id: Id(), ...NameFields });
export const DeleteBrandQuery = Type.Object({ brandId: Id() });
export const DeleteModelQuery = Type.Object({ brandModelId: Id() });
export const DeleteCodeQuery = Type.Object({ id: Id() });
export const DeletedId = Type.Object({ id: Type.Integer() });
