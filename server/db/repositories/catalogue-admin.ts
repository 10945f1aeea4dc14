import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import { CodeCategory } from '../../../domain/codes.ts';
import type { Db } from '../client.ts';
import { brandModels, brands, codes, vehicles } from '../schema.ts';
import { likePattern } from './admin-vehicles.ts';
import { offsetOf, paginationOf, type Paging } from './pagination.ts';

/** The lookup kinds the dashboard edits (spec §2 Admin dashboard), by their screen's name. */
export const EDITABLE_KINDS = {
  colors: CodeCategory.color,
  bodyTypes: CodeCategory.bodyType,
  specifications: CodeCategory.specification,
  paintedTypes: CodeCategory.paintedType,
  paintedStatus: CodeCategory.paintedStatus,
  gearTypes: CodeCategory.gearType,
  oilTypes: CodeCategory.oilType,
  currencies: CodeCategory.currency,
} as const;
const EDITABLE: readonly number[] = Object.values(EDITABLE_KINDS);
/**
 * The three currencies are fixed (prices, orders and exchange rates name them by id): their
 * names may change, nothing may be added or removed.
 */
const FIXED_KINDS: readonly number[] = [CodeCategory.currency];
/** New codes are numbered above the spec's fixed ids. */
const FIRST_FREE_CODE = 1000;

export const CATALOGUE_SORTS = ['name', 'sortOrder', 'id'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];
export interface CatalogueQuery extends Paging {
  search?: string;
  sort?: CatalogueSort;
  order?: 'asc' | 'desc';
}

export interface Names {
  nameAr: string;
  nameEn: string;
  sortOrder: number;
}

/** The vehicle columns that point at a code. */
const CODE_COLUMNS = [
  vehicles.colorId,
  vehicles.bodyTypeId,
  vehicles.specificationId,
  vehicles.paintedTypeId,
  vehicles.paintedStatusId,
  vehicles.gearTypeId,
  vehicles.oilTypeId,
  vehicles.currencyId,
];

function ordering(query: CatalogueQuery, table: typeof brands | typeof codes | typeof brandModels) {
  const direction = query.order === 'desc' ? desc : asc;
  const sortOrder = 'sortOrder' in table ? table.sortOrder : table.id;
  const column = { name: table.nameAr, sortOrder, id: table.id }[query.sort ?? 'sortOrder'];
  return [direction(column), asc(table.id)];
}

const searchNames = (search: string | undefined, table: { nameAr: never; nameEn: never }) =>
  search?.trim()
    ? or(
        ilike(table.nameAr, likePattern(search.trim())),
        ilike(table.nameEn, likePattern(search.trim())),
      )
    : undefined;

async function page<T>(
  query: CatalogueQuery,
  total: Promise<{ rows: number }[]>,
  rows: Promise<T[]>,
) {
  const [[counted], data] = await Promise.all([total, rows]);
  return { data, pagination: paginationOf(query, counted?.rows ?? 0) };
}

