import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { UserStatus, UserType } from '../../../domain/codes.ts';
import { AdminPermission } from '../../../domain/permissions.ts';
import { isValidEmail, isValidMobile, type AccountKind } from '../../../domain/validation.ts';
import { adminUserRepository } from '../../db/repositories/admin-users.ts';
import { userRepository } from '../../db/repositories/users.ts';
import { grantDefaultPermissions } from '../../db/seed/reference.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { t } from '../../lib/messages.ts';
import { hashPassword } from '../../lib/password.ts';
import { accountValues, checkAccount } from './account-form.ts';
import {
  AccountStatus,
  AdminAccountBody,
  AdminUserPage,
  AdminUsersQuery,
  ChangeStatusBody,
  CreatedUser,
  DeleteQuery,
  SignUpBody,
  type AdminAccount,
} from './schemas.ts';

const tags = ['User'];
const security = [{ bearer: [] }];
const statuses: readonly number[] = Object.values(UserStatus);

/**
 * The admin's accounts (spec §7 User and Account groups): lists of each kind, creating and
 * editing individuals, dealerships and admins, and the admins' status and deletion with the
 * last-admin rules. Customers and companies need the `users` permission, admins `admins`; an
 * admin may always edit their own account.
 */
const adminUsers: FastifyPluginAsyncTypebox = async (app) => {
  const accounts = userRepository(app.db, app.bus);
  const admins = adminUserRepository(app.db);
  const manageUsers = app.requirePermission(AdminPermission.users);
  const manageAdmins = app.requirePermission(AdminPermission.admins);

  // ------------------------------------------------------------------ lists

  const lists = [
    { name: 'GetUsers', userType: 0, guard: manageUsers, what: 'every kind (userType filters)' },
    { name: 'GetAdminUsers', userType: UserType.admin, guard: manageAdmins, what: 'admins' },
    { name: 'GetNormalUsers', userType: UserType.normal, guard: manageUsers, what: 'individuals' },
    {
      name: 'GetCompanyUsers',
      userType: UserType.company,
      guard: manageUsers,
      what: 'dealerships',
    },
  ];
  for (const { name, userType, guard, what } of lists) {
    app.get(
      `/${name}`,
      {
        preHandler: guard,
        schema: {
          tags,
          security,
          description: `Admin: ${what}, paged, searched by name, email or mobile, filtered by state.`,
          querystring: AdminUsersQuery,
          response: { 200: Envelope(AdminUserPage) },
        },
      },
      async (request) => {
        const { name: byName, state = 0, userType: asked = 0, search, ...paging } = request.query;
        const kind = userType || asked;
        if (
          kind === UserType.admin &&
          !(await app.hasPermission(request.user!.id, AdminPermission.admins))
        ) {
          throw new ApiError(403, 'permission_denied');
        }
        return ok(
          await admins.list(
            { ...paging, userType: kind, stateId: state, search: search ?? byName },
            request.lang,
          ),
        );
      },
    );
  }

  // ------------------------------------------------------------------ sellers

  const sellerKinds = [
    { kind: 'individual' as AccountKind, userType: UserType.normal, suffix: 'Customer' },
    { kind: 'dealership' as AccountKind, userType: UserType.company, suffix: 'Company' },
  ];
  for (const { kind, userType, suffix } of sellerKinds) {
    app.post(
      `/${suffix}Create`,
      {
        preHandler: manageUsers,
        schema: {
          tags,
          security,
          description: `Admin: creates ${kind === 'individual' ? 'an individual' : 'a dealership'} with the sign-up rules of spec §5.`,
          body: SignUpBody,
          response: { 200: Envelope(CreatedUser) },
        },
      },
      async (request) => {
        const fields = await checkAccount(accounts, request.body, kind, request.lang, 'signUp');
        const created = await accounts.create({
          userType,
          ...accountValues(fields, kind, request.body.moreInfo),
          passwordHash: await hashPassword(fields.password),
        });
        if (created === 'email_taken') throw new ApiError(409, 'email_taken');
        await grantDefaultPermissions(app.db, [created.id]);
        const { passwordHash: _hash, ...after } = created;
        await app.audit(request, {
          action: `${suffix}Create`,
          entity: 'user',
          entityId: created.id,
          after,
        });
        return ok({ id: created.id }, t(request.lang, 'create_success'));
      },
    );

    app.put(
      `/${suffix}Update`,
      {
        preHandler: manageUsers,
        schema: {
          tags,
          security,
          description: `Admin: edits ${kind === 'individual' ? 'an individual' : 'a dealership'} with the profile rules of spec §5 (the password is not changed here).`,
          body: SignUpBody,
          response: { 200: Envelope(CreatedUser) },
        },
      },
      async (request) => {
        const id = request.body.id ?? 0;
        const before = id ? await accounts.findById(id) : null;
        if (!before || before.userType !== userType) throw new ApiError(404, 'not_found');
        const fields = await checkAccount(accounts, request.body, kind, request.lang, 'profile');
        const values = accountValues(fields, kind, request.body.moreInfo ?? before.moreInfo);
        const saved = await accounts.updateProfile(id, values);
        if (saved === 'email_taken') throw new ApiError(409, 'email_taken');
        if (!saved) throw new ApiError(404, 'not_found');
        const { passwordHash: _hash, ...previous } = before;
        await app.audit(request, {
          action: `${suffix}Update`,
          entity: 'user',
          entityId: id,
          before: previous,
          after: values,
        });
        return ok({ id }, t(request.lang, 'update_success'));
      },
    );
  }

  // ------------------------------------------------------------------ admins

  /** spec §5 admin forms, in order: name, valid email, mobile, state, city, address details. */
  const checkAdmin = async (request: FastifyRequest, body: AdminAccount, creating: boolean) => {
    const name = (body.name ?? '').trim();
    const email = (body.email ?? '').trim();
    const mobile = (body.mobile ?? '').trim();
    const addressInfo = (body.addressInfo ?? '').trim();
    const state = body.addressState ?? 0;
    const city = body.addressCity ?? 0;
    if (!name) throw new ApiError(400, 'admin_check_name');
    if (!email || !isValidEmail(email)) throw new ApiError(400, 'admin_check_email');
    if (!mobile) throw new ApiError(400, 'admin_check_mobile');
    if (!isValidMobile(mobile, 'signUp')) throw new ApiError(400, 'invalid_mobile');
    if (!state) throw new ApiError(400, 'admin_check_state');
    if (!city) throw new ApiError(400, 'admin_check_city');
    if (!addressInfo) throw new ApiError(400, 'admin_check_address');
    if (!(await accounts.cityInState(city, state))) throw new ApiError(400, 'unknown_city');
    const password = body.password ?? '';
    if (creating && !password.trim()) throw new ApiError(400, 'password_required');
    if (password && password !== (body.confirmPassword ?? '')) {
      throw new ApiError(400, 'password_mismatch');
    }
    return {
      name,
      email,
      mobile,
      addressStateId: state,
      addressCityId: city,
      addressInfo,
      ssn: null,
      licenseNumber: null,
      moreInfo: '',
      password,
    };
  };

  app.post(
    '/AdminCreate',
    {
      preHandler: manageAdmins,
      schema: {
        tags,
        security,
        description:
          'Admin: creates another admin, who holds every admin permission until changed.',
        body: AdminAccountBody,
        response: { 200: Envelope(CreatedUser) },
      },
    },
    async (request) => {
      const { password, ...values } = await checkAdmin(request, request.body, true);
      const created = await accounts.create({
        userType: UserType.admin,
        ...values,
        passwordHash: await hashPassword(password),
      });
      if (created === 'email_taken') throw new ApiError(409, 'email_taken');
      await grantDefaultPermissions(app.db, [created.id]);
      await app.audit(request, {
        action: 'AdminCreate',
        entity: 'user',
        entityId: created.id,
        after: values,
      });
      return ok({ id: created.id }, t(request.lang, 'create_success'));
    },
  );

  app.put(
    '/AdminUpdate',
    {
      preHandler: app.requireUserType(UserType.admin),
      schema: {
        tags,
        security,
        description:
          "Admin: edits an admin's account (their own always; another's with the admins permission); a new password, when given, ends that admin's sessions.",
        body: AdminAccountBody,
        response: { 200: Envelope(CreatedUser) },
      },
    },
    async (request) => {
      const me = request.user!.id;
      const id = request.body.id || me;
      if (id !== me && !(await app.hasPermission(me, AdminPermission.admins))) {
        throw new ApiError(403, 'permission_denied');
      }
      const before = await accounts.findById(id);
      if (!before || before.userType !== UserType.admin) throw new ApiError(404, 'not_found');
      const { password, ...values } = await checkAdmin(request, request.body, false);
      const saved = await accounts.updateProfile(id, values);
      if (saved === 'email_taken') throw new ApiError(409, 'email_taken');
      if (password) await accounts.setPasswordHash(id, await hashPassword(password));
      const { passwordHash: _hash, ...previous } = before;
      await app.audit(request, {
        action: 'AdminUpdate',
        entity: 'user',
        entityId: id,
        before: previous,
        after: { ...values, passwordChanged: Boolean(password) },
      });
      return ok({ id }, t(request.lang, 'update_success'));
    },
  );

  /** The last-admin rules of blocking and deleting an admin. */
  const mayRemoveAdmin = async (request: FastifyRequest, id: number) => {
    if (id === request.user!.id) throw new ApiError(409, 'admin_self_delete');
    const target = await accounts.findById(id);
    if (!target || target.userType !== UserType.admin) throw new ApiError(404, 'not_found');
    if ((await admins.otherActiveAdmins(id)) === 0) throw new ApiError(409, 'last_admin');
    if ((await admins.otherPermissionManagers(id)) === 0) {
      throw new ApiError(409, 'last_permissions_admin');
    }
    return target;
  };

  app.put(
    '/ChangeStatusAdmin',
    {
      preHandler: manageAdmins,
      schema: {
        tags,
        security,
        description: `Admin: blocks (${UserStatus.blocked}) or restores (${UserStatus.active}) another admin; never yourself, never the last active admin.`,
        body: ChangeStatusBody,
        response: { 200: Envelope(AccountStatus) },
      },
    },
    async (request) => {
      const { userId, statusId } = request.body;
      if (!statuses.includes(statusId)) throw new ApiError(400, 'invalid_user_status');
      const before =
        statusId === UserStatus.blocked
          ? await mayRemoveAdmin(request, userId)
          : await accounts.findById(userId);
      if (!before || before.userType !== UserType.admin) throw new ApiError(404, 'not_found');
      if (!(await accounts.setStatus(userId, UserType.admin, statusId))) {
        throw new ApiError(404, 'not_found');
      }
      await app.audit(request, {
        action: 'ChangeStatusAdmin',
        entity: 'user',
        entityId: userId,
        before: { statusId: before.statusId },
        after: { statusId },
      });
      return ok({ userId, statusId }, t(request.lang, 'account_status_changed'));
    },
  );

  app.delete(
    '/DeleteAdmin',
    {
      preHandler: manageAdmins,
      schema: {
        tags,
        security,
        description: 'Admin: deletes another admin; never yourself, never the last active admin.',
        querystring: DeleteQuery,
        response: { 200: Envelope(Type.Null()) },
      },
    },
    async (request) => {
      const id = request.query.Id;
      await mayRemoveAdmin(request, id);
      if (!(await accounts.softDelete(id, UserType.admin))) throw new ApiError(404, 'not_found');
      await app.audit(request, { action: 'DeleteAdmin', entity: 'user', entityId: id });
      return ok(null, t(request.lang, 'account_deleted'));
    },
  );
};

export default adminUsers;
