import type { ObjectStore } from '../../lib/storage/object-store.ts';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { UserType } from '../../../domain/codes.ts';
import { userRepository } from '../../db/repositories/users.ts';
import {
  decodeBase64Image,
  deleteImage,
  ImageRejectedError,
  saveImage,
} from '../../images/store.ts';
import { ApiError } from '../../lib/api-error.ts';
import { Envelope, ok } from '../../lib/envelope.ts';
import { t } from '../../lib/messages.ts';
import { accountValues, checkAccount } from './account-form.ts';
import {
  IMAGE_MAX_BYTES,
  ImageAnswer,
  ImageBody,
  Profile,
  ProfileBody,
  ProfileQuery,
} from './schemas.ts';
import { own } from './session.ts';

const tags = ['User'];

/** The caller's own profile and picture; customers and companies each use their own calls. */
const profile: FastifyPluginAsyncTypebox<{ storage: ObjectStore }> = async (app, options) => {
  const accounts = userRepository(app.db, app.bus);
  const kinds = [
    { userType: UserType.normal, kind: 'individual', prefix: 'Customer' },
    { userType: UserType.company, kind: 'dealership', prefix: 'Company' },
    // An admin reads their profile and changes their picture here; the rest through AdminUpdate.
    { userType: UserType.admin, kind: null, prefix: 'Admin' },
  ] as const;

  for (const { userType, kind, prefix } of kinds) {
    app.get(
      `/${prefix}ProfileInfo`,
      {
        preHandler: app.requireUserType(userType),
        schema: {
          tags,
          security: [{ bearer: [] }],
          querystring: ProfileQuery,
          response: { 200: Envelope(Profile) },
        },
      },
      async (request) => {
        const found = await accounts.profile(own(request, request.query.userId));
        if (!found) throw new ApiError(404, 'not_found');
        return ok(found);
      },
    );

    if (kind)
      app.put(
        `/${prefix}ProfileUpdate`,
        {
          preHandler: [app.requireUserType(userType), app.userLimit('profileUpdate')],
          schema: {
            tags,
            security: [{ bearer: [] }],
            body: ProfileBody,
            response: { 200: Envelope(Profile) },
          },
        },
        async (request) => {
          const me = own(request, request.body.id);
          const fields = await checkAccount(accounts, request.body, kind, request.lang, 'profile');
          const updated = await accounts.updateProfile(
            me,
            accountValues(fields, kind, request.body.moreInfo),
          );
          if (updated === 'email_taken') throw new ApiError(409, 'email_taken');
          if (!updated) throw new ApiError(404, 'not_found');
          return ok((await accounts.profile(me))!, t(request.lang, 'update_success'));
        },
      );

    app.put(
      `/Update${prefix}Image`,
      {
        preHandler: [app.requireUserType(userType), app.userLimit('profileUpdate')],
        schema: {
          tags,
          security: [{ bearer: [] }],
          description:
            'The picture is checked by its content (JPEG, PNG or WebP), re-encoded and stored; the one it replaces is deleted.',
          body: ImageBody,
          response: { 200: Envelope(ImageAnswer) },
        },
      },
      async (request) => {
        const me = own(request, request.body.id);
        const raw = request.body.image?.trim();
        if (!raw) throw new ApiError(400, 'image_required');
        const bytes = decodeBase64Image(raw);
        if (!bytes || bytes.length === 0) throw new ApiError(400, 'image_invalid');
        if (bytes.length > IMAGE_MAX_BYTES) throw new ApiError(413, 'image_too_large');
        let saved;
        try {
          saved = await saveImage(options.storage, bytes, { kind: 'profile' });
        } catch (error) {
          if (error instanceof ImageRejectedError) {
            const tooLarge = error.reason === 'too_large';
            throw new ApiError(
              tooLarge ? 413 : 400,
              tooLarge ? 'image_too_large' : 'image_invalid',
            );
          }
          throw error;
        }
        const updated = await accounts.updateImage(me, saved.path);
        if (!updated) {
          await deleteImage(options.storage, saved.path);
          throw new ApiError(404, 'not_found');
        }
        if (updated.previous && updated.previous !== saved.path) {
          // The old files go once nothing points at them; a failure only leaves them behind.
          await deleteImage(options.storage, updated.previous).catch((error: unknown) =>
            request.log.warn({ err: error }, 'old profile picture not deleted'),
          );
        }
        if (userType === UserType.admin) {
          await app.audit(request, {
            action: 'UpdateAdminImage',
            entity: 'user',
            entityId: me,
            before: { image: updated.previous },
            after: { image: saved.path },
          });
        }
        return ok({ id: me, image: saved.path }, t(request.lang, 'image_update_success'));
      },
    );
  }
};

export default profile;
