import { and, asc, eq, inArray } from 'drizzle-orm';
import { Currency } from '../../../domain/codes.ts';
import type { NamedMake } from '../../../domain/make-model-search.ts';
import type { Lang } from '../../lib/messages.ts';
import { SiteConstant } from '../seed/reference.ts';
import type { CurrencyRates } from './vehicle-search.ts';
import type { Db } from '../client.ts';
import {
  brandModels,
  brands,
  cities,
  codes,
  constants,
  interfaceItems,
  siteContact,
  states,
} from '../schema.ts';

/** Reads of the reference data: every name in the caller's language. */
export function referenceRepository(db: Db) {
  const pick = <T extends { nameAr: string; nameEn: string }>(row: T, lang: Lang) =>
    lang === 'en' ? row.nameEn : row.nameAr;

  return {
    async codesOf(categoryId: number, lang: Lang) {
      const rows = await db
        .select()
        .from(codes)
        .where(eq(codes.categoryId, categoryId))
        .orderBy(asc(codes.sortOrder), asc(codes.id));
      return rows.map((row) => ({ id: row.id, name: pick(row, lang), value: row.value ?? 0 }));
    },

    async codeNames(ids: number[], lang: Lang): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db.select().from(codes).where(inArray(codes.id, ids));
      return new Map(rows.map((row) => [row.id, pick(row, lang)]));
    },

    async states(lang: Lang) {
      const rows = await db.select().from(states).orderBy(asc(states.id));
      return rows.map((row) => ({ id: row.id, name: pick(row, lang) }));
    },

    /** The state's cities, or null when there is no such state. */
    async stateCities(stateId: number, lang: Lang) {
      const [state] = await db.select({ id: states.id }).from(states).where(eq(states.id, stateId));
      if (!state) return null;
      const rows = await db
        .select()
        .from(cities)
        .where(eq(cities.stateId, stateId))
        .orderBy(asc(cities.id));
      return rows.map((row) => ({ id: row.id, name: pick(row, lang), stateId: row.stateId }));
    },

    async cities(lang: Lang) {
      const rows = await db.select().from(cities).orderBy(asc(cities.id));
      return rows.map((row) => ({ id: row.id, name: pick(row, lang), stateId: row.stateId }));
    },

    async brands(lang: Lang) {
      const rows = await db.select().from(brands).orderBy(asc(brands.sortOrder), asc(brands.id));
      return rows.map((row) => ({ id: row.id, name: pick(row, lang), image: row.image ?? '' }));
    },

    /** Every make with its models, in both languages (the home page's search box). */
    async makesAndModels(): Promise<NamedMake[]> {
      const [makeRows, modelRows] = await Promise.all([
        db.select().from(brands).orderBy(asc(brands.sortOrder), asc(brands.id)),
        db.select().from(brandModels).orderBy(asc(brandModels.id)),
      ]);
      return makeRows.map((make) => ({
        id: make.id,
        nameAr: make.nameAr,
        nameEn: make.nameEn,
        models: modelRows
          .filter((model) => model.brandId === make.id)
          .map((model) => ({ id: model.id, nameAr: model.nameAr, nameEn: model.nameEn })),
      }));
    },

    /** The make's models, or null when there is no such make. */
    async brandModels(brandId: number, lang: Lang) {
      const [brand] = await db.select({ id: brands.id }).from(brands).where(eq(brands.id, brandId));
      if (!brand) return null;
      const rows = await db
        .select()
        .from(brandModels)
        .where(eq(brandModels.brandId, brandId))
        .orderBy(asc(brandModels.id));
      return rows.map((row) => ({ id: row.id, name: pick(row, lang), brandId: row.brandId }));
    },

    /** Shekels for one unit of each currency: the shekel 1, the dollar and dinar from constants. */
    async currencyRates(): Promise<CurrencyRates> {
      const rows = await db
        .select({ id: constants.id, valueSt: constants.valueSt })
        .from(constants)
        .where(inArray(constants.id, [SiteConstant.nisPerUsd, SiteConstant.nisPerJod]));
      const rate = (id: number) => {
        const value = Number(rows.find((row) => row.id === id)?.valueSt);
        // UpdateConstant keeps these positive numbers; a missing one leaves prices unconverted.
        return Number.isFinite(value) && value > 0 ? value : 1;
      };
      return {
        [Currency.NIS]: 1,
        [Currency.USD]: rate(SiteConstant.nisPerUsd),
        [Currency.JOD]: rate(SiteConstant.nisPerJod),
      };
    },

    async constants() {
      return db
        .select({ id: constants.id, valueSt: constants.valueSt })
        .from(constants)
        .orderBy(asc(constants.id));
    },

    async interfaceItems(lang: Lang, groupId?: number) {
      const rows = await db
        .select()
        .from(interfaceItems)
        .where(groupId === undefined ? undefined : eq(interfaceItems.groupId, groupId))
        .orderBy(
          asc(interfaceItems.groupId),
          asc(interfaceItems.sortOrder),
          asc(interfaceItems.id),
        );
      return rows.map((row) => presentInterfaceItem(row, lang));
    },

    async interfaceItem(id: number, lang: Lang) {
      const [row] = await db.select().from(interfaceItems).where(eq(interfaceItems.id, id));
      return row ? presentInterfaceItem(row, lang) : null;
    },

    async interfaceItemByCode(code: string, lang: Lang) {
      const [row] = await db
        .select()
        .from(interfaceItems)
        .where(and(eq(interfaceItems.code, code)));
      return row ? presentInterfaceItem(row, lang) : null;
    },

    async siteContact(lang: Lang) {
      const [row] = await db.select().from(siteContact).orderBy(asc(siteContact.id)).limit(1);
      if (!row) return null;
      const [state] = row.addressStateId
        ? await db.select().from(states).where(eq(states.id, row.addressStateId))
        : [];
      const [city] = row.addressCityId
        ? await db.select().from(cities).where(eq(cities.id, row.addressCityId))
        : [];
      return {
        id: row.id,
        name: pick(row, lang),
        image: row.image ?? '',
        mobile: row.mobile,
        email: row.email ?? '',
        addressStateId: row.addressStateId ?? 0,
        addressCityId: row.addressCityId ?? 0,
        addressStateName: state ? pick(state, lang) : '',
        addressCityName: city ? pick(city, lang) : '',
        addressInfo: lang === 'en' ? row.addressInfoEn : row.addressInfoAr,
        social: {
          facebook: row.facebook ?? '',
          instagram: row.instagram ?? '',
          twitter: row.twitter ?? '',
          linkedIn: row.linkedIn ?? '',
          snapchat: row.snapchat ?? '',
          tiktok: row.tiktok ?? '',
          youtube: row.youtube ?? '',
        },
      };
    },
  };
}

export function presentInterfaceItem(row: typeof interfaceItems.$inferSelect, lang: Lang) {
  return {
    id: row.id,
    code: row.code,
    groupId: row.groupId,
    title: lang === 'en' ? row.titleEn : row.titleAr,
    body: lang === 'en' ? row.bodyEn : row.bodyAr,
    titleAr: row.titleAr,
    titleEn: row.titleEn,
    bodyAr: row.bodyAr,
    bodyEn: row.bodyEn,
    sortOrder: row.sortOrder,
  };
}

export type ReferenceRepository = ReturnType<typeof referenceRepository>;
export type SiteContact = NonNullable<Awaited<ReturnType<ReferenceRepository['siteContact']>>>;
export type InterfaceItem = NonNullable<Awaited<ReturnType<ReferenceRepository['interfaceItem']>>>;
