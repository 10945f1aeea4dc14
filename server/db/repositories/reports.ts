import { and, asc, count, desc, eq, gte, ilike, or, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CodeCategory, ReportStatus } from '../../../domain/codes.ts';
import type { Lang } from '../../lib/messages.ts';
import type { Db } from '../client.ts';
import { brandModels, brands, codes, users, vehicleReports, vehicles } from '../schema.ts';
import { likePattern } from './admin-vehicles.ts';
import { offsetOf, paginationOf, type Paging } from './pagination.ts';
import { localName } from './vehicle-cards.ts';
import { publicVehicle } from './vehicle-visibility.ts';

const reporters = alias(users, 'reporters');
const reviewers = alias(users, 'reviewers');
const owners = alias(users, 'owners');

export interface ReportListQuery extends Paging {
  /** 0: every status. */
  statusId: number;
  search?: string;
  order?: 'asc' | 'desc';
}

export interface NewReport {
  vehicleId: number;
  reporterId: number | null;
  reasonId: number;
  text: string;
  /** A hash of the sender's address (statistics' visitorKey), for the hourly limit. */
  client: string;
}

/**
 * Listing reports (issue 12): visitors report a public vehicle with a reason; the admins holding
 * the vehicles permission read them and hide the vehicle or dismiss the report.
 */
