import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ReportStatus, Status } from '../../../domain/codes.ts';
import {
  REPORT_TEXT_MAX,
  REPORT_WINDOW_MINUTES,
  REPORTS_PER_WINDOW,
} from '../../../domain/listing-report.ts';
import { AdminPermission } from '../../../domain/permissions.ts';
import { activityRepository } from '../../db/repositories/activity.ts';
import { reportRepository } from '../../db/repositories/reports.ts';
import { reviewersHolding } from '../../db/repositories/reviewers.ts';
import { visitorKey } from '../../db/repositories/statistics.ts';
import { vehicleRepository } from '../../db/repositories/vehicles.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { t, type Lang, type MessageKey } from '../../lib/messages.ts';
import { senderOf } from '../payment/sender.ts';
import { ReportDecision, ReportReasons, SentReport, VehicleReportPage } from './schemas.ts';
import { ReportDecisionBody, ReportVehicleBody, VehicleReportsQuery } from './request-schemas.ts';

const tags = ['Vehicle'];

/** Where the admins read reports, and where an owner finds their hidden vehicle. */
export const ADMIN_REPORTS_PATH = '/admin/reports';
export const OWNER_VEHICLES_PATH = '/profile/my_vehicles';

const STATUS_NAMES: Record<number, MessageKey> = {
  [ReportStatus.open]: 'report_status_open',
  [ReportStatus.vehicleHidden]: 'report_status_hidden',
  [ReportStatus.dismissed]: 'report_status_dismissed',
};
const statusName = (lang: Lang, statusId: number) => {
  const key = STATUS_NAMES[statusId];
  return key ? t(lang, key) : '';
};
const DECISIONS: readonly number[] = [ReportStatus.vehicleHidden, ReportStatus.dismissed];

/**
 * "Report this listing" (issue 12): anyone reports a public vehicle with a reason and a note
 * (at most REPORTS_PER_WINDOW an hour from one address); the admins holding the vehicles
 * permission are told, list the reports, and hide the vehicle (refused, as their own review
 * would: pages purged, the owner told with the reply) or dismiss the report.
 */
