import { eq, inArray } from 'drizzle-orm';
import { CodeCategory } from '../../../domain/codes.ts';
import {
  DRAFT_LOOKUPS,
  type DraftLookups,
  type VehicleDraft,
  type VehicleExtra,
} from '../../../domain/vehicle-draft.ts';
import { sanitizeRichText } from '../../lib/sanitize.ts';
import type { Db } from '../client.ts';
import { brandModels, brands, codes } from '../schema.ts';

/** The columns of `vehicles` a seller's draft sets, checked and cleaned. */
export interface DraftColumns {
  brandId: number;
  modelId: number;
  year: number;
  meals: number;
  bodyTypeId: number;
  colorId: number;
  paintedTypeId: number;
  paintedStatusId: number;
  specificationId: number;
  gearTypeId: number;
  oilTypeId: number;
  price: number;
  currencyId: number;
  bestThreeCategories: string[];
  /** Absent on an update that leaves the description as it is. */
  description?: string;
  /** Absent on an update that leaves the extras as they are. */
  extras?: VehicleExtra[];
}

/** A draft that passed vehicleDraftError, as columns: features and extras trimmed. */
export function draftColumns(draft: Partial<VehicleDraft> & VehicleDraftIds): DraftColumns {
  return {
    brandId: draft.brandIdFk,
    modelId: draft.modelIdFk,
    year: draft.year,
    meals: draft.numOfMeals,
    bodyTypeId: draft.bodyTypeIdCfk,
    colorId: draft.colorIdCFK,
    paintedTypeId: draft.paintedTypeIdCfk,
    paintedStatusId: draft.paintedStatusIdCfk,
    specificationId: draft.specificationIdCfk,
    gearTypeId: draft.gearTypeIdCfk,
    oilTypeId: draft.oilTypeIdCfk,
    price: draft.price,
    currencyId: draft.currency,
    bestThreeCategories: draft.bestThreeCategories.map((feature) => feature.trim()),
    description: draft.moreInfo === undefined ? undefined : sanitizeRichText(draft.moreInfo),
    extras: draft.extinsionCategory?.map((extra) => ({
      extensionName: extra.extensionName.trim(),
      extentionValue: extra.extentionValue.trim(),
    })),
  };
}

export type VehicleDraftIds = Pick<
  VehicleDraft,
  | 'brandIdFk'
  | 'modelIdFk'
  | 'year'
  | 'numOfMeals'
  | 'bodyTypeIdCfk'
  | 'colorIdCFK'
  | 'paintedTypeIdCfk'
  | 'paintedStatusIdCfk'
  | 'specificationIdCfk'
  | 'gearTypeIdCfk'
  | 'oilTypeIdCfk'
  | 'price'
  | 'currency'
  | 'bestThreeCategories'
>;

/**
 * The database's answers for the lookups of `vehicleDraftError`: the brand exists, the model
 * belongs to it, each code exists in its own category (a colour is no body type), and the
 * currency is a currency. Three queries, then answered from memory.
 */
export async function draftLookups(db: Db, draft: VehicleDraftIds): Promise<DraftLookups> {
  const ids = [...DRAFT_LOOKUPS.map(([field]) => draft[field]), draft.currency].filter(
    (id) => Number.isInteger(id) && id > 0,
  );
  const [brandRows, modelRows, codeRows] = await Promise.all([
    draft.brandIdFk > 0
      ? db.select({ id: brands.id }).from(brands).where(eq(brands.id, draft.brandIdFk))
      : [],
    draft.modelIdFk > 0
      ? db
          .select({ id: brandModels.id, brandId: brandModels.brandId })
          .from(brandModels)
          .where(eq(brandModels.id, draft.modelIdFk))
      : [],
    ids.length > 0
      ? db
          .select({ id: codes.id, categoryId: codes.categoryId })
          .from(codes)
          .where(inArray(codes.id, ids))
      : [],
  ]);
  return {
    brand: (id) => brandRows.some((row) => row.id === id),
    model: (id, brandId) => modelRows.some((row) => row.id === id && row.brandId === brandId),
    code: (kind, id) =>
      codeRows.some((row) => row.id === id && row.categoryId === CodeCategory[kind]),
  };
}
