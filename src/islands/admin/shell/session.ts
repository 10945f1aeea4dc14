import { atom } from 'nanostores';
import type { AdminPermissionCode } from '../../../../domain/permissions.ts';
import type { Lang } from '../../../lib/i18n.ts';
import { adminCall } from '../kit/api.ts';

/** The signed-in admin, as GetAdminSession answers. */
export interface AdminSession {
  id: number;
  name: string;
  email: string;
  image: string;
  permissions: string[];
}

export const $adminSession = atom<AdminSession | null>(null);

export async function loadAdminSession(lang: Lang): Promise<AdminSession> {
  const session = await adminCall<AdminSession>(lang, 'GET', 'User/GetAdminSession');
  $adminSession.set(session);
  return session;
}

/** Whether the admin may open a screen needing `permission` (null: every admin). */
export function holds(session: AdminSession | null, permission: AdminPermissionCode | null) {
  return permission === null || Boolean(session?.permissions.includes(permission));
}