const vehicleReports: FastifyPluginAsyncTypebox = async (app) => {
  const reports = reportRepository(app.db);
  const catalogue = vehicleRepository(app.db, app.bus);
  const activity = activityRepository(app.db, app.bus);

  /** A failed notification never fails the report: it is stored and listed all the same. */
  async function tellAdmins(
    values: { vehicleId: number; reasonId: number },
    log: FastifyBaseLogger,
  ) {
    try {
      const vehicle = await reports.vehicleName(values.vehicleId);
      const reason = (await reports.reasons()).find((row) => row.id === values.reasonId);
      const message = t('ar', 'report_admin_notification', {
        vehicle: vehicle?.name ?? '',
        id: values.vehicleId,
        reason: reason?.nameAr ?? '',
      });
      for (const adminId of await reviewersHolding(app.db, AdminPermission.vehicles)) {
        await activity.notify(
          adminId,
          t('ar', 'report_admin_notification_title'),
          message,
          ADMIN_REPORTS_PATH,
        );
      }
    } catch (error) {
      log.error({ err: error, vehicleId: values.vehicleId }, 'report notification not sent');
    }
  }

  app.get(
    '/GetReportReasons',
    {
      schema: {
        tags,
        description:
          "The reasons a listing may be reported for, each in Arabic and English (`name` in the caller's language).",
        response: { 200: Envelope(ReportReasons) },
      },
    },
    async (request) => {
      const rows = await reports.reasons();
      return ok(
        rows.map((row) => ({ ...row, name: request.lang === 'en' ? row.nameEn : row.nameAr })),
      );
    },
  );

  app.post(
    '/ReportVehicle',
    {
      // Past the hourly budget every call is refused after a count; this bounds even that.
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        description: `Reports a public vehicle, signed in or not (the account is kept when a valid session comes with it). The reason is one of GetReportReasons; the note is optional, at most ${REPORT_TEXT_MAX} characters. At most ${REPORTS_PER_WINDOW} reports an hour from one address (then 429).`,
        body: ReportVehicleBody,
        response: { 200: Envelope(SentReport) },
      },
    },
    async (request) => {
      const { vehicleId, reasonId } = request.body;
      const text = (request.body.text ?? '').trim();
      if (!(await reports.isPublic(vehicleId))) throw new ApiError(404, 'vehicle_not_found');
      if (!(await reports.isReason(reasonId))) throw new ApiError(400, 'report_reason_invalid');
      if (text.length > REPORT_TEXT_MAX) {
        throw new ApiError(400, 'report_text_too_long', { max: REPORT_TEXT_MAX });
      }
      const reporterId = await senderOf(app, request);
      const report = await reports.createWithin(
        { vehicleId, reporterId, reasonId, text, client: visitorKey(request.ip) },
        { max: REPORTS_PER_WINDOW, since: new Date(Date.now() - REPORT_WINDOW_MINUTES * 60_000) },
      );
      if (!report) throw new ApiError(429, 'report_too_many');
      await tellAdmins({ vehicleId, reasonId }, request.log);
      return ok({ id: report.id }, t(request.lang, 'report_sent'));
    },
  );

  app.get(
    '/GetVehicleReports',
    {
      preHandler: app.requirePermission(AdminPermission.vehicles),
      schema: {
        tags,
        security: [{ bearer: [] }],
        description: `Admin: the listing reports, newest first, by status (open ${ReportStatus.open}, vehicle hidden ${ReportStatus.vehicleHidden}, dismissed ${ReportStatus.dismissed}; 0 or none: all), searched by make, model, owner or note.`,
        querystring: VehicleReportsQuery,
        response: { 200: Envelope(VehicleReportPage) },
      },
    },
    async (request) => {
      const { statusId = 0, ...paging } = request.query;
      const { rows, pagination } = await reports.list({ ...paging, statusId }, request.lang);
      return ok({
        data: rows.map(({ brandName, modelName, year, ...row }) => ({
          ...row,
          vehicleTitle: `${brandName} ${modelName} ${year}`,
          statusName: statusName(request.lang, row.statusId),
        })),
        pagination,
      });
    },
  );

  app.put(
    '/UpdateVehicleReportStatus',
    {
      preHandler: app.requirePermission(AdminPermission.vehicles),
      schema: {
        tags,
        security: [{ bearer: [] }],
        description: `Admin: decides an open report. ${ReportStatus.vehicleHidden} hides the vehicle (it becomes refused, ${Status.failed}, its pages purged; the owner is told with the reply, and the vehicle's other open reports close with it); ${ReportStatus.dismissed} dismisses the report.`,
        body: ReportDecisionBody,
        response: { 200: Envelope(ReportDecision) },
      },
    },
    async (request) => {
      const { reportId, statusId } = request.body;
      const messageReplay = (request.body.messageReplay ?? '').trim();
      if (!DECISIONS.includes(statusId)) throw new ApiError(400, 'report_status_invalid');
      const report = await reports.find(reportId);
      if (!report) throw new ApiError(404, 'report_not_found');
      if (report.statusId !== ReportStatus.open) {
        throw new ApiError(409, 'report_already_reviewed');
      }
      const decided = await reports.decide(report, {
        statusId,
        messageReplay,
        reviewerId: request.user!.id,
      });
      if (!decided) throw new ApiError(409, 'report_already_reviewed');

      const vehicle = await reports.vehicleName(report.vehicleId);
      let hidden = false;
      if (statusId === ReportStatus.vehicleHidden) {
        // The same change as the admin's refusal in UpdateVehicleStatus: purges its pages. A
        // deleted vehicle is gone already: the report is closed and nobody is told.
        const updated = await catalogue.update(report.vehicleId, {
          statusId: Status.failed,
          messageReplay,
        });
        hidden = updated !== null;
        if (updated && vehicle && vehicle.ownerId !== request.user!.id) {
          await activity.notify(
            vehicle.ownerId,
            t('ar', 'report_owner_notification_title'),
            t(
              'ar',
              messageReplay ? 'report_owner_notification_reply' : 'report_owner_notification',
              {
                vehicle: vehicle.name,
                reply: messageReplay,
              },
            ),
            OWNER_VEHICLES_PATH,
          );
        }
      }
      await app.audit(request, {
        action: 'UpdateVehicleReportStatus',
        entity: 'vehicle_report',
        entityId: reportId,
        before: { statusId: report.statusId, vehicleStatusId: vehicle?.statusId ?? null },
        after: {
          statusId,
          messageReplay,
          vehicleId: report.vehicleId,
          vehicleStatusId: hidden ? Status.failed : (vehicle?.statusId ?? null),
        },
      });
      return ok(
        {
          id: reportId,
          vehicleId: report.vehicleId,
          statusId,
          statusName: statusName(request.lang, statusId),
        },
        t(
          request.lang,
          statusId === ReportStatus.vehicleHidden ? 'report_hidden_done' : 'report_dismissed_done',
        ),
      );
    },
  );
};

export default vehicleReports;
