import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UserType } from '../../domain/codes.ts';
import {
  ADMIN_PERMISSIONS,
  AdminPermission,
  type AdminPermissionCode,
} from '../../domain/permissions.ts';
import { auditLog, permissions, userPermissions } from '../../server/db/schema.ts';
import { createSeller } from './fixtures.ts';
import { body, createTestApp, drivers, type TestApp } from './harness.ts';

type Call = [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown];

/** For each permission, calls that need it (every admin route belongs to one). */
const CALLS: Record<AdminPermissionCode, Call[]> = {
  [AdminPermission.users]: [
    ['GET', '/api/User/GetNormalUsers'],
    ['PUT', '/api/User/ChangeStatusCompany', { userId: 1, statusId: 21 }],
    ['PUT', '/api/User/SendUserNewPassword', { userId: 1 }],
  ],
  [AdminPermission.admins]: [
    ['GET', '/api/User/GetAdminUsers'],
    ['DELETE', '/api/User/DeleteAdmin?Id=1'],
  ],
  [AdminPermission.vehicles]: [
    ['GET', '/api/Vehicle/GetAdminVehicles'],
    ['PUT', '/api/Vehicle/UpdateVehicleStatus', { vehicleId: 1, statusId: 96 }],
    ['GET', '/api/Vehicle/GetVehicleReports'],
    ['PUT', '/api/Vehicle/UpdateVehicleReportStatus', { reportId: 1, statusId: 97 }],
  ],
  [AdminPermission.orders]: [
    ['PUT', '/api/Order/UpdateStarVehicleOrderStatus', { orderId: 1, statusId: 96 }],
    ['PUT', '/api/Order/UpdateAnnouncementOrderStatus', { orderId: 1, statusId: 96 }],
  ],
  [AdminPermission.payments]: [
    ['GET', '/api/Payment/GetPaymentMovements'],
    ['PUT', '/api/Payment/UpdatePaymentMovementStatus', { id: 1, statusId: 30 }],
    ['GET', '/api/Tickets/GetTicketPurchases'],
    ['PUT', '/api/Tickets/UpdateTicketPurchaseStatus', { sessionId: 'x', statusId: 30 }],
  ],
  [AdminPermission.categories]: [
    ['GET', '/api/Category/GetAdminBrands'],
    ['POST', '/api/Category/CreateBrand', { nameAr: 'س', nameEn: 'S' }],
    ['DELETE', '/api/Category/DeleteCode?id=1'],
  ],
  [AdminPermission.constants]: [
    ['GET', '/api/Category/GetAdminConstants'],
    ['PUT', '/api/Category/UpdateConstant', { id: 137, value: '4' }],
  ],
  [AdminPermission.interface]: [
    ['GET', '/api/Interfaces/GetAdminInterfaceItems'],
    ['DELETE', '/api/Interfaces/DeleteInterfaceItem?id=1'],
  ],
  [AdminPermission.notifications]: [
    ['POST', '/api/NotificationMessage/CreateNotification', { title: 'x', body: 'y', userId: 1 }],
    ['POST', '/api/NotificationMessage/SendEmail', { subject: 'x', body: 'y', userId: 1 }],
    ['POST', '/api/NotificationMessage/SendSMS', { message: 'y', userId: 1 }],
  ],
  [AdminPermission.permissions]: [
    ['GET', '/api/Role/GetAdminPermissions'],
    ['PUT', '/api/Role/UpdateUserPermission', { userId: 1, permissionId: 1, allowed: true }],
  ],
  [AdminPermission.statistics]: [['GET', '/api/Statistics/GetDashboardStatistics']],
  [AdminPermission.events]: [
    ['GET', '/api/Tickets/GetAdminEvents'],
    ['PUT', '/api/Tickets/CancelEvent', { id: 1 }],
  ],
  [AdminPermission.audit]: [['GET', '/api/Audit/GetAuditLog']],
};

/*
 * Every admin permission is enforced on the server: an admin holding every permission but one
 * is refused (403) each call of that one, and nothing is written.
 */
describe.each(drivers)('admin permissions on %s', (driver) => {
  let t: TestApp;
  const tokens = new Map<AdminPermissionCode, string>();

  beforeAll(async () => {
    t = await createTestApp(driver);
    const db = t.database.db;
    const rows = await db
      .select()
      .from(permissions)
      .where(inArray(permissions.code, [...ADMIN_PERMISSIONS]));
    for (const code of ADMIN_PERMISSIONS) {
      const admin = await createSeller(db, { name: `Without ${code}`, userType: UserType.admin });
      const permission = rows.find((row) => row.code === code)!;
      await db
        .update(userPermissions)
        .set({ allowed: false })
        .where(
          and(
            eq(userPermissions.userId, admin.id),
            eq(userPermissions.permissionId, permission.id),
          ),
        );
      tokens.set(
        code,
        await t.app.tokens.sign({ id: admin.id, userType: UserType.admin, name: code }),
      );
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('names calls for every permission', () => {
    expect(Object.keys(CALLS).sort()).toEqual([...ADMIN_PERMISSIONS].sort());
  });

  for (const code of ADMIN_PERMISSIONS) {
    it(`refuses an admin without ${code}`, async () => {
      for (const [method, url, payload] of CALLS[code]) {
        const answer = await t.app.inject({
          method,
          url,
          headers: { authorization: `Bearer ${tokens.get(code)}`, 'accept-language': 'en' },
          ...(payload === undefined ? {} : { payload: payload as object }),
        });
        expect(answer.statusCode, `${method} ${url}`).toBe(403);
        expect(body(answer).message).toBe('You do not have the permission for this operation.');
      }
      expect(await t.database.db.select().from(auditLog)).toHaveLength(0);
    });
  }
});
