import { Type, type Static } from '@sinclair/typebox';
import { Id } from '../../lib/schema-types.ts';

/* Reference lists (Category group); names follow the caller's Accept-Language. */

/** A localised id/name pair, the shape of every lookup list (codes, states). */
export const LookupItem = Type.Object({ id: Type.Integer(), name: Type.String() });
export type LookupItem = Static<typeof LookupItem>;

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
