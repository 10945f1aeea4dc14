/**
 * What an admin may do. Each admin route names one of these; an admin without it is refused
 * (403) even though the account is an admin's. The codes are the `permissions.code` values the
 * seed keeps; Role/UpdateUserPermission grants or withdraws them one user at a time.
 */
export const AdminPermission = {
  users: 'admin.users.manage',
  admins: 'admin.admins.manage',
  vehicles: 'admin.vehicles.manage',
  orders: 'admin.orders.manage',
  payments: 'admin.payments.manage',
  categories: 'admin.categories.manage',
  constants: 'admin.constants.manage',
  interface: 'admin.interface.manage',
  notifications: 'admin.notifications.send',
  permissions: 'admin.permissions.manage',
  statistics: 'admin.statistics.view',
  events: 'admin.events.manage',
  audit: 'admin.audit.view',
} as const;

export type AdminPermissionCode = (typeof AdminPermission)[keyof typeof AdminPermission];

export const ADMIN_PERMISSIONS: readonly AdminPermissionCode[] = Object.values(AdminPermission);