/** Makes, models and lookup values as the admin keeps them: both names, order, use. */
export function catalogueAdminRepository(db: Db) {
  return {
    isEditableKind: (categoryId: number) => EDITABLE.includes(categoryId),
    isFixedKind: (categoryId: number) => FIXED_KINDS.includes(categoryId),

    brands(query: CatalogueQuery) {
      const where = searchNames(query.search, brands as never);
      return page(
        query,
        db.select({ rows: count() }).from(brands).where(where),
        db
          .select({
            id: brands.id,
            nameAr: brands.nameAr,
            nameEn: brands.nameEn,
            sortOrder: brands.sortOrder,
            image: sql<string>`coalesce(${brands.image}, '')`,
            // Spelled out: inside the subquery a bare "id" would be the model's.
            models: sql<number>`(select count(*) from brand_models m where m.brand_id = "brands"."id")::int`,
          })
          .from(brands)
          .where(where)
          .orderBy(...ordering(query, brands))
          .limit(query.pageSize)
          .offset(offsetOf(query)),
      );
    },

    models(brandId: number, query: CatalogueQuery) {
      const where = and(
        brandId ? eq(brandModels.brandId, brandId) : undefined,
        searchNames(query.search, brandModels as never),
      );
      return page(
        query,
        db.select({ rows: count() }).from(brandModels).where(where),
        db
          .select({
            id: brandModels.id,
            brandId: brandModels.brandId,
            brandName: brands.nameAr,
            brandNameEn: brands.nameEn,
            nameAr: brandModels.nameAr,
            nameEn: brandModels.nameEn,
          })
          .from(brandModels)
          .innerJoin(brands, eq(brands.id, brandModels.brandId))
          .where(where)
          .orderBy(...ordering(query, brandModels))
          .limit(query.pageSize)
          .offset(offsetOf(query)),
      );
    },

    codes(categoryId: number, query: CatalogueQuery) {
      const where = and(
        eq(codes.categoryId, categoryId),
        searchNames(query.search, codes as never),
      );
      return page(
        query,
        db.select({ rows: count() }).from(codes).where(where),
        db
          .select({
            id: codes.id,
            categoryId: sql<number>`${codes.categoryId}::int`,
            nameAr: codes.nameAr,
            nameEn: codes.nameEn,
            sortOrder: codes.sortOrder,
          })
          .from(codes)
          .where(where)
          .orderBy(...ordering(query, codes))
          .limit(query.pageSize)
          .offset(offsetOf(query)),
      );
    },

    async brand(id: number) {
      const [row] = await db.select().from(brands).where(eq(brands.id, id));
      return row ?? null;
    },
    async model(id: number) {
      const [row] = await db.select().from(brandModels).where(eq(brandModels.id, id));
      return row ?? null;
    },
    async code(id: number) {
      const [row] = await db.select().from(codes).where(eq(codes.id, id));
      return row ?? null;
    },

    async createBrand(values: Names & { image: string | null }) {
      const [row] = await db.insert(brands).values(values).returning();
      return row!;
    },
    async updateBrand(id: number, values: Partial<Names & { image: string | null }>) {
      const [row] = await db.update(brands).set(values).where(eq(brands.id, id)).returning();
      return row ?? null;
    },
    async createModel(values: { brandId: number; nameAr: string; nameEn: string }) {
      const [row] = await db.insert(brandModels).values(values).returning();
      return row!;
    },
    async updateModel(id: number, values: { brandId: number; nameAr: string; nameEn: string }) {
      const [row] = await db
        .update(brandModels)
        .set(values)
        .where(eq(brandModels.id, id))
        .returning();
      return row ?? null;
    },

    /** A new code, numbered after the largest (never among the spec's fixed ids). */
    async createCode(categoryId: number, values: Names) {
      // Two admins adding at once: the second insert meets the first's id and tries again.
      for (let attempt = 0; ; attempt++) {
        try {
          const [row] = await db
            .insert(codes)
            .values({
              id: sql`(select greatest(coalesce(max(${codes.id}), 0), ${FIRST_FREE_CODE}) + 1 from ${codes})`,
              categoryId,
              ...values,
            })
            .returning();
          return row!;
        } catch (error) {
          const code =
            (error as { code?: string; cause?: { code?: string } }).code ??
            (error as { cause?: { code?: string } }).cause?.code;
          if (code !== '23505' || attempt >= 4) throw error;
        }
      }
    },
    async updateCode(id: number, values: Names) {
      const [row] = await db.update(codes).set(values).where(eq(codes.id, id)).returning();
      return row ?? null;
    },

    /** Vehicles (deleted ones too: they keep their references) using a code. */
    async vehiclesUsingCode(id: number) {
      const [row] = await db
        .select({ rows: count() })
        .from(vehicles)
        .where(or(...CODE_COLUMNS.map((column) => eq(column, id))));
      return row?.rows ?? 0;
    },
    async vehiclesUsingBrand(id: number) {
      const [row] = await db
        .select({ rows: count() })
        .from(vehicles)
        .where(eq(vehicles.brandId, id));
      return row?.rows ?? 0;
    },
    async vehiclesUsingModel(id: number) {
      const [row] = await db
        .select({ rows: count() })
        .from(vehicles)
        .where(eq(vehicles.modelId, id));
      return row?.rows ?? 0;
    },
    /** The vehicles whose pages show a make, a model or a code (to purge them after a rename). */
    async vehicleIdsShowing(condition: SQL) {
      const rows = await db.select({ id: vehicles.id }).from(vehicles).where(condition);
      return rows.map((row) => row.id);
    },
    vehicleColumnsFor: (id: number) => or(...CODE_COLUMNS.map((column) => eq(column, id)))!,

    async deleteBrand(id: number) {
      const rows = await db.delete(brands).where(eq(brands.id, id)).returning();
      return rows[0] ?? null;
    },
    async deleteModel(id: number) {
      const rows = await db.delete(brandModels).where(eq(brandModels.id, id)).returning();
      return rows[0] ?? null;
    },
    async deleteCode(id: number) {
      const rows = await db.delete(codes).where(eq(codes.id, id)).returning();
      return rows[0] ?? null;
    },
  };
}