export function reportRepository(db: Db) {
  return {
    /** The reasons a visitor picks from, in both languages, in their display order. */
    async reasons() {
      return db
        .select({ id: codes.id, nameAr: codes.nameAr, nameEn: codes.nameEn })
        .from(codes)
        .where(eq(codes.categoryId, CodeCategory.reportReason))
        .orderBy(asc(codes.sortOrder), asc(codes.id));
    },

    async isReason(id: number): Promise<boolean> {
      const [row] = await db
        .select({ id: codes.id })
        .from(codes)
        .where(and(eq(codes.id, id), eq(codes.categoryId, CodeCategory.reportReason)));
      return row !== undefined;
    },

    /** Whether anyone may see the vehicle now (accepted, not deleted, its owner active). */
    async isPublic(vehicleId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: vehicles.id })
        .from(vehicles)
        .innerJoin(users, eq(users.id, vehicles.ownerId))
        .where(and(eq(vehicles.id, vehicleId), publicVehicle));
      return row !== undefined;
    },

    /**
     * Stores the report unless its client already sent `limit` since `since` (null then). The
     * count and the insert hold the client's advisory lock, so reports sent at the same moment
     * cannot all slip under the limit.
     */
    async createWithin(report: NewReport, limit: { max: number; since: Date }) {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`report:${report.client}`}))`);
        const [sent] = await tx
          .select({ rows: count() })
          .from(vehicleReports)
          .where(
            and(
              eq(vehicleReports.client, report.client),
              gte(vehicleReports.createdAt, limit.since),
            ),
          );
        if ((sent?.rows ?? 0) >= limit.max) return null;
        const [row] = await tx
          .insert(vehicleReports)
          .values({ ...report, statusId: ReportStatus.open })
          .returning({ id: vehicleReports.id, createdAt: vehicleReports.createdAt });
        return row!;
      });
    },

    /** The vehicle's name as notifications give it (Arabic: the owner's language is unknown). */
    async vehicleName(vehicleId: number) {
      const [row] = await db
        .select({
          ownerId: vehicles.ownerId,
          statusId: vehicles.statusId,
          brand: brands.nameAr,
          model: brandModels.nameAr,
          year: vehicles.year,
        })
        .from(vehicles)
        .innerJoin(brands, eq(brands.id, vehicles.brandId))
        .innerJoin(brandModels, eq(brandModels.id, vehicles.modelId))
        .where(eq(vehicles.id, vehicleId));
      return row
        ? {
            ownerId: row.ownerId,
            statusId: row.statusId,
            name: `${row.brand} ${row.model} ${row.year}`,
          }
        : null;
    },

    /** The admin's list: newest first unless asked otherwise, filtered by status and text. */
    async list(query: ReportListQuery, lang: Lang) {
      const search = query.search?.trim();
      const where: SQL | undefined = and(
        query.statusId ? eq(vehicleReports.statusId, query.statusId) : undefined,
        search
          ? or(
              ilike(brands.nameAr, likePattern(search)),
              ilike(brands.nameEn, likePattern(search)),
              ilike(brandModels.nameAr, likePattern(search)),
              ilike(brandModels.nameEn, likePattern(search)),
              ilike(vehicleReports.text, likePattern(search)),
              ilike(owners.name, likePattern(search)),
            )
          : undefined,
      );
      const [total] = await db
        .select({ rows: count() })
        .from(vehicleReports)
        .innerJoin(vehicles, eq(vehicles.id, vehicleReports.vehicleId))
        .innerJoin(owners, eq(owners.id, vehicles.ownerId))
        .innerJoin(brands, eq(brands.id, vehicles.brandId))
        .innerJoin(brandModels, eq(brandModels.id, vehicles.modelId))
        .where(where);
      const direction = query.order === 'asc' ? asc : desc;
      const rows = await db
        .select({
          id: vehicleReports.id,
          vehicleId: vehicles.id,
          vehicleSlug: vehicles.slug,
          brandName: localName(lang, brands),
          modelName: localName(lang, brandModels),
          year: vehicles.year,
          vehicleStatusId: vehicles.statusId,
          vehicleDeleted: sql<boolean>`${vehicles.deletedAt} is not null`,
          ownerId: owners.id,
          ownerName: owners.name,
          reasonId: vehicleReports.reasonId,
          reasonName: localName(lang, codes),
          text: vehicleReports.text,
          reporterId: vehicleReports.reporterId,
          reporterName: reporters.name,
          statusId: vehicleReports.statusId,
          messageReplay: vehicleReports.messageReplay,
          reviewerName: reviewers.name,
          reviewedAt: vehicleReports.reviewedAt,
          createdAt: vehicleReports.createdAt,
        })
        .from(vehicleReports)
        .innerJoin(vehicles, eq(vehicles.id, vehicleReports.vehicleId))
        .innerJoin(owners, eq(owners.id, vehicles.ownerId))
        .innerJoin(brands, eq(brands.id, vehicles.brandId))
        .innerJoin(brandModels, eq(brandModels.id, vehicles.modelId))
        .innerJoin(codes, eq(codes.id, vehicleReports.reasonId))
        .leftJoin(reporters, eq(reporters.id, vehicleReports.reporterId))
        .leftJoin(reviewers, eq(reviewers.id, vehicleReports.reviewedBy))
        .where(where)
        .orderBy(direction(vehicleReports.createdAt), direction(vehicleReports.id))
        .limit(query.pageSize)
        .offset(offsetOf(query));
      return {
        rows: rows.map((row) => ({
          ...row,
          reporterId: row.reporterId ?? 0,
          reporterName: row.reporterName ?? '',
          reviewerName: row.reviewerName ?? '',
          reviewedAt: row.reviewedAt?.toISOString() ?? '',
          createdAt: row.createdAt.toISOString(),
        })),
        pagination: paginationOf(query, total?.rows ?? 0),
      };
    },

    async find(id: number) {
      const [row] = await db
        .select({
          id: vehicleReports.id,
          vehicleId: vehicleReports.vehicleId,
          statusId: vehicleReports.statusId,
          messageReplay: vehicleReports.messageReplay,
        })
        .from(vehicleReports)
        .where(eq(vehicleReports.id, id));
      return row ?? null;
    },

    /**
     * Records the decision on an open report; hiding the vehicle closes the vehicle's other
     * open reports with it. False when the report was decided meanwhile.
     */
    async decide(
      report: { id: number; vehicleId: number },
      decision: { statusId: number; messageReplay: string; reviewerId: number },
    ): Promise<boolean> {
      const values = {
        statusId: decision.statusId,
        messageReplay: decision.messageReplay,
        reviewedBy: decision.reviewerId,
        reviewedAt: new Date(),
      };
      const open = eq(vehicleReports.statusId, ReportStatus.open);
      const [decided] = await db
        .update(vehicleReports)
        .set(values)
        .where(and(eq(vehicleReports.id, report.id), open))
        .returning({ id: vehicleReports.id });
      if (!decided) return false;
      if (decision.statusId === ReportStatus.vehicleHidden) {
        await db
          .update(vehicleReports)
          .set(values)
          .where(and(eq(vehicleReports.vehicleId, report.vehicleId), open));
      }
      return true;
    },
  };
}

export type ReportRepository = ReturnType<typeof reportRepository>;
